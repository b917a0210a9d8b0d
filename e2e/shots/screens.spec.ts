// Issue 29's screenshot set: every screen of the screen table and the states a player mostly sees, at
// 390x844 and 320x568, Thai in the browser's light palette and in Telegram's dark theme, and the
// money screens (home, its money modals, the statement) in Lao. JPEG at CSS pixels, for a person
// to look at beside the wallets players know; committed under docs/screens/.
// Not part of `npm test`:
//   npm run build && SHOTS_OUT=test-results/shots/after npx playwright test -c playwright.shots.config.ts screens
// SHOTS_ROOT=<another checkout, built> takes the same set of an older build ("before"): a state
// that build cannot reach is noted on the test and left out, not failed.
import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import la from '../../contract/locales/la.json' with { type: 'json' }
import th from '../../contract/locales/th.json' with { type: 'json' }
import { DARK_THEME, DEMO, telegramHash, test } from '../fixtures'
import { isMoneyScreen, SCREENS, statesIn, type Locale } from '../screenTable'
import { fund, registerMember } from '../walletMembers'

const OUT = process.env.SHOTS_OUT ?? 'test-results/shots/screens'
/** JPEG for the committed set; SHOTS_PNG=1 for lossless pictures to look at closely. */
const PNG = process.env.SHOTS_PNG === '1'
const SIZES = [[390, 844], [320, 568]] as const
const LOCALES = { th, la } as const satisfies Record<string, Locale>
/** States left out of the set (an input error, a wizard's middle step, a second provider's QR, a
 *  dropdown): the axe table still checks each; the set keeps what a player mostly sees. */
const LEFT_OUT = /^(field errors|wrong password|language dropdown|step 2|step 4|video modal|logout confirmation|conditions modal|agreement modal|deposit slip chosen|deposit QR (WW|E2P)|transfer error dialog|invite banners|bonus modal|promotion not found)/


/** What is painted has settled: no transition or entrance still running. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity))

async function member(page: Page, request: APIRequestContext): Promise<string> {
  const signed = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name: DEMO.name })
  await fund(request, signed, 1500)
  await page.addInitScript((value) => localStorage.setItem('token', value), signed.token)
  return signed.token
}

const fileName = (text: string) => text.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')

for (const screen of SCREENS) {
  // The page fixture sets the context up as every test has it (the agreement accepted, Telegram's
  // recorder); each shot then takes a page of its own, as the axe table does.
  test(`screens: ${screen.name}`, async ({ page: first, context, request, platform }) => {
    test.setTimeout(600_000)
    await first.close()
    const scheme = platform === 'telegram' ? 'dark' : 'light'
    const hash = platform === 'telegram' ? telegramHash({ theme: DARK_THEME }) : ''
    mkdirSync(OUT, { recursive: true })
    for (const state of [null, ...statesIn(screen, platform).filter((state) => !LEFT_OUT.test(state.name))]) {
      const locales = platform === 'browser' && isMoneyScreen(screen, state) ? (['th', 'la'] as const) : (['th'] as const)
      for (const locale of locales) {
        for (const [width, height] of SIZES) {
          const name = `${platform}-${scheme}-${locale}-${width}-${fileName(screen.name)}${state ? `--${fileName(state.name)}` : ''}`
          const page = await context.newPage()
          // Each wait of a shot ends: a state an older build cannot reach (SHOTS_ROOT) is left out
          // after this, instead of holding the whole screen until its test times out (3490fad's
          // home lost every state after the first that way).
          page.setDefaultTimeout(30_000)
          try {
            // A set registers a few dozen members and asks for OTPs from one address: the limits
            // are lifted before each shot (a server too old to have them has no endpoint for it either).
            await request.post('/dev/reset-limits', { data: {} }).catch(() => undefined)
            await page.setViewportSize({ width, height })
            await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
            await page.addInitScript((value) => localStorage.setItem('locale', value), locale)
            await page.addInitScript(() => Object.assign(window, { __realTimers: { setTimeout, clearTimeout, setInterval, clearInterval, requestAnimationFrame, cancelAnimationFrame } }))
            const token = screen.access === 'member' ? await member(page, request) : null
            await state?.prepare?.({ page, request, token })
            await page.goto(`${screen.path}${hash}`)
            await page.getByRole('heading', { level: 1, name: screen.heading(LOCALES[locale]) }).waitFor()
            // The page's prerendered frame says the same heading (issue 32): the shot is of the app's screen.
            await page.locator('#prerendered').waitFor({ state: 'detached' })
            if (state) await state.reach({ page, strings: LOCALES[locale], request })
            if (!state?.pausesClock) await settled(page)
            await page.screenshot({ path: `${OUT}/${name}.${PNG ? 'png' : 'jpg'}`, ...(PNG ? { type: 'png' } : { type: 'jpeg', quality: 60 }), scale: 'css' })
          } catch (error) {
            test.info().annotations.push({ type: 'not reached', description: `${name}: ${String(error).split('\n')[0]}` })
          } finally {
            // A state that paused the clock leaves it running again for the next page: the clock is the context's.
            if (state?.pausesClock) await page.clock.resume().catch(() => undefined)
            await page.evaluate(() => localStorage.clear()).catch(() => undefined)
            await page.close()
          }
        }
      }
    }
  })
}


// Accessibility gate: axe on every screen of the screen table and every state listed under it
// (modals, wizard steps, inline errors), in the light and the dark palette, where the host changes
// what is checked: in a browser in Thai and English, and in Telegram again in Thai (its theme
// recolours every screen); LINE draws no chrome of its own, so the browser run covers it. No serious or
// critical violation passes. Each member state starts on a page and with a member of its own
// (nothing one state leaves behind, an open QR or a transfer, reaches the next). Dark Thai screens are photographed at
// phone size into test-results/screens/ for a human look.
import { mkdirSync, writeFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import th from '../../contract/locales/th.json' with { type: 'json' }
import en from '../../contract/locales/en.json' with { type: 'json' }
import la from '../../contract/locales/la.json' with { type: 'json' }
import { cspReportsSettled, DARK_THEME, DEMO, expect, LIGHT_THEME, telegramHash, telegramSays, test, type PlatformKind } from '../fixtures'
import type { Scheme } from './theme'
import { isMoneyScreen, SCREENS, statesIn, type Locale, type Screen, type ScreenState } from '../screenTable'
import { blockingOf, runAxe } from './axe'
import { misfits, wrongScript } from './fits'
import { fund, registerMember } from '../walletMembers'

const LOCALES = { th, en, la } as const satisfies Record<string, Locale>
/** Where the browser's Thai run opens the money screens instead (issue 51): Lao, the longest words, on a 320 px phone. */
const FIT = { locale: 'la', width: 320, height: 568 } as const
const SUMMARY_DIR = 'test-results/a11y'
const SHOTS_DIR = 'test-results/screens'

/** A member of this test's own, with the demo's name and balance, signed in on the next load. */
async function signedIn(page: Page, request: APIRequestContext): Promise<string> {
  const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name: DEMO.name })
  await fund(request, member, 1500)
  await page.addInitScript((value) => localStorage.setItem('token', value), member.token)
  return member.token
}

/** What a palette switch can change: colours only. The page's structure, names and roles were
 *  checked in the first palette and stay as they were. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/** Runs axe on the page as it is (only its colour rules when `colourOnly`); fails on serious/critical violations, lists the rest. */
async function check(page: Page, label: string, state: ScreenState | null, colourOnly = false): Promise<void> {
  // Colour is read from what is painted: let transitions and the loader settle.
  if (!state?.pausesClock) await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity))
  // axe needs timers; a state that paused the app's clock gets the real ones back for it.
  if (state?.pausesClock) await page.evaluate(() => Object.assign(window, (window as unknown as { __realTimers: object }).__realTimers))
  const { violations, passes } = await runAxe(page, colourOnly ? COLOUR_RULES : undefined)
  const blocking = blockingOf(violations)
  const other = violations.filter((violation) => !blocking.includes(violation))
  mkdirSync(SUMMARY_DIR, { recursive: true })
  writeFileSync(
    `${SUMMARY_DIR}/${label.replace(/[^\w.-]+/g, '_')}.json`,
    JSON.stringify({ label, passes, blocking: blocking.map((v) => v.id), other: other.map((v) => `${v.id}:${v.impact}`) }),
  )
  if (other.length) test.info().annotations.push({ type: 'axe (minor)', description: other.map((v) => `${v.id} (${v.impact})`).join(', ') })
  const report = blocking.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((node) => `  ${node.target}: ${node.failureSummary}`).join('\n')}`)
  expect(report, `${label}: serious or critical axe violations`).toEqual([])
}

function openPath(platform: PlatformKind, path: string, scheme: Scheme): string {
  // In Telegram the host's theme decides the palette, not the device's.
  return platform === 'telegram' ? `${path}${telegramHash({ theme: scheme === 'dark' ? DARK_THEME : undefined })}` : path
}

/** The player switches the palette with the screen open: the device's scheme, and in Telegram the host's theme too. */
async function switchPalette(page: Page, platform: PlatformKind, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme })
  if (platform === 'telegram') {
    await telegramSays(page, 'theme_changed', { theme_params: scheme === 'dark' ? DARK_THEME : LIGHT_THEME })
  }
  await expect(page.locator('html')).toHaveCSS('color-scheme', scheme)
}

/** Where a check's screenshot goes, if anywhere: Thai in both palettes and Lao in the browser, Thai in Telegram's dark theme. */
function shotName(platform: PlatformKind, locale: string, scheme: Scheme): string | false {
  if (platform === 'browser') return scheme === 'dark' ? locale === 'th' && 'dark' : locale !== 'en' && locale
  return platform === 'telegram' && scheme === 'dark' && locale === 'th' && 'tg-dark'
}

interface Target { screen: Screen; state: ScreenState | null }

/** Every screen, and every state under it that exists in `platform`. */
const targetsIn = (platform: PlatformKind): Target[] => SCREENS.flatMap((screen) => [null, ...statesIn(screen, platform)].map((state) => ({ screen, state })))

/** At most this many targets share a test (home has two dozen): short enough to spread over the workers. */
const PER_TEST = 6

/** The targets of one screen, in tests of at most PER_TEST. */
function groups(targets: readonly Target[]): Target[][] {
  const byScreen = SCREENS.map((screen) => targets.filter((target) => target.screen === screen)).filter((group) => group.length > 0)
  return byScreen.flatMap((group) => Array.from({ length: Math.ceil(group.length / PER_TEST) }, (_, i) => group.slice(i * PER_TEST, (i + 1) * PER_TEST)))
}

const targetName = ({ screen, state }: Target) => (state ? `${screen.name}: ${state.name}` : screen.name)

/**
 * The axe table on `platform`: every screen and state, both palettes. A target is opened cold in
 * one palette, checked, then the palette is switched with the state still on screen and checked
 * again: both palettes are checked everywhere, each opened cold somewhere, for one page load
 * and one walk to the state. In a browser, every target in Thai opened light, and every fourth one
 * in English opened dark (English words across the kinds of screen, and the dark palette opened
 * cold, at a quarter of the time of the whole table again); in Telegram, whose theme is what
 * differs from the browser, Thai only, every other target opened dark so that both palettes are
 * still opened cold across the table.
 *
 * A test checks a few targets of one screen, each on a page of its own with a member of its own
 * (nothing one target leaves behind, an open QR, a route, a paused clock, a held bonus, reaches
 * the next): the test's browser context, its server state and its gates are set up once for them.
 */
export function axeTable(platform: PlatformKind): void {
  // A register state walks the wizard before axe runs: on a busy machine that takes a while. The
  // table is the suite's largest file: its tests spread over both workers instead of keeping one
  // busy to the end. Configured here, in each spec file that calls it: at this module's top it
  // ran once, for the first spec file that imported it, and Telegram's table ran on one worker.
  test.describe.configure({ timeout: 180_000, mode: 'parallel' })
  const locales = platform === 'telegram' ? (['th'] as const) : (['th', 'en'] as const)
  const TARGETS = targetsIn(platform)
  const runs = locales.flatMap((locale) => (platform === 'telegram'
    ? (['light', 'dark'] as const).map((opened, parity) => ({ locale, opened, targets: TARGETS.filter((_, i) => i % 2 === parity) }))
    : locale === 'th' ? [{ locale, opened: 'light' as const, targets: TARGETS }]
      : [{ locale, opened: 'dark' as const, targets: TARGETS.filter((_, i) => i % 4 === 1) }]))
  for (const { locale, opened, targets } of runs) {
    const switched: Scheme = opened === 'light' ? 'dark' : 'light'
    test.describe(`${locale}, opened ${opened}`, () => {
      // Motion settles at once (the app's reduced-motion rules): axe waits for nothing to finish.
      test.use({ colorScheme: opened, reducedMotion: 'reduce' })

      for (const group of groups(targets)) {
        const title = `${group[0].screen.name}: ${group.map(({ state }) => state?.name ?? 'as opened').join(', ')}`
        test(`axe ${locale} ${opened}, then ${switched}: ${title}`, async ({ page: first, context, request }) => {
          let page = first
          for (const [index, target] of group.entries()) {
            if (index > 0) {
              // The page before goes with what it left: its storage, routes, clock and reports.
              await cspReportsSettled(page)
              await page.evaluate(() => localStorage.clear())
              await page.close()
              page = await context.newPage()
            }
            await test.step(targetName(target), () => checkTarget(page, request, target))
          }
        })
      }

      async function checkTarget(page: Page, request: APIRequestContext, { screen, state }: Target): Promise<void> {
        const name = targetName({ screen, state })
        // The money screens in the browser's Thai run: in Lao at 320 px, axe and the fit check both
        // (Thai's structure is the same; its words are shorter than Lao's).
        const fit = platform === 'browser' && locale === 'th' && isMoneyScreen(screen, state)
        const shown = fit ? FIT.locale : locale
        const strings = LOCALES[shown]
        if (fit) await page.setViewportSize({ width: FIT.width, height: FIT.height })
        await page.addInitScript((value) => localStorage.setItem('locale', value), shown)
        await page.addInitScript(() => Object.assign(window, { __realTimers: { setTimeout, clearTimeout, setInterval, clearInterval, requestAnimationFrame, cancelAnimationFrame } }))
        const token = screen.access === 'member' ? await signedIn(page, request) : null
        await state?.prepare?.({ page, request, token })
        await page.goto(openPath(platform, screen.path, opened))
        await expect(page.getByRole('heading', { level: 1, name: headingOf(screen, strings) })).toBeVisible()
        await expect(page.locator('html')).toHaveAttribute('lang', shown === 'la' ? 'lo' : shown)
        await expect(page.locator('html')).toHaveCSS('color-scheme', opened)
        await screen.settled?.(page)
        if (state) await state.reach({ page, strings, request })
        // Nothing in the other script (issue 51): the operator's texts come in the screen's language too.
        expect(await wrongScript(page), `${name}: in ${shown}`).toEqual([])
        if (fit) {
          if (!state?.pausesClock) await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity))
          expect(await misfits(page), `${name}: at ${FIT.width} px in Lao`).toEqual([])
        }
        for (const scheme of [opened, switched]) {
          if (scheme === switched) await switchPalette(page, platform, scheme)
          await check(page, `${platform}-${locale}-${scheme}-${name}`, state, scheme === switched)
          // For a human look at 390x844.
          const shot = shotName(platform, shown, scheme)
          // At CSS pixels: a third of the time of the phone's double density, still 390x844 to look at.
          if (shot) await page.screenshot({ path: `${SHOTS_DIR}/${shot}-${name.replace(/[^\w]+/g, '-')}.png`, scale: 'css' })
        }
      }
    })
  }
}

const headingOf = (screen: Screen, strings: Locale) => screen.heading(strings)

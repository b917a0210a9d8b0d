// The engine gate (issue 48, README "Supported engines"): on an engine older than the app supports,
// every page gives way to the update page, which says in Thai, Lao and English what to update, and
// none of the app's code is loaded or run. The old engine is this Chromium told that color-mix() is
// not there, which is what the gate asks (scripts/engineGate.ts); on Chromium 112, the oldest
// supported, the @engines set shows the gate lets the app start.
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import th from '../../contract/locales/th.json' with { type: 'json' }
import la from '../../contract/locales/la.json' with { type: 'json' }
import en from '../../contract/locales/en.json' with { type: 'json' }

/** An engine without color-mix(), as Chromium 110 and Safari 16.1 are. */
const WITHOUT_COLOR_MIX = () => {
  const supports = CSS.supports.bind(CSS) as (...args: string[]) => boolean
  CSS.supports = ((...args: string[]) => (args.join(' ').includes('color-mix(') ? false : supports(...args))) as typeof CSS.supports
}

/** Every request the page makes for the app's scripts or the API, from its first. */
function appRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if ((pathname.startsWith('/assets/') && pathname.endsWith('.js')) || pathname.startsWith('/api/') || pathname === '/config.json') seen.push(pathname)
  })
  return seen
}

for (const path of ['/login', '/register', '/user/home', '/contact']) {
  test(`${path} on an engine the app does not support gives way to the update page, in Thai, Lao and English, and none of the app`, async ({ page }) => {
    await page.addInitScript(WITHOUT_COLOR_MIX)
    const requests = appRequests(page)
    await page.goto(path)
    await expect(page).toHaveURL(/\/update\.html$/)
    const notice = page.getByRole('alert')
    for (const [lang, strings] of [['th', th], ['lo', la], ['en', en]] as const) {
      const section = notice.locator(`section[lang="${lang}"]`)
      await expect(section.getByRole('heading', { name: strings.engine.title })).toBeVisible()
      await expect(section).toContainText(strings.engine.text)
    }
    await page.waitForLoadState('networkidle')
    expect(requests).toEqual([])
    // Back does not return to the page that would not work: the gate replaced it.
    await page.goBack()
    await expect(page).toHaveURL('about:blank')
  })
}

test('a supported engine is let through: the same page without the override starts the app', async ({ page, strings }) => {
  await page.goto('/login')
  await expect(page.getByLabel(strings.fields.phone)).toBeEditable()
  await expect(page).toHaveURL(/\/login$/)
})

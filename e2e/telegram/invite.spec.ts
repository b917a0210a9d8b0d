// Sharing an invite reopens the app in the same messenger (spec 2 "Home", DESIGN.md "Platform
// adapter"): LINE through shareTargetPicker, Telegram through shareURL, a browser by copying.
import type { Page } from '@playwright/test'

import { DEMO, TELEGRAM, expect, shareInvite, signIn, telegramEvents, test, type Strings } from '../fixtures'

async function signInAsDemo(page: Page, open: (path: string) => Promise<void>, strings: Strings) {
  await open('/login')
  await signIn(page, strings)
  await expect(page).toHaveURL(/\/user\/home$/)
  await expect(page.getByTestId('invite-code')).toHaveText(DEMO.inviteCode)
}

test('Telegram: the invite goes out through shareURL with a startapp link', async ({ page, open, strings: th }) => {
  await signInAsDemo(page, open, th)
  await shareInvite(page, th)
  await expect.poll(() => telegramEvents(page, 'web_app_open_tg_link')).toHaveLength(1)
  const [event] = (await telegramEvents(page, 'web_app_open_tg_link')) as { path_full: string }[]
  const shared = new URLSearchParams(event.path_full.replace(/^\/share\/url\?/, ''))
  expect(event.path_full.startsWith('/share/url?')).toBe(true)
  expect(shared.get('url')).toBe(`https://t.me/${TELEGRAM.botUsername}/${TELEGRAM.appName}?startapp=${DEMO.inviteCode}`)
})

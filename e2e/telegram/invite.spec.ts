// Sharing an invite reopens the app in the same messenger (spec 2 "Home", docs/design.md "Platform
// adapter"): LINE through shareTargetPicker, Telegram through shareURL, a browser by copying.
import { DEMO, TELEGRAM, expect, shareInvite, telegramEvents, test } from '../fixtures'
import { openAsDemo } from '../walletMembers'

test('Telegram: the invite goes out through shareURL with a startapp link', async ({ page, open, request, strings: th }) => {
  await openAsDemo(page, request, open)
  await expect(page.getByTestId('invite-code')).toHaveText(DEMO.inviteCode)
  await shareInvite(page, th)
  await expect.poll(() => telegramEvents(page, 'web_app_open_tg_link')).toHaveLength(1)
  const [event] = (await telegramEvents(page, 'web_app_open_tg_link')) as { path_full: string }[]
  const shared = new URLSearchParams(event.path_full.replace(/^\/share\/url\?/, ''))
  expect(event.path_full.startsWith('/share/url?')).toBe(true)
  expect(shared.get('url')).toBe(`https://t.me/${TELEGRAM.botUsername}/${TELEGRAM.appName}?startapp=${DEMO.inviteCode}`)
})

// Sharing an invite reopens the app in the same messenger (spec 2 "Home", docs/design.md "Platform
// adapter"): LINE through shareTargetPicker, Telegram through shareURL, a browser by copying.
import { DEMO, expect, shareInvite, test } from '../fixtures'
import { openAsDemo } from '../walletMembers'

test('browser: without navigator.share the invite link is copied with a toast', async ({ page, open, request, context, baseURL, strings: th }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }))
  await openAsDemo(page, request, open)
  await expect(page.getByTestId('invite-code')).toHaveText(DEMO.inviteCode)
  await shareInvite(page, th)
  const link = `${baseURL}/register?code=${DEMO.inviteCode}`
  await expect(page.getByRole('status').filter({ hasText: th.common.copied.replace('{{text}}', link) })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/register?code=${DEMO.inviteCode}`)
})

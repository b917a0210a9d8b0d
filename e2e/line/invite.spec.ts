// Sharing an invite reopens the app in the same messenger (spec 2 "Home", docs/design.md "Platform
// adapter"): LINE through shareTargetPicker, Telegram through shareURL, a browser by copying.
import { DEMO, LIFF_ID, expect, recordLiffShares, shareInvite, sharedThroughLiff, test } from '../fixtures'
import { openAsDemo } from '../walletMembers'

test('LINE: the invite goes out through shareTargetPicker with a LIFF link', async ({ page, open, request, strings: th }) => {
  await openAsDemo(page, request, open)
  await expect(page.getByTestId('invite-code')).toHaveText(DEMO.inviteCode)
  await recordLiffShares(page)
  await shareInvite(page, th)
  const [message] = await sharedThroughLiff(page)
  expect(message.type).toBe('text')
  expect(message.text).toContain(`https://liff.line.me/${LIFF_ID}/register?code=${DEMO.inviteCode}`)
  await expect(page.locator('.toast')).toHaveCount(0)
})

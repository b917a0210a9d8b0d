// Sharing an invite reopens the app in the same messenger (spec 2 "Home", DESIGN.md "Platform
// adapter"): LINE through shareTargetPicker, Telegram through shareURL, a browser by copying.
import type { Page } from '@playwright/test'

import { DEMO, LIFF_ID, expect, recordLiffShares, shareInvite, sharedThroughLiff, signIn, test, type Strings } from '../fixtures'

async function signInAsDemo(page: Page, open: (path: string) => Promise<void>, strings: Strings) {
  await open('/login')
  await signIn(page, strings)
  await expect(page).toHaveURL(/\/user\/home$/)
  await expect(page.getByTestId('invite-code')).toHaveText(DEMO.inviteCode)
}

test('LINE: the invite goes out through shareTargetPicker with a LIFF link', async ({ page, open, strings: th }) => {
  await signInAsDemo(page, open, th)
  await recordLiffShares(page)
  await shareInvite(page, th)
  const [message] = await sharedThroughLiff(page)
  expect(message.type).toBe('text')
  expect(message.text).toContain(`https://liff.line.me/${LIFF_ID}/register?code=${DEMO.inviteCode}`)
  await expect(page.locator('.toast')).toHaveCount(0)
})

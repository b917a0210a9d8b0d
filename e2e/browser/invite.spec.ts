// Sharing an invite reopens the app in the same messenger (spec 2 "Home", DESIGN.md "Platform
// adapter"): LINE through shareTargetPicker, Telegram through shareURL, a browser by copying.
import type { Page } from '@playwright/test'

import { DEMO, expect, shareInvite, signIn, test, type Strings } from '../fixtures'

async function signInAsDemo(page: Page, open: (path: string) => Promise<void>, strings: Strings) {
  await open('/login')
  await signIn(page, strings)
  await expect(page).toHaveURL(/\/user\/home$/)
  await expect(page.getByTestId('invite-code')).toHaveText(DEMO.inviteCode)
}

test('browser: without navigator.share the invite link is copied with a toast', async ({ page, open, context, baseURL, strings: th }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }))
  await signInAsDemo(page, open, th)
  await shareInvite(page, th)
  const link = `${baseURL}/register?code=${DEMO.inviteCode}`
  await expect(page.getByRole('status').filter({ hasText: th.common.copied.replace('{{text}}', link) })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/register?code=${DEMO.inviteCode}`)
})

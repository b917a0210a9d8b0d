// Sharing an invite reopens the app in the same messenger (spec 2 "Home", DESIGN.md "Platform
// adapter"): LINE through shareTargetPicker, Telegram through shareURL, a browser by copying.
import type { Page } from '@playwright/test'

import { DEMO, LIFF_ID, expect, shareInvite, signIn, test, type Strings } from '../fixtures'

async function signInAsDemo(page: Page, open: (path: string) => Promise<void>, strings: Strings) {
  await open('/login')
  await signIn(page, strings)
  await expect(page).toHaveURL(/\/user\/home$/)
  await expect(page.getByTestId('invite-code')).toHaveText(DEMO.inviteCode)
}

test('LINE: the invite goes out through shareTargetPicker with a LIFF link', async ({ page, open, strings: th }) => {
  await signInAsDemo(page, open, th)
  await page.evaluate(() => {
    type Liff = { $mock: { set(fn: (p: object) => object): void }; shareTargetPicker(messages: unknown): Promise<unknown> }
    const liff = (window as unknown as { liff: Liff }).liff
    liff.$mock.set((p) => ({ ...p, isApiAvailable: true, shareTargetPicker: { status: 'success' } }))
    const original = liff.shareTargetPicker.bind(liff)
    liff.shareTargetPicker = (messages) => {
      Object.assign(window, { __shared: messages })
      return original(messages)
    }
  })
  await shareInvite(page, th)
  const shared = await page.waitForFunction(() => (window as unknown as { __shared?: { type: string; text: string }[] }).__shared)
  const [message] = (await shared.jsonValue()) as { type: string; text: string }[]
  expect(message.type).toBe('text')
  expect(message.text).toContain(`https://liff.line.me/${LIFF_ID}/register?code=${DEMO.inviteCode}`)
  await expect(page.locator('.toast')).toHaveCount(0)
})

import { devPost, expect, freshPhone, localItem, phoneStepToProfile, test } from '../fixtures'
import { openAsDemo } from '../walletMembers'
import type { Page } from '@playwright/test'
import en from '../../contract/locales/en.json' with { type: 'json' }

// The LIFF mock reports the app language 'en', which wins over the browser's th-TH.
test.beforeEach(async ({ request }) => {
  await devPost(request, '/dev/settings', { registerOTP: false })
})

type MockLiff = { $mock: { set(data: Record<string, unknown>): void }; isApiAvailable(api: string): boolean }
const liffReady = (page: Page) => page.waitForFunction(() => 'liff' in window)

async function expectLockedInviter(page: Page, code: string) {
  await phoneStepToProfile(page, en, freshPhone())
  const inviter = page.getByLabel(en.fields.inviteCode)
  await expect(inviter).toHaveValue(code)
  await expect(inviter).toHaveJSProperty('readOnly', true)
}

test('the app runs on the LIFF mock and takes LINE app language', async ({ page, open }) => {
  await open('/login')
  await liffReady(page)
  await expect(page.getByRole('heading', { name: en.login.title })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
})

test('a /register?code= deep link fills the inviter and stores the code', async ({ page, open }) => {
  await open('/register?code=PR5')
  await expect(page.getByText(en.register.invitedBy.replace('{{code}}', 'PR5'))).toBeVisible()
  expect(await localItem(page, 'code')).toBe('PR5')
  await expectLockedInviter(page, 'PR5')
})

test('a LIFF deep link packed in liff.state lands on /register with the inviter', async ({ page, open }) => {
  await open('/?liff.state=%2Fregister%3Fcode%3DPR123')
  await expect(page).toHaveURL(/\/register/)
  expect(await localItem(page, 'code')).toBe('PR123')
  await expectLockedInviter(page, 'PR123')
})

test('the invite QR scan button follows LIFF isApiAvailable', async ({ page, open }) => {
  await open('/register')
  await liffReady(page)
  await phoneStepToProfile(page, en, freshPhone())
  await expect(page.getByRole('button', { name: en.register.scanInvite })).toHaveCount(0)

  // Make the mock say the APIs are available, then re-render step 3 (back to step 1 and forward).
  await page.evaluate(() => (window as unknown as { liff: MockLiff }).liff.$mock.set({ isApiAvailable: true }))
  await page.getByRole('button', { name: en.common.back }).click()
  await page.getByRole('button', { name: en.common.next }).click()
  await expect(page.getByRole('button', { name: en.register.scanInvite })).toBeVisible()
})

test("under the LIFF browser's header: one compact top bar without the app's name", async ({ page, open, request }) => {
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home$/)
  const bar = page.getByRole('banner')
  await expect(bar.getByRole('button', { name: en.menu.logout })).toBeVisible()
  await expect(bar.locator('.top-bar__name')).toBeHidden()
})

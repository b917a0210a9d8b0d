// Scanning with LINE's own scanner (liff.scanCodeV2, offered when LIFF says the API is available):
// an invite code in the register wizard. The LIFF mock has no scanner, so the test plays LINE's
// part: the API said available, and a scan that reads the code a player points at.
import type { Page } from '@playwright/test'
import en from '../../contract/locales/en.json' with { type: 'json' }
import { devPost, expect, freshPhone, LIFF_ID, phoneStepToProfile, test } from '../fixtures'

type Liff = { $mock: { set(data: Record<string, unknown>): void }; scanCodeV2(): Promise<{ value: string | null }> }

/** LINE's scanner as the player uses it: available, and reading `value` when opened. */
async function scannerReads(page: Page, value: string): Promise<void> {
  await page.waitForFunction(() => 'liff' in window)
  await page.evaluate((scanned) => {
    const liff = (window as unknown as { liff: Liff }).liff
    liff.$mock.set({ isApiAvailable: true })
    liff.scanCodeV2 = async () => {
      Object.assign(window, { __scans: ((window as unknown as { __scans?: number }).__scans ?? 0) + 1 })
      return { value: scanned }
    }
  }, value)
}

test.beforeEach(async ({ request }) => {
  await devPost(request, '/dev/settings', { registerOTP: false })
})

test('LINE: the scanner reads an invite link into the inviter field', async ({ page, open }) => {
  await open('/register')
  await scannerReads(page, `https://liff.line.me/${LIFF_ID}/register?code=PR123`)
  // Step 3 reads isApiAvailable as it renders: reach it after the scanner was made available.
  await phoneStepToProfile(page, en, freshPhone())
  await page.getByRole('button', { name: en.register.scanInvite }).click()
  await expect(page.getByLabel(en.fields.inviteCode)).toHaveValue('PR123')
  expect(await page.evaluate(() => (window as unknown as { __scans: number }).__scans)).toBe(1)
})

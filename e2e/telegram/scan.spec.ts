// "Scan an invite QR" in the register wizard (issue 2, platform adapter): Telegram's own scanner
// over the bridge, and in a browser a photo or image file decoded by the lazily loaded decoder.

import { devPost, expect, freshPhone, phoneStepToProfile, telegramEvents, telegramSays, test } from '../fixtures'

const INVITE_LINK = 'https://t.me/wallet_e2e_bot/wallet?startapp=PR123'

test.beforeEach(async ({ request }) => {
  await devPost(request, '/dev/settings', { registerOTP: false })
})

test('Telegram: the scanner popup fills the inviter from the scanned invite link', async ({ page, open, strings }) => {
  await open('/register')
  await phoneStepToProfile(page, strings, freshPhone())
  await page.getByRole('button', { name: strings.register.scanInvite }).click()
  await expect.poll(() => telegramEvents(page, 'web_app_open_scan_qr_popup')).toHaveLength(1)
  await telegramSays(page, 'qr_text_received', { data: INVITE_LINK })
  await expect(page.getByLabel(strings.fields.inviteCode)).toHaveValue('PR123')
  await expect.poll(() => telegramEvents(page, 'web_app_close_scan_qr_popup')).toHaveLength(1)
})

// "Scan an invite QR" in the register wizard (issue 2, platform adapter): Telegram's own scanner
// over the bridge, and in a browser a photo or image file decoded by the lazily loaded decoder.
import { fileURLToPath } from 'node:url'

import { devPost, expect, freshPhone, phoneStepToProfile, test } from '../fixtures'

const INVITE_QR = fileURLToPath(new URL('../assets/invite-qr.png', import.meta.url))

test.beforeEach(async ({ request }) => {
  await devPost(request, '/dev/settings', { registerOTP: false })
})

test('browser: a picked image of an invite QR is decoded into the inviter field', async ({ page, open, strings }) => {
  await open('/register')
  await phoneStepToProfile(page, strings, freshPhone())
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: strings.register.scanInvite }).click()
  await (await chooser).setFiles(INVITE_QR)
  await expect(page.getByLabel(strings.fields.inviteCode)).toHaveValue('PR123')
})

// The register wizard when the SMS gateway fails (spec 8, OTP_SEND_FAIL): the player is told in
// their language, stays on the phone step with the number kept, and can ask again at once once the
// gateway is back (the server does not count a send that reached nobody).
import th from '../../contract/locales/th.json' with { type: 'json' }
import { devPost, expect, freshPhone, lastOtp, test } from '../fixtures'

test('an SMS gateway failure says so, keeps the number, and the next try sends the code', async ({ page, open, request }) => {
  await devPost(request, '/dev/settings', { registerOTP: true })
  await devPost(request, '/dev/sms', { down: true })
  const phone = freshPhone()
  await open('/register')
  await page.getByLabel(th.fields.phone).fill(phone)
  await page.getByRole('button', { name: th.common.next }).click()
  await expect(page.getByText(th.errors.OTP_SEND_FAIL).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: th.register.step1Title })).toBeVisible()
  await expect(page.getByLabel(th.fields.phone)).toHaveValue(phone)

  await devPost(request, '/dev/sms', { down: false })
  await page.getByRole('button', { name: th.common.next }).click()
  await expect(page.getByRole('heading', { name: th.register.step2Title })).toBeVisible()
  expect((await lastOtp(request, phone)).otpCode).toMatch(/^\d{6}$/)
})

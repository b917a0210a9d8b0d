import { bankStep, devPost, expect, freshPhone, pastRegisterSuccess, phoneStepToProfile, profileStep, test } from '../fixtures'

test('with OTP registration disabled, the phone step leads straight to step 3 and registration completes', async ({ page, open, request, strings }) => {
  await devPost(request, '/dev/settings', { registerOTP: false })
  const phone = freshPhone()
  await page.clock.install()
  await open('/register')
  await phoneStepToProfile(page, strings, phone)
  await expect(page.getByLabel(strings.fields.otp)).toHaveCount(0)
  await expect(page.getByRole('heading', { name: strings.register.step2Title })).toHaveCount(0)
  await expect(page.locator('[aria-current="step"]')).toContainText('3')
  // No OTP was ever sent to this number.
  expect((await request.get(`/dev/otp/${phone}`)).status()).toBe(404)

  await profileStep(page, strings)
  await bankStep(page, strings, phone, 'KBANK', { stop: true })
  await pastRegisterSuccess(page, strings)
})

import { ENGINES, expect, freshPhone, lastOtp, logOut, pastRegisterSuccess, signIn, stopClock, test } from '../fixtures'

test('register with OTP, then sign in, then log out', ENGINES, async ({ page, open, request, strings: th }) => {
  const phone = freshPhone()
  await page.clock.install()
  await open('/register')
  await page.getByLabel(th.fields.phone).fill(phone)
  await page.getByRole('button', { name: th.common.next }).click()

  // Step 2: the OTP with its reference.
  const otp = await expect.poll(() => lastOtp(request, phone).catch(() => null)).not.toBeNull().then(() => lastOtp(request, phone))
  await expect(page.getByTestId('otp-ref')).toHaveText(otp.otpRef)
  await page.getByLabel(th.fields.otp).fill('000000')
  await page.getByRole('button', { name: th.register.verify, exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: th.errors.OTP_CODE_INVALID })).toBeVisible()
  await page.getByLabel(th.fields.otp).fill(otp.otpCode)
  await page.getByRole('button', { name: th.register.verify, exact: true }).click()

  // Step 3: names are upper-cased as typed; passwords must match.
  await page.getByLabel(th.fields.name).fill('somchai')
  await expect(page.getByLabel(th.fields.name)).toHaveValue('SOMCHAI')
  await page.getByLabel(th.fields.password, { exact: true }).fill('secret99')
  await page.getByLabel(th.fields.confirmPassword).fill('secret98')
  await page.getByRole('button', { name: th.common.next }).click()
  await expect(page.getByText(th.validation.passwordMismatch)).toBeVisible()
  await page.getByLabel(th.fields.confirmPassword).fill('secret99')
  await page.getByRole('button', { name: th.common.next }).click()

  // Step 4: KTB needs an English account name.
  await page.getByLabel(th.fields.bank, { exact: true }).selectOption('KTB')
  await page.getByLabel(th.fields.bankAccountNo).fill(`55${phone.slice(2)}`)
  await page.getByLabel(th.fields.firstName).fill('สมชาย')
  await page.getByLabel(th.fields.lastName).fill('ใจดี')
  await page.getByRole('button', { name: th.register.submit }).click()
  await expect(page.getByText(th.validation.bankNameEnglish)).toBeVisible()
  await page.getByLabel(th.fields.firstName).fill('somchai')
  await page.getByLabel(th.fields.lastName).fill('jaidee')
  await stopClock(page)
  await page.getByRole('button', { name: th.register.submit }).click()

  await pastRegisterSuccess(page, th)

  await signIn(page, th, { phone, password: 'secret99' })
  await expect(page).toHaveURL(/\/user\/home$/)
  await page.getByRole('link', { name: th.menu.profile }).click()
  await expect(page.getByText('SOMCHAI JAIDEE')).toBeVisible()

  await logOut(page, th)
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/user/profile')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fprofile$/)
})

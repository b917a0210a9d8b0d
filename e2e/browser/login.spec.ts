// The login screen's finish (issue 29): a refused sign-in is said under the password without
// moving the form, and a player who forgot the password is pointed to the operator.
import { expect, signIn, test } from '../fixtures'

test('a wrong password is said under the password field and nothing moves; typing clears it; "forgot password" leads to contact', async ({ page, open, strings }) => {
  await open('/login')
  const submit = page.getByRole('button', { name: strings.login.submit })
  await expect(submit).toBeVisible()
  // Measured on the app's form: the page's prerendered one (issue 32) is replaced by it, the same box.
  await expect(page.locator('#prerendered')).toHaveCount(0)
  const before = (await submit.boundingBox())!
  await signIn(page, strings, { password: 'wrong-password' })
  const password = page.getByLabel(strings.fields.password, { exact: true })
  await expect(page.getByRole('alert').filter({ hasText: strings.errors.WRONG_PASSWORD })).toBeVisible()
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  expect((await submit.boundingBox())!.y).toBeCloseTo(before.y, 0)
  await password.fill('x')
  await expect(page.getByText(strings.errors.WRONG_PASSWORD)).toHaveCount(0)
  expect((await submit.boundingBox())!.y).toBeCloseTo(before.y, 0)

  await page.getByRole('link', { name: strings.login.forgot }).click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('heading', { level: 1, name: strings.contact.title })).toBeVisible()
})

// Nothing a player meets on the way should leave them stuck: a stale invite link, a half-typed
// bank field from an earlier visit to step 4, an error while a modal is open.
import { ENGINES, bankStep, devPost, expect, expectNoToastSoFar, forgetToasts, freshPhone, localItem, pastRegisterSuccess, phoneStepToProfile, profileStep, test } from '../fixtures'
import { openAsDemo } from '../walletMembers'

test.beforeEach(async ({ request }) => {
  await devPost(request, '/dev/settings', { registerOTP: false })
})

test('an unknown inviter code from a link is unlocked with its error, and registration goes on', async ({ page, open, strings }) => {
  await page.clock.install()
  await open('/register?code=PR999999')
  await expect.poll(() => localItem(page, 'code')).toBe('PR999999')
  const phone = freshPhone()
  await phoneStepToProfile(page, strings, phone)
  const inviter = page.getByLabel(strings.fields.inviteCode)
  await expect(inviter).toHaveJSProperty('readOnly', true)
  await page.getByLabel(strings.fields.name).fill('tester')
  await page.getByLabel(strings.fields.password, { exact: true }).fill('secret99')
  await page.getByLabel(strings.fields.confirmPassword).fill('secret99')
  await page.getByRole('button', { name: strings.common.next }).click()

  await expect(page.getByText(strings.errors.INVALID_USER_INFO)).toBeVisible()
  await expect(inviter).toHaveJSProperty('readOnly', false)
  expect(await localItem(page, 'code')).toBeNull()
  await inviter.fill('')
  await page.getByRole('button', { name: strings.common.next }).click()
  await expect(page.getByRole('heading', { name: strings.register.step4Title })).toBeVisible()
  await bankStep(page, strings, phone, 'KBANK', { stop: true })
  await expect(page.getByRole('status').filter({ hasText: strings.register.successTitle })).toBeVisible()
})

test('a link that is not an invite code is never stored', async ({ page, open }) => {
  await open('/register?code=utm_campaign')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await localItem(page, 'code')).toBeNull()
})

test('half-typed bank fields do not block step 3 after going back from step 4', async ({ page, open, strings }) => {
  await open('/register')
  const phone = freshPhone()
  await phoneStepToProfile(page, strings, phone)
  await profileStep(page, strings)
  await page.getByLabel(strings.fields.bank, { exact: true }).selectOption('KTB')
  await page.getByLabel(strings.fields.bankAccountNo).fill('123')
  await page.getByLabel(strings.fields.firstName).fill('สมชาย')

  await page.goBack()
  await expect(page.getByRole('heading', { name: strings.register.step3Title })).toBeVisible()
  await page.getByLabel(strings.fields.password, { exact: true }).fill('secret99')
  await page.getByLabel(strings.fields.confirmPassword).fill('secret99')
  await page.getByRole('button', { name: strings.common.next }).click()
  await expect(page.getByRole('heading', { name: strings.register.step4Title })).toBeVisible()
  // What was typed at step 4 is still there.
  await expect(page.getByLabel(strings.fields.bankAccountNo)).toHaveValue('123')
})

test('after registering, back from /login does not walk through the wizard steps', ENGINES, async ({ page, open, strings }) => {
  await page.clock.install()
  await open('/login')
  await page.getByRole('navigation', { name: strings.menu.label }).getByRole('link', { name: strings.menu.register }).click()
  const phone = freshPhone()
  await phoneStepToProfile(page, strings, phone)
  await profileStep(page, strings)
  await bankStep(page, strings, phone, 'KBANK', { stop: true })
  await pastRegisterSuccess(page, strings)
  await page.goBack()
  await expect(page).toHaveURL(/\/login$/)
})

test('a failed conditions load shows inside the open modal, once, not also as a toast', async ({ page, open, request, strings }) => {
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home$/)
  await page.route('**/api/lookup/conditions', (route) => route.fulfill({ status: 400, json: { message: 'NO_DATA' } }))
  await forgetToasts(page)
  await page.getByRole('navigation', { name: strings.menu.label }).getByRole('button', { name: strings.menu.conditions }).click()
  const dialog = page.getByRole('dialog', { name: strings.conditions.title })
  await expect(dialog.getByRole('alert')).toHaveText(strings.errors.NO_DATA)
  await expectNoToastSoFar(page)
  await expect(page.getByText(strings.errors.NO_DATA)).toHaveCount(1)
})

test('a modal whose code cannot be loaded says so in its place, with a retry; home and its balance stay', ENGINES, async ({ page, open, request, strings }) => {
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home$/)
  await expect(page.getByTestId('total-balance')).toBeVisible()
  const chunk = '**/assets/WithdrawModal-*.js'
  await page.route(chunk, (route) => route.abort('internetdisconnected'))
  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.withdraw }).click()
  const failed = page.getByRole('dialog', { name: strings.common.openFailedTitle })
  await expect(failed.getByRole('alert')).toHaveText(strings.common.loadFailed)
  await expect(page.getByTestId('total-balance')).toBeVisible()
  await page.unroute(chunk)
  await failed.getByRole('button', { name: strings.common.retry }).click()
  await expect(page.getByRole('dialog', { name: strings.withdraw.title })).toBeVisible()
  await expect(failed).toBeHidden()
})

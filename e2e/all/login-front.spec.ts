// /login as the front door (spec 2 guard, spec 8): the service check before the form, and the
// reason a session ended, shown once.
import { clockUntil, DEMO, expect, holdAnswers, localItem, signIn, test } from '../fixtures'
import { openAsDemo } from '../walletMembers'

test.describe('a session the server ends lands on /login with its reason, once', () => {
  test('an invalid token', async ({ page, open, request, strings }) => {
    await openAsDemo(page, request, open, '/user/profile')
    await expect(page.getByText(DEMO.name).first()).toBeVisible()

    // The server no longer knows the token: its next answer is 401 'invalid token'.
    await page.evaluate(() => localStorage.setItem('token', 'not-a-session-token-0123456789'))
    await page.reload()
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fprofile(#.*)?$/)
    const notice = page.getByText(strings.errors['invalid-token'])
    await expect(notice).toBeVisible()
    await expect(notice).toHaveCount(1)
    expect(await localItem(page, 'token')).toBeNull()

    // Typing clears it; a reload does not bring it back.
    await page.getByLabel(strings.fields.phone).fill('0')
    await expect(notice).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
    await expect(notice).toHaveCount(0)

    // And the player signs in again where they were going.
    await signIn(page, strings)
    await expect(page).toHaveURL(/\/user\/profile(#.*)?$/)
  })

  test('an expired token, whatever the case of the code', async ({ page, open, strings }) => {
    // The member's first call after signing in (home's wallet) answers that the token has expired.
    await page.route('**/api/wallet', (route) => route.fulfill({ status: 401, json: { message: 'expired_auth_token' } }))
    await open('/login')
    const refused = page.waitForResponse('**/api/wallet')
    await signIn(page, strings)
    await refused
    await expect(page).toHaveURL(/\/login(#.*)?$/)
    await page.unroute('**/api/wallet')
    const notice = page.getByText(strings.errors.EXPIRED_AUTH_TOKEN)
    await expect(notice).toBeVisible()
    await expect(notice).toHaveCount(1)
    // Leaving and coming back does not show it again.
    await page.getByRole('main').getByRole('link', { name: strings.login.toRegister }).click()
    await expect(page.getByRole('heading', { name: strings.register.title })).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
    await expect(notice).toHaveCount(0)
  })
})

test.describe('/login checks the service before the form (spec 2)', () => {
  test('a skeleton holds the form place until the check answers', async ({ page, open, strings }) => {
    const check = await holdAnswers(page, '**/api/lookup/active')
    await open('/login')
    const skeleton = page.getByTestId('reserved-skeleton')
    const phone = page.getByLabel(strings.fields.phone)
    await expect(skeleton).toBeVisible()
    await expect(phone).toBeHidden()
    // Measured once the app holds the place: the page's prerendered screen (issue 32) is replaced by it.
    await expect(page.locator('#prerendered')).toHaveCount(0)
    // The outer place (the service check's); the messenger's sign-in holds the form's own inside it (issue 31).
    const reserved = page.locator('.reserved').first()
    const waitingBox = await reserved.boundingBox()
    check.release()
    await expect(phone).toBeVisible()
    await expect(skeleton).toHaveCount(0)
    // The form takes exactly the place the skeleton held: nothing below it moves.
    expect(await reserved.boundingBox()).toEqual(waitingBox)
    await expect(page).toHaveURL(/\/login(#.*)?$/)
  })

  test('a failed check shows the form at once', async ({ page, open, strings }) => {
    // The page's clock moves only as the test moves it, so the form shows before the 3 s cap could.
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1000)
    await page.route('**/api/lookup/active', (route) => route.fulfill({ status: 500, json: { message: 'INTERNAL_SERVER_ERROR' } }))
    await open('/login')
    const moved = await clockUntil(page, page.getByLabel(strings.fields.phone), 50)
    expect(moved, 'page time before the form showed (ms)').toBeLessThan(3000)
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('a check slower than 3 s shows the form at 3 s', async ({ page, open, strings }) => {
    // The check never answers; the page's clock is moved on instead of waiting for it.
    await page.clock.install()
    await holdAnswers(page, '**/api/lookup/active')
    await open('/login')
    const skeleton = page.getByTestId('reserved-skeleton')
    const phone = page.getByLabel(strings.fields.phone)
    await expect(skeleton).toBeAttached()
    await page.clock.runFor(2000)
    await expect(phone).toBeHidden()
    await page.clock.runFor(1000)
    await expect(phone).toBeVisible()
    await expect(skeleton).toHaveCount(0)
  })
})

// Logout clears the token here and revokes it on the server (POST /api/logout); an operator API
// without that call (404) signs the player out all the same.
import { expect, expectNoToastSoFar, forgetToasts, logOut, test } from '../fixtures'
import { openAsDemo } from '../walletMembers'

test('logout revokes the token on the server', async ({ page, open, request, strings }) => {
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home$/)
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const revoked = page.waitForResponse((response) => response.url().endsWith('/api/logout'))
  await logOut(page, strings)
  expect((await revoked).status()).toBe(200)
  await expect(page).toHaveURL(/\/login$/)
  const profile = await request.get('/api/account/profile', { headers: { Authorization: `Bearer ${token}` } })
  expect(profile.status()).toBe(401)
})

test('an API without a logout call (404) still signs the player out', async ({ page, open, request, strings }) => {
  await page.route('**/api/logout', (route) => route.fulfill({ status: 404, json: { message: 'NO_DATA' } }))
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home$/)
  await forgetToasts(page)
  await logOut(page, strings)
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
  await expectNoToastSoFar(page)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('the logout icon asks first: staying keeps the session and sends nothing', async ({ page, open, request, strings }) => {
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home$/)
  let sent = 0
  page.on('request', (request) => { if (request.url().endsWith('/api/logout')) sent += 1 })
  await page.getByRole('banner').getByRole('button', { name: strings.menu.logout }).click()
  const ask = page.getByRole('alertdialog', { name: strings.member.logoutTitle })
  await expect(ask).toHaveAccessibleDescription(strings.member.logoutText)
  await ask.getByRole('button', { name: strings.member.stay }).click()
  await expect(ask).toBeHidden()
  await expect(page).toHaveURL(/\/user\/home$/)
  expect(sent).toBe(0)
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull()
})

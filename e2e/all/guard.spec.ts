import { DEMO, devPost, expect, launchHash, localItem, logOut, signIn, test } from '../fixtures'
import { openAsDemo, registerMember, signedIn } from '../walletMembers'
import th from '../../contract/locales/th.json' with { type: 'json' }
import en from '../../contract/locales/en.json' with { type: 'json' }

test('the guard keeps the wanted URL through sign-in', async ({ page, open, strings }) => {
  await open('/user/profile')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fprofile(#.*)?$/)
  await signIn(page, strings)
  await expect(page).toHaveURL(/\/user\/profile(#.*)?$/)
  await expect(page.getByText(DEMO.name).first()).toBeVisible()
})

test('remember-me keeps the session for a new page; without it a new page must sign in again', async ({ page, open, context, platform, strings }) => {
  await open('/login')
  // A device never signed in on: remember-me starts unchecked.
  await expect(page.getByRole('checkbox', { name: strings.login.remember })).not.toBeChecked()
  await signIn(page, strings, { remember: true })
  await expect(page).toHaveURL(/\/user\/home(#.*)?$/)
  const remembered = await context.newPage()
  await remembered.goto(`/user/home${launchHash(platform)}`)
  await expect(remembered.getByRole('button', { name: strings.menu.logout })).toBeVisible()
  await expect(remembered).toHaveURL(/\/user\/home(#.*)?$/)
  await remembered.close()

  // Log out, then sign in for this tab only.
  await logOut(page, strings)
  await expect(page).toHaveURL(/\/login(#.*)?$/)
  await signIn(page, strings, { remember: false })
  await expect(page).toHaveURL(/\/user\/home(#.*)?$/)
  expect(await localItem(page, 'token')).toBeNull()
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull()
  const forgotten = await context.newPage()
  await forgotten.goto(`/user/home${launchHash(platform)}`)
  // The member home is where sign-in lands anyway: not carried as a redirect (lib/paths.ts).
  await expect(forgotten).toHaveURL(/\/login(#.*)?$/)
  await forgotten.close()
})

test('a terminated service sends /login to /terminated', async ({ page, open, request, strings }) => {
  await devPost(request, '/dev/service', { terminated: true })
  await open('/login')
  await expect(page).toHaveURL(/\/terminated(#.*)?$/)
  await expect(page.getByRole('heading', { name: strings.terminated.title })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.classList.contains('is-terminated'))).toBe(true)
  // The page is greyed; its one way out, adding the operator on LINE, is drawn in the page's ink, not
  // in the mid grey LINE's green turns into, which reads as a disabled button.
  const ink = await page.getByRole('heading', { name: strings.terminated.title }).evaluate((heading) => getComputedStyle(heading).color)
  await expect(page.getByRole('link', { name: strings.contact.addLine })).toHaveCSS('background-color', ink)
})

test('a signed-in player whose API call answers gone is sent to /terminated', async ({ page, open, request, strings }) => {
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home(#.*)?$/)
  // Home has its wallet (the URL changes before the wallet call is answered).
  await expect(page.getByTestId('total-balance')).toBeVisible()
  // From the moment the service ends, any member call answers 410 gone: the reloaded home's wallet,
  // or a call home was making anyway (then the reload finds the app on /terminated already).
  const gone = page.waitForResponse((response) => response.url().includes('/api/') && response.status() === 410)
  await devPost(request, '/dev/service', { terminated: true })
  await page.reload()
  await gone
  await expect(page).toHaveURL(/\/terminated(#.*)?$/)
  await expect(page.getByRole('heading', { name: strings.terminated.title })).toBeVisible()
})

test('a language picked on /login wins over the host language and survives a reload', async ({ page, open, context, platform, strings }) => {
  // The host's language shows first: th-TH from the browser, 'en' from LIFF and from the Telegram
  // user. Pick another one.
  const [picked, pickedStrings] = platform === 'browser' ? (['en', en] as const) : (['th', th] as const)
  await open('/login')
  await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
  await page.getByRole('combobox', { name: strings.common.language }).selectOption(picked)
  await expect(page.getByRole('heading', { name: pickedStrings.login.title })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: pickedStrings.login.title })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(picked)
  expect(await localItem(page, 'locale')).toBe(picked)
  const cookie = (await context.cookies()).find((c) => c.name === 'i18next')
  expect(cookie?.value).toBe(picked.toUpperCase())

  await page.getByRole('combobox', { name: pickedStrings.common.language }).selectOption('la')
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('lo')
  expect(await localItem(page, 'locale')).toBe('la')
})

test('an unknown path shows the not-found page in the shell the player is in, with the way home and the way to contact', async ({ page, open, strings, request }) => {
  await open('/nope')
  await expect(page.getByRole('heading', { name: strings.notFound.title })).toBeVisible()
  const menu = page.getByRole('navigation', { name: strings.menu.label })
  await expect(menu.getByRole('link', { name: strings.menu.register })).toBeVisible()
  await page.getByRole('link', { name: strings.notFound.contact }).click()
  await expect(page).toHaveURL(/\/contact$/)

  // A member keeps the member's tab bar, and the ways lead to the member's screens.
  await signedIn(page, await registerMember(request))
  await open('/user/nope')
  await expect(page.getByRole('heading', { name: strings.notFound.title })).toBeVisible()
  await expect(menu.getByRole('link', { name: strings.menu.statement })).toBeVisible()
  await page.getByRole('link', { name: strings.notFound.contact }).click()
  await expect(page).toHaveURL(/\/user\/contact$/)
  await open('/user/nope')
  await page.getByRole('link', { name: strings.notFound.home }).click()
  await expect(page.getByTestId('total-balance')).toBeVisible()
})

test('a wrong password shows the translated error inline until the player types', async ({ page, open, strings }) => {
  await open('/login')
  await signIn(page, strings, { password: 'wrong-password' })
  const error = page.getByRole('alert').filter({ hasText: strings.errors.WRONG_CREDENTIAL })
  await expect(error).toBeVisible()
  await expect(page).toHaveURL(/\/login(#.*)?$/)
  await page.getByLabel(strings.fields.password, { exact: true }).press('x')
  await expect(page.getByText(strings.errors.WRONG_CREDENTIAL)).toBeHidden()
})

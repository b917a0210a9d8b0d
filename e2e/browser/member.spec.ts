// The member shell of spec 2: top bar (app name, language, logout) and the bottom menu with the
// conditions modal and the large home button.
import en from '../../contract/locales/en.json' with { type: 'json' }
import { ACTIVE_CHECK_WAIT_MS } from '../../src/api/early'
import { clockUntil, DEMO, devPost, expect, holdAnswers, logOut, test } from '../fixtures'
import type { Fixtures } from '../shared/wallet'
import { openAsDemo } from '../walletMembers'

test('the member shell: conditions modal, bottom menu, language and logout', async ({ page, open, request, strings }) => {
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home$/)
  await expect(page.getByRole('banner').getByText('Wallet')).toBeVisible()
  await expect(page.getByRole('heading', { name: strings.home.greeting.replace('{{name}}', DEMO.name) })).toBeVisible()

  // Conditions open in a modal from the bottom menu; scroll is locked while it is open.
  const menu = page.getByRole('navigation', { name: strings.menu.label })
  await menu.getByRole('button', { name: strings.menu.conditions }).click()
  const dialog = page.getByRole('dialog', { name: strings.conditions.title })
  await expect(dialog.locator('.condition')).toHaveCount(3)
  await expect(dialog.getByText('ถอนขั้นต่ำ 100 บาท', { exact: false })).toBeVisible()
  expect(await page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect(await page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(false)
  await expect(page).toHaveURL(/\/user\/home$/)

  // Browser back closes the modal before it leaves the screen.
  await menu.getByRole('button', { name: strings.menu.conditions }).click()
  await expect(dialog).toBeVisible()
  await page.goBack()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/user\/home$/)

  await menu.getByRole('link', { name: strings.menu.profile }).click()
  await expect(page).toHaveURL(/\/user\/profile$/)
  await expect(page.getByText('123-456-7890')).toBeVisible()
  await menu.getByRole('link', { name: strings.menu.home }).click()
  await expect(page).toHaveURL(/\/user\/home$/)

  // The language dropdown of the top bar.
  await page.getByRole('banner').getByRole('combobox', { name: strings.common.language }).selectOption('en')
  await expect(page.getByRole('navigation', { name: en.menu.label }).getByRole('link', { name: en.menu.statement })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')

  await logOut(page, en)
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'))).toBeNull()
})

test('the public shell clears stored auth on /login and /register, not on /howto (spec 2)', async ({ page, open, request, strings }) => {
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home$/)
  const token = () => page.evaluate(() => localStorage.getItem('token'))

  await page.goto('/howto')
  await expect(page.getByRole('heading', { name: strings.howto.title })).toBeVisible()
  expect(await token()).not.toBeNull()

  await page.goto('/register')
  await expect(page.getByRole('heading', { name: strings.register.title })).toBeVisible()
  await expect.poll(token).toBeNull()
  await page.goto('/user/home')
  // The member home is where sign-in lands anyway: not carried as a redirect (lib/paths.ts).
  await expect(page).toHaveURL(/\/login$/)
})

test.describe('the login guard after the service ended (spec 2)', () => {
  /** The service ended; the player goes from the how-to to /login, which sends them to /terminated. */
  async function endedFromHowto({ page, open, request, strings }: Fixtures) {
    const menu = page.getByRole('navigation', { name: strings.menu.label })
    const toLogin = () => menu.getByRole('link', { name: strings.menu.home }).click()
    const howto = page.getByRole('heading', { name: strings.howto.title })
    await devPost(request, '/dev/service', { terminated: true })
    await open('/howto')
    await expect(howto).toBeVisible()
    await toLogin()
    await expect(page).toHaveURL(/\/terminated$/)
    /** Back to the how-to, from which the player will go to /login again. */
    const backToHowto = async () => {
      await page.goBack()
      await expect(howto).toBeVisible()
    }
    return { toLogin, backToHowto }
  }

  test('takes the terminated styling off once the service answers active again', async ({ page, open, request, strings }) => {
    const greyed = () => page.evaluate(() => document.documentElement.classList.contains('is-terminated'))
    const { toLogin, backToHowto } = await endedFromHowto({ page, open, request, strings })
    await expect.poll(greyed).toBe(true)

    // The service is back; the player goes back to the how-to, still greyed, and from it to /login.
    await devPost(request, '/dev/service', { terminated: false })
    await backToHowto()
    await toLogin()
    await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
    await expect.poll(greyed).toBe(false)
  })

  test('a service check that hangs: the guard waits its longest, then goes by the answer it had', async ({ page, open, request, strings }) => {
    await page.clock.install()
    const { toLogin, backToHowto } = await endedFromHowto({ page, open, request, strings })
    await backToHowto()
    // The check asked again never answers: /login holds its form, neither sent away nor let in.
    const check = await holdAnswers(page, '**/api/lookup/active')
    await toLogin()
    await expect.poll(check.sent).toBe(1)
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('button', { name: strings.login.submit, exact: true })).toHaveCount(0)
    await clockUntil(page, page.getByRole('heading', { name: strings.terminated.title }), ACTIVE_CHECK_WAIT_MS / 4)
    await expect(page).toHaveURL(/\/terminated$/)
  })
})

import { DARK_THEME, devPost, expect, freshPhone, localItem, phoneStepToProfile, telegramBack, telegramEvents, telegramHash, test } from './fixtures'
import type { Page } from '@playwright/test'
import th from '../src/i18n/locales/th.json' with { type: 'json' }

test.beforeEach(({ platform }) => {
  test.skip(platform !== 'telegram', 'Telegram only')
})

const backButton = (page: Page) => telegramEvents(page, 'web_app_setup_back_button') as Promise<{ is_visible: boolean }[]>
const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: th.menu.label }).getByRole('link', { name })

test('the back button is hidden on /login, shown on /register, and goes back', async ({ page, open }) => {
  await open('/login')
  await expect(page.getByRole('heading', { name: th.login.title })).toBeVisible()
  expect(await backButton(page)).not.toContainEqual({ is_visible: true })

  await menuLink(page, th.menu.register).click()
  await expect(page).toHaveURL(/\/register/)
  await expect.poll(() => backButton(page)).toContainEqual({ is_visible: true })

  await telegramBack(page)
  await expect(page).toHaveURL(/\/login(#.*)?$/)
  await expect(page.getByRole('heading', { name: th.login.title })).toBeVisible()
  await expect.poll(async () => (await backButton(page)).at(-1)).toEqual({ is_visible: false })
})

test('with a modal open, back closes the modal first, then leaves the screen', async ({ page, open }) => {
  await open('/login')
  await menuLink(page, th.menu.howto).click()
  await expect(page).toHaveURL(/\/howto/)
  await page.getByRole('button', { name: th.howto.videos.wallet }).click()
  const dialog = page.getByRole('dialog', { name: th.howto.videos.wallet })
  await expect(dialog).toBeVisible()

  await telegramBack(page)
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/howto/)
  await expect(page.getByRole('heading', { name: th.howto.title })).toBeVisible()

  await telegramBack(page)
  await expect(page).toHaveURL(/\/login(#.*)?$/)
})

test('a dark Telegram theme darkens the app', async ({ page, open }) => {
  await open('/login', telegramHash({ theme: DARK_THEME }))
  await expect(page.getByRole('heading', { name: th.login.title })).toBeVisible()
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 33, 43)')
})

test('the light theme stays light', async ({ page, open }) => {
  await open('/login')
  await expect(page.getByRole('heading', { name: th.login.title })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).not.toBe('dark')
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)')
})

test('start_param leads a guest to /register with the inviter locked', async ({ page, open, request }) => {
  await devPost(request, '/dev/settings', { registerOTP: false })
  await open('/', telegramHash({ startParam: 'PR123' }))
  await expect(page).toHaveURL(/\/register/)
  expect(await localItem(page, 'code')).toBe('PR123')
  await phoneStepToProfile(page, th, freshPhone())
  const inviter = page.getByLabel(th.fields.inviteCode)
  await expect(inviter).toHaveValue('PR123')
  await expect(inviter).toHaveJSProperty('readOnly', true)
})

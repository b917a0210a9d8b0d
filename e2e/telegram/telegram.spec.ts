import { DARK_THEME, LIGHT_THEME, devPost, expect, freshPhone, localItem, phoneStepToProfile, telegramBack, telegramEvents, telegramHash, test } from '../fixtures'
import { openAsDemo } from '../walletMembers'
import type { Page } from '@playwright/test'

const backButton = (page: Page) => telegramEvents(page, 'web_app_setup_back_button') as Promise<{ is_visible: boolean }[]>
const menuLink = (page: Page, strings: { menu: { label: string } }, name: string) =>
  page.getByRole('navigation', { name: strings.menu.label }).getByRole('link', { name })

/** The app has talked to Telegram over the bridge: a hidden back button is then a real answer. */
const bridgeUsed = (page: Page) => expect.poll(() => telegramEvents(page, 'web_app_ready')).toHaveLength(1)

test('the back button is hidden on /login, shown on /register, and goes back', async ({ page, open, strings }) => {
  await open('/login')
  await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
  await bridgeUsed(page)
  expect(await backButton(page)).not.toContainEqual({ is_visible: true })

  await menuLink(page, strings, strings.menu.register).click()
  await expect(page).toHaveURL(/\/register/)
  await expect.poll(() => backButton(page)).toContainEqual({ is_visible: true })

  await telegramBack(page)
  await expect(page).toHaveURL(/\/login(#.*)?$/)
  await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
  await expect.poll(async () => (await backButton(page)).at(-1)).toEqual({ is_visible: false })
})

test('the back button is hidden on /user/home, shown on another member screen, hidden back home', async ({ page, open, request, strings }) => {
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home(#.*)?$/)
  await expect(page.getByRole('link', { name: strings.menu.home })).toHaveAttribute('aria-current', 'page')
  await bridgeUsed(page)
  expect(await backButton(page)).not.toContainEqual({ is_visible: true })

  await menuLink(page, strings, strings.menu.profile).click()
  await expect(page).toHaveURL(/\/user\/profile/)
  await expect.poll(async () => (await backButton(page)).at(-1)).toEqual({ is_visible: true })
  await menuLink(page, strings, strings.menu.home).click()
  await expect(page).toHaveURL(/\/user\/home/)
  await expect.poll(async () => (await backButton(page)).at(-1)).toEqual({ is_visible: false })
})

test('with a modal open, back closes the modal first, then leaves the screen', async ({ page, open, strings }) => {
  await open('/login')
  await menuLink(page, strings, strings.menu.howto).click()
  await expect(page).toHaveURL(/\/howto/)
  await page.getByRole('button', { name: strings.howto.videos.wallet }).click()
  const dialog = page.getByRole('dialog', { name: strings.howto.videos.wallet })
  await expect(dialog).toBeVisible()

  await telegramBack(page)
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/howto/)
  await expect(page.getByRole('heading', { name: strings.howto.title })).toBeVisible()

  await telegramBack(page)
  await expect(page).toHaveURL(/\/login(#.*)?$/)
})

test('a dark Telegram theme darkens the app', async ({ page, open, strings }) => {
  await open('/login', telegramHash({ theme: DARK_THEME }))
  await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 33, 43)')
})

test("in a dark theme home's big home button takes the theme's button colour, not the app's gold, and a modal's backdrop plainly dims the page", async ({ page, open, request, strings }) => {
  await openAsDemo(page, request, (path) => open(path, telegramHash({ theme: DARK_THEME })))
  await expect(page.getByTestId('total-balance')).toBeVisible()
  const icon = page.getByRole('navigation', { name: strings.menu.label }).locator('.bottom-menu__item--big .bottom-menu__icon')
  const button = await page.evaluate(() => {
    // The theme's button colour as the app resolved it (made readable under its text).
    const probe = document.body.appendChild(document.createElement('i'))
    probe.style.color = 'var(--button)'
    const colour = getComputedStyle(probe).color
    probe.remove()
    return colour
  })
  await expect(icon).toHaveCSS('background-image', 'none')
  await expect(icon).toHaveCSS('background-color', button)
  await expect(icon).toHaveCSS('color', 'rgb(255, 255, 255)')

  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.deposit }).click()
  const dialog = page.getByRole('dialog', { name: strings.deposit.title })
  await expect(dialog).toBeVisible()
  // The veil over Telegram's dark page is black at 72 %, not the light page's navy at 55 %.
  expect(await dialog.evaluate((element) => getComputedStyle(element, '::backdrop').backgroundColor)).toBe('rgba(0, 0, 0, 0.72)')
})

test('the light theme stays light', async ({ page, open, strings }) => {
  await open('/login')
  await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).not.toBe('dark')
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)')
})

test('start_param leads a guest to /register with the inviter locked', async ({ page, open, request, strings }) => {
  await devPost(request, '/dev/settings', { registerOTP: false })
  await open('/', telegramHash({ startParam: 'PR123' }))
  await expect(page).toHaveURL(/\/register/)
  expect(await localItem(page, 'code')).toBe('PR123')
  await phoneStepToProfile(page, strings, freshPhone())
  const inviter = page.getByLabel(strings.fields.inviteCode)
  await expect(inviter).toHaveValue('PR123')
  await expect(inviter).toHaveJSProperty('readOnly', true)
})

test('launch data without a signature (clients before Bot API 8.0) still starts the Telegram adapter', async ({ page, open, strings }) => {
  await open('/login', telegramHash({ unsigned: true }))
  await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
  await bridgeUsed(page)
  await menuLink(page, strings, strings.menu.register).click()
  await expect.poll(() => backButton(page)).toContainEqual({ is_visible: true })
  // No "the chat app did not respond" fallback.
  await expect(page.getByText(strings.platform.fallback)).toHaveCount(0)
})

test("under Telegram's header: one compact top bar without the app's name, and the header in the theme's colour", async ({ page, open, request, strings }) => {
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home(#.*)?$/)
  const bar = page.getByRole('banner')
  await expect(bar.getByRole('button', { name: strings.menu.logout })).toBeVisible()
  await expect(bar.getByRole('combobox', { name: strings.common.language })).toBeVisible()
  await expect(bar.locator('.top-bar__name')).toBeHidden()
  // The bar sits on the page's own background, as Telegram's header does.
  const [barColour, pageColour] = await Promise.all([bar.evaluate((el) => getComputedStyle(el).backgroundColor), page.locator('.shell').evaluate((el) => getComputedStyle(el).backgroundColor)])
  expect(barColour).toBe(pageColour)
  // Telegram's header and background in the theme's background colour (the launch theme's, here light).
  await expect.poll(() => telegramEvents(page, 'web_app_set_header_color')).toContainEqual({ color: LIGHT_THEME.bg_color })
  await expect.poll(() => telegramEvents(page, 'web_app_set_background_color')).toContainEqual({ color: LIGHT_THEME.bg_color })
})

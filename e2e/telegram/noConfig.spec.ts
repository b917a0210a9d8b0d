// An operator who only points a bot's menu button at the app, with no `telegram` section in the
// runtime config: the host's launch parameters still bring the whole native behaviour, and invite
// links take the browser form (docs/design.md "Platform adapter").
import { DARK_THEME, DEMO, devPost, expect, freshPhone, phoneStepToProfile, shareInvite, telegramEvents, telegramHash, test } from '../fixtures'
import { openAsDemo } from '../walletMembers'

test.beforeEach(async ({ page, request }) => {
  expect(page.url()).toBe('about:blank') // the page fixture set the telegram config first
  await devPost(request, '/dev/config', { telegram: null })
  const config = (await (await request.get('/config.json')).json()) as { telegram: unknown }
  expect(config.telegram).toBeNull()
})

test('theme, safe areas and the back button come from Telegram without config', async ({ page, strings }) => {
  await page.goto(`/login${telegramHash({ theme: DARK_THEME })}`)
  await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 33, 43)')
  await expect.poll(() => telegramEvents(page, 'web_app_request_safe_area')).toHaveLength(1)

  await page.getByRole('navigation', { name: strings.menu.label }).getByRole('link', { name: strings.menu.register }).click()
  await expect.poll(() => telegramEvents(page, 'web_app_setup_back_button')).toContainEqual({ is_visible: true })
})

test('the invite QR scanner is Telegram\'s', async ({ page, request, strings }) => {
  await devPost(request, '/dev/settings', { registerOTP: false })
  await page.goto(`/register${telegramHash()}`)
  await phoneStepToProfile(page, strings, freshPhone())
  await page.getByRole('button', { name: strings.register.scanInvite }).click()
  await expect.poll(() => telegramEvents(page, 'web_app_open_scan_qr_popup')).toHaveLength(1)
})

test('sharing the invite posts a browser-form link through Telegram, with haptics', async ({ page, open, baseURL, request, strings }) => {
  await openAsDemo(page, request, open)
  await expect(page.getByTestId('invite-code')).toHaveText(DEMO.inviteCode)
  await shareInvite(page, strings)
  await expect.poll(() => telegramEvents(page, 'web_app_open_tg_link')).toHaveLength(1)
  const [event] = (await telegramEvents(page, 'web_app_open_tg_link')) as { path_full: string }[]
  const shared = new URLSearchParams(event.path_full.replace(/^\/share\/url\?/, ''))
  expect(shared.get('url')).toBe(`${baseURL}/register?code=${DEMO.inviteCode}`)
  await expect.poll(() => telegramEvents(page, 'web_app_trigger_haptic_feedback')).toContainEqual({ type: 'notification', notification_type: 'success' })
})

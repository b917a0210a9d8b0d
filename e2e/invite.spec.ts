// Sharing an invite reopens the app in the same messenger (spec 2 "Home", DESIGN.md "Platform
// adapter"): LINE through shareTargetPicker, Telegram through shareURL, a browser by copying.
import type { Page } from '@playwright/test'
import { DEMO, LIFF_ID, TELEGRAM, expect, shareInvite, signIn, telegramEvents, test, type Strings } from './fixtures'

async function signInAsDemo(page: Page, open: (path: string) => Promise<void>, strings: Strings) {
  await open('/login')
  await signIn(page, strings)
  await expect(page).toHaveURL(/\/user\/home$/)
  await expect(page.getByTestId('invite-code')).toHaveText(DEMO.inviteCode)
}

test('LINE: the invite goes out through shareTargetPicker with a LIFF link', async ({ page, open, platform, strings: th }) => {
  test.skip(platform !== 'line', 'LINE only')
  await signInAsDemo(page, open, th)
  await page.evaluate(() => {
    type Liff = { $mock: { set(fn: (p: object) => object): void }; shareTargetPicker(messages: unknown): Promise<unknown> }
    const liff = (window as unknown as { liff: Liff }).liff
    liff.$mock.set((p) => ({ ...p, isApiAvailable: true, shareTargetPicker: { status: 'success' } }))
    const original = liff.shareTargetPicker.bind(liff)
    liff.shareTargetPicker = (messages) => {
      Object.assign(window, { __shared: messages })
      return original(messages)
    }
  })
  await shareInvite(page, th)
  const shared = await page.waitForFunction(() => (window as unknown as { __shared?: { type: string; text: string }[] }).__shared)
  const [message] = (await shared.jsonValue()) as { type: string; text: string }[]
  expect(message.type).toBe('text')
  expect(message.text).toContain(`https://liff.line.me/${LIFF_ID}/register?code=${DEMO.inviteCode}`)
  await expect(page.locator('.toast')).toHaveCount(0)
})

test('Telegram: the invite goes out through shareURL with a startapp link', async ({ page, open, platform, strings: th }) => {
  test.skip(platform !== 'telegram', 'Telegram only')
  await signInAsDemo(page, open, th)
  await shareInvite(page, th)
  await expect.poll(() => telegramEvents(page, 'web_app_open_tg_link')).toHaveLength(1)
  const [event] = (await telegramEvents(page, 'web_app_open_tg_link')) as { path_full: string }[]
  const shared = new URLSearchParams(event.path_full.replace(/^\/share\/url\?/, ''))
  expect(event.path_full.startsWith('/share/url?')).toBe(true)
  expect(shared.get('url')).toBe(`https://t.me/${TELEGRAM.botUsername}/${TELEGRAM.appName}?startapp=${DEMO.inviteCode}`)
})

test('browser: without navigator.share the invite link is copied with a toast', async ({ page, open, platform, context, baseURL, strings: th }) => {
  test.skip(platform !== 'browser', 'browser only')
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }))
  await signInAsDemo(page, open, th)
  await shareInvite(page, th)
  const link = `${baseURL}/register?code=${DEMO.inviteCode}`
  await expect(page.getByRole('status').filter({ hasText: th.common.copied.replace('{{text}}', link) })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/register?code=${DEMO.inviteCode}`)
})

// A statement receipt shared through Telegram (issue 17): shareURL with the receipt's words and the
// Mini App's link.
import { TELEGRAM, expect, telegramEvents, test } from '../fixtures'
import { openDemoReceipt } from '../shared/receipt'

test('Telegram: a receipt goes out through shareURL with its reference and the Mini App link', async ({ page, open, request, strings }) => {
  const receipt = await openDemoReceipt(page, request, open, strings)
  await receipt.getByRole('button', { name: strings.receipt.share }).click()
  await expect.poll(() => telegramEvents(page, 'web_app_open_tg_link')).toHaveLength(1)
  const [event] = (await telegramEvents(page, 'web_app_open_tg_link')) as { path_full: string }[]
  expect(event.path_full.startsWith('/share/url?')).toBe(true)
  const shared = new URLSearchParams(event.path_full.replace(/^\/share\/url\?/, ''))
  expect(shared.get('url')).toBe(`https://t.me/${TELEGRAM.botUsername}/${TELEGRAM.appName}`)
  expect(shared.get('text')).toContain(`${strings.receipt.reference}: `)
  await expect(page.locator('.toast')).toHaveCount(0)
})

// The live chat at 390x844 in Thai: light in the browser, dark in Telegram (issue 19). A guest on
// the contact page writes, the agent answers with every message type, and the conversation is
// photographed from its start to its end; then the bubble with unread messages, and the states of
// a message that could not go.
import th from '../../contract/locales/th.json' with { type: 'json' }
import { DARK_THEME, expect, telegramHash, test } from '../fixtures'
import { agentSays, chatWithEveryType, enableChat, guestOf } from '../shared/chat'

const OUT = process.env.SHOTS_OUT ?? 'test-results/shots'
const WORDS = { hello: 'สวัสดีค่ะ ยินดีให้บริการค่ะ', pick: 'เลือกหัวข้อที่ต้องการได้เลยค่ะ', more: 'มีอะไรให้ช่วยเพิ่มเติมไหมคะ' }

test('chat', async ({ page, platform, request }) => {
  await enableChat(request)
  await page.addInitScript(() => localStorage.setItem('locale', 'th'))
  const hash = platform === 'telegram' ? telegramHash({ theme: DARK_THEME, languageCode: 'th' }) : ''
  const prefix = `${OUT}/${platform === 'telegram' ? 'telegram-dark' : 'browser-light'}`
  const settle = () => page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity))
  await page.goto(`/contact${hash}`)
  await expect(page.getByTestId('chat-bubble')).toBeVisible()
  await settle()
  await page.screenshot({ path: `${prefix}-chat-bubble.png` })

  const panel = await chatWithEveryType(page, request, th, WORDS)
  const log = panel.getByTestId('chat-log')
  await expect(log.locator('img').first()).toHaveJSProperty('complete', true)
  const height = await log.evaluate((element) => element.scrollHeight - element.clientHeight)
  const stops = Math.max(1, Math.ceil(height / 520))
  for (let stop = 0; stop <= stops; stop++) {
    await log.evaluate((element, top) => element.scrollTo({ top }), Math.round((height * stop) / stops))
    await settle()
    await page.screenshot({ path: `${prefix}-chat-${stop + 1}.png` })
  }

  // Closed with two unread agent messages: the bubble counts them.
  await panel.getByRole('button', { name: th.common.close, exact: true }).click()
  const guest = await guestOf(page)
  await agentSays(request, guest, { message_type: 'text', payload: 'ได้รับเรื่องแล้วค่ะ' })
  await agentSays(request, guest, { message_type: 'text', payload: 'ทีมงานกำลังตรวจสอบให้ค่ะ' })
  await expect(page.getByTestId('chat-bubble')).toContainText('2')
  await settle()
  await page.screenshot({ path: `${prefix}-chat-unread.png` })

  // A message the server refused, a picture uploading, a file refused, text over the limit.
  await page.getByTestId('chat-bubble').click()
  await page.route('**/api/chat/send-message', (route) => route.fulfill({ status: 400, json: { message: 'KEY_INVALID' } }))
  let release = () => {}
  await page.route('**/api/chat/upload-image', (route) => new Promise<void>((resolve) => { release = resolve }).then(() => route.abort()))
  const input = panel.getByRole('textbox', { name: th.chat.placeholder })
  await input.fill('ขอเช็กยอดฝากหน่อยค่ะ')
  await input.press('Enter')
  await expect(panel.getByRole('button', { name: th.chat.resend })).toBeVisible()
  await page.getByTestId('chat-file').setInputFiles('e2e/assets/invite-qr.png')
  await page.getByTestId('chat-file').setInputFiles({ name: 'notes', mimeType: 'text/plain', buffer: Buffer.from('x') })
  await expect(panel.getByText(th.chat.fileNotSupported)).toBeVisible()
  await input.fill('ก'.repeat(1950))
  await settle()
  await page.screenshot({ path: `${prefix}-chat-states.png` })
  release()
})

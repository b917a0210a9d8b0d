// The live chat in browser tests: switching it on for this worker's server, the agent's replies
// through POST /dev/chat/reply, and one message of every type (spec 2 "Chat widget").
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { ChatItem } from '../../contract'
import { devPost, expect, test } from '../fixtures'
import { serverUrl } from '../servers'

export type ChatWho = { guestId: string } | { userId: string }

/** Config names this server (or `url`, a way to it) as the chat backend and the operator's switch is on (spec 2). */
export async function enableChat(request: APIRequestContext, url = serverUrl(test.info().parallelIndex)): Promise<void> {
  await devPost(request, '/dev/config', { chat: url })
  await devPost(request, '/dev/settings', { enableChatWidget: true })
}

/** An agent's message to a guest or member, as the operator's console would send it; `name`, the
 *  agent's name the player sees (a staff reply carries its author's first name). */
export async function agentSays(request: APIRequestContext, who: ChatWho, message: { message_type: string; payload: unknown }, newSession = false, name?: string): Promise<ChatItem> {
  const response = await request.post('/dev/chat/reply', { data: { ...who, message, ...(newSession && { newSession }), ...(name && { name }) } })
  expect(response.ok(), `reply answered ${response.status()} ${await response.text()}`).toBe(true)
  return (await response.json()) as ChatItem
}

/** The conversation as the server keeps it, oldest first. */
export async function serverHistory(request: APIRequestContext, who: ChatWho, headers: Record<string, string> = {}): Promise<ChatItem[]> {
  const response = await request.post('/api/chat/history', { data: { ...who, limit: 50, skip: 0 }, headers: { 'X-Requested-With': 'wallet-user', ...headers } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as ChatItem[]).reverse()
}

/** This device's guest id (spec 3 `guest-id`). */
export async function guestOf(page: Page): Promise<{ guestId: string }> {
  const guestId = await page.evaluate(() => localStorage.getItem('guest-id'))
  expect(guestId).toBeTruthy()
  return { guestId: guestId! }
}

/** Opens the chat from its bubble; answers the panel. */
export async function openChat(page: Page, strings: { chat: { title: string } }): Promise<Locator> {
  // Settled where it covers nothing (it rises clear of a control under its place).
  const bubble = page.getByTestId('chat-bubble')
  await expect(bubble).not.toHaveClass(/chat-bubble--away/)
  await bubble.click()
  const panel = page.getByRole('dialog', { name: strings.chat.title })
  await expect(panel).toBeVisible()
  return panel
}

/** A game's card art the server has (public/games): an image the agent can point at. */
export const ART = (code: string) => `/games/art-${code}.svg`

/** The labels an agent of the Thai variant gives its buttons, cards and replies: in Thai, as the
 *  operator writes them (the screenshots show them). */
export const AGENT_LABELS = {
  website: 'เว็บไซต์',
  call: 'โทร 02-123-4567',
  deposit: 'วิธีเติมเงิน',
  caption: 'โปรโมชันใหม่',
  card: (n: number) => `โปรโมชัน ${n}`,
  open: (n: number) => `ดูโปร ${n}`,
  yes: 'ใช่',
  noThanks: 'ไม่ล่ะ ขอบคุณ',
  sticker: 'ขอบคุณค่ะ',
  /** The staff member answering, by the first name the console signs replies with. */
  agent: 'นุ่น',
} as const

/** One agent message of each type the widget renders, in the player's language where it shows words. */
export const EVERY_TYPE = (words: { hello: string; pick: string; more: string }) => [
  { message_type: 'text', payload: `${words.hello} <b>VIP</b> <a href="https://example.com/help">example.com/help</a>` },
  {
    message_type: 'buttons',
    payload: {
      text: words.pick,
      buttons: [
        { title: AGENT_LABELS.website, type: 'web', payload: 'https://example.com/help' },
        { title: AGENT_LABELS.call, type: 'call', payload: '021234567' },
        { title: AGENT_LABELS.deposit, type: 'postback', payload: 'HELP_DEPOSIT' },
      ],
    },
  },
  { message_type: 'media', payload: { url: false, fileType: 'image', filePath: ART('joker'), name: 'promo.svg', message: AGENT_LABELS.caption } },
  {
    message_type: 'generic',
    payload: {
      elements: ['joker', 'betflix', 'circus'].map((code, index) => ({
        title: AGENT_LABELS.card(index + 1), subtitle: code.toUpperCase(), image_url: ART(code),
        buttons: [{ title: AGENT_LABELS.open(index + 1), type: 'web', payload: `https://example.com/${code}` }],
      })),
    },
  },
  { message_type: 'sticker', payload: { url: ART('circus'), alt: AGENT_LABELS.sticker } },
  // A type the app does not know (a shared location): a neutral placeholder.
  { message_type: 'location', payload: { latitude: 13.7563, longitude: 100.5018 } },
  { message_type: 'quick_replies', payload: { text: words.more, quick_replies: [{ title: AGENT_LABELS.yes, type: 'postback', payload: 'YES' }, { title: AGENT_LABELS.noThanks, type: 'reply' }] } },
]

/** Every message type on screen, as the axe table and the screenshots show it: the guest wrote
 *  first, the agent answered with each type, the player took a quick reply, a new session began. */
export async function chatWithEveryType(page: Page, request: APIRequestContext, strings: { chat: { title: string; placeholder: string; sent: string; endConversation: string } }, words: Parameters<typeof EVERY_TYPE>[0]): Promise<Locator> {
  const panel = await openChat(page, strings)
  const input = panel.getByRole('textbox', { name: strings.chat.placeholder })
  await input.fill(words.hello)
  await input.press('Enter')
  await expect(panel.locator('.chat-msg--mine')).toContainText(strings.chat.sent)
  const who = await guestOf(page)
  await agentSays(request, who, { message_type: 'text', payload: words.hello }, true)
  for (const message of EVERY_TYPE(words)) await agentSays(request, who, message, false, AGENT_LABELS.agent)
  await expect(panel.locator('.chat-quick')).toBeVisible()
  await expect(panel.getByRole('separator')).toHaveText(strings.chat.endConversation)
  await expect(panel.getByTestId('chat-carousel').locator('img')).toHaveCount(3)
  return panel
}

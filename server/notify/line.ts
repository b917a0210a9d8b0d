// LINE's channel (issue 50 §2): a push from the operator's official account (Messaging API) to the
// linked LINE user, a buttons template whose one button opens the LIFF app on the event's screen.
// Plain calls rather than @line/bot-sdk, as for Telegram: one call (push), whose outcomes the
// server tells apart itself. Each push carries a retry key made from its delivery: LINE keeps one
// message per key (a second push with it answers 409), so a push sent again after a lost answer
// or a sender that stopped mid-call is never a second message.
import { createHash } from 'node:crypto'
import type { Message } from './messages'
import type { LineSettings } from './settings'
import type { SendOutcome } from './telegram'

export const LINE_API_URL = 'https://api.line.me'

/** LINE's limits: a buttons template's text without a title, a button's label, the alt text. */
const TEXT_MAX = 160
const LABEL_MAX = 20
const ALT_TEXT_MAX = 400

/** The delivery's retry key: a UUID (LINE requires one) fixed by the delivery's id. */
export function retryKeyOf(deliveryId: number): string {
  const hex = createHash('sha256').update(`wallet-notify-delivery:${deliveryId}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const cut = (text: string, max: number): string => ([...text].length <= max ? text : `${[...text].slice(0, max - 1).join('')}…`)

export async function pushLine(settings: LineSettings, userId: string, message: Message, deliveryId: number, timeoutMs = 10_000): Promise<SendOutcome> {
  let response: Response
  try {
    response = await fetch(`${settings.apiUrl}/v2/bot/message/push`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${settings.token}`, 'X-Line-Retry-Key': retryKeyOf(deliveryId) },
      body: JSON.stringify({
        to: userId,
        messages: [{
          type: 'template',
          altText: cut(message.text, ALT_TEXT_MAX),
          template: { type: 'buttons', text: cut(message.text, TEXT_MAX), actions: [{ type: 'uri', label: cut(message.button.label, LABEL_MAX), uri: message.button.url }] },
        }],
      }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    // Lost or never sent: either way the same key makes a second push the same message.
    const code = (error as { cause?: { code?: string } }).cause?.code
    return { outcome: 'retry', error: (error as Error).name === 'TimeoutError' ? 'no answer' : code ?? 'connection lost' }
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string }
  // 409: a push with this key was accepted already: the message went.
  if (response.ok || response.status === 409) return { outcome: 'sent' }
  const error = `${response.status} ${body.message ?? ''}`.trim()
  if (response.status === 429 || response.status >= 500) return { outcome: 'retry', error }
  // 400 for this user (not a user of this provider's channels, say): the channel goes off for them.
  if (response.status === 400 && /\bto\b|user/i.test(body.message ?? '')) return { outcome: 'blocked', error }
  return { outcome: 'failed', error }
}

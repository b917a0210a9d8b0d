// Telegram's channel (issue 50 §2): a message from the operator's bot with a web_app button that
// opens the Mini App on the event's screen. Plain calls to the Bot API rather than grammy's client:
// the server makes one call (sendMessage) and must tell its outcomes apart itself anyway (sent; the
// player blocked the bot; wait retry_after; may have gone), which a client library's retries and
// errors would only wrap; no dependency is added for it.
import type { Message } from './messages'
import type { TelegramSettings } from './settings'

export const TELEGRAM_API_URL = 'https://api.telegram.org'

/**
 * What became of a message: sent; refused for good for this member (blocked, never started, chat
 * gone: the channel goes off); refused for this message alone; to be tried again (not before
 * `afterMs`); or on its way when the answer was lost (it may have arrived: never sent twice).
 */
export type SendOutcome =
  | { outcome: 'sent' }
  | { outcome: 'blocked'; error: string }
  | { outcome: 'failed'; error: string }
  | { outcome: 'retry'; afterMs?: number; error: string }
  | { outcome: 'unknown'; error: string }

/** How long one call may take before its answer counts as lost. */
export const SEND_TIMEOUT_MS = 10_000

/** Errors of a request that never left this machine or never reached Telegram: safe to send again. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])

export async function sendTelegram(settings: TelegramSettings, chatId: string, message: Message, timeoutMs = SEND_TIMEOUT_MS): Promise<SendOutcome> {
  let response: Response
  try {
    response = await fetch(`${settings.apiUrl}/bot${settings.token}/sendMessage`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        chat_id: chatId,
        text: message.text,
        reply_markup: { inline_keyboard: [[{ text: message.button.label, web_app: { url: message.button.url } }]] },
      }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code
    // The token is in the address: an error names the code alone.
    if (code && NOT_SENT.has(code)) return { outcome: 'retry', error: code }
    return { outcome: 'unknown', error: (error as Error).name === 'TimeoutError' ? 'no answer' : code ?? 'connection lost' }
  }
  const body = (await response.json().catch(() => ({}))) as { ok?: boolean; description?: string; parameters?: { retry_after?: number } }
  if (response.ok && body.ok) return { outcome: 'sent' }
  const error = `${response.status} ${body.description ?? ''}`.trim()
  if (response.status === 429) {
    const seconds = body.parameters?.retry_after
    return { outcome: 'retry', error, ...(typeof seconds === 'number' && seconds > 0 ? { afterMs: seconds * 1000 } : {}) }
  }
  // 403: blocked by the user, deactivated, or the bot may not start the chat; 400 chat not found: no chat with the bot.
  if (response.status === 403 || (response.status === 400 && /chat not found/i.test(body.description ?? ''))) return { outcome: 'blocked', error }
  if (response.status >= 500) return { outcome: 'retry', error }
  return { outcome: 'failed', error }
}

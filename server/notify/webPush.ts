// Web Push's channel (issue 50 §2): a notification to the browser or home-screen app, through the
// push service its subscription names, shown by the service worker (public/sw-push.js). web-push
// encrypts the message to the browser's keys (RFC 8291) and signs the VAPID token (RFC 8292);
// the request itself goes through fetch, so its outcomes are told apart as the messengers' are and
// the dev stand-in can be plain HTTP. A push service has no retry key: an answer lost on the way
// leaves the message unknown, never sent twice.
import webPush from 'web-push'
import type { Message } from './messages'
import type { SubscriptionKeys } from './repo'
import type { WebPushSettings } from './settings'
import type { SendOutcome } from './telegram'

/**
 * The browsers' push services (Chrome and Android's FCM, Firefox's autopush, Safari's and iOS's
 * Apple push, Edge's WNS): a subscription pointing anywhere else is refused, so a member cannot make
 * the server post to an address of their choosing.
 */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /^(web\.push|[a-z0-9-]+\.push)\.apple\.com$/, /^[a-z0-9-]+\.notify\.windows\.com$/]

/** Whether `endpoint` is a browser's push service (or one the settings add: dev's stand-in). */
export function isPushService(endpoint: string, settings: WebPushSettings): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (settings.extraOrigins.includes(url.origin)) return true
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))
}

/** The browser's keys as RFC 8291 has them: a P-256 point (65 bytes, uncompressed) and a 16-byte secret. */
export function areSubscriptionKeys(p256dh: string, auth: string): boolean {
  const point = Buffer.from(p256dh, 'base64url')
  return point.length === 65 && point[0] === 4 && Buffer.from(auth, 'base64url').length === 16
}

/** What the service worker shows: the message's first line as the title, the rest as the body, and the screen its tap opens. */
export interface PushPayload { title: string; body: string; url: string; tag: string }

export const payloadOf = (message: Message, eventId: number): PushPayload => {
  const [title, ...rest] = message.text.split('\n')
  return { title, body: rest.join('\n'), url: message.button.url, tag: `event-${eventId}` }
}

/** Errors of a request that never reached the push service: safe to send again. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])

/** Sends `payload` to the subscription; `ttlSeconds`: how long the push service may hold it for an offline browser. */
export async function sendWebPush(settings: WebPushSettings, subscription: SubscriptionKeys, payload: PushPayload, ttlSeconds: number, timeoutMs = 10_000): Promise<SendOutcome> {
  const request = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails: { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey }, TTL: ttlSeconds, urgency: 'high', contentEncoding: 'aes128gcm' },
  )
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
  delete headers['Content-Length']
  let response: Response
  try {
    response = await fetch(request.endpoint, { method: 'POST', headers, body: request.body ? new Uint8Array(request.body) : undefined, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code
    if (code && NOT_SENT.has(code)) return { outcome: 'retry', error: code }
    return { outcome: 'unknown', error: (error as Error).name === 'TimeoutError' ? 'no answer' : code ?? 'connection lost' }
  }
  await response.body?.cancel()
  if (response.ok) return { outcome: 'sent' }
  const error = `${response.status} ${response.statusText}`.trim()
  // The subscription ended (unsubscribed, expired, the app removed): it is dropped.
  if (response.status === 404 || response.status === 410) return { outcome: 'blocked', error }
  if (response.status === 429 || response.status >= 500) {
    const seconds = Number(response.headers.get('retry-after'))
    return { outcome: 'retry', error, ...(Number.isFinite(seconds) && seconds > 0 ? { afterMs: seconds * 1000 } : {}) }
  }
  return { outcome: 'failed', error }
}

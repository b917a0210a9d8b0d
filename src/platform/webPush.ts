// Web Push in a plain browser and the home-screen app (issue 50 §2): the browser's permission and
// its push subscription through the service worker (serviceWorker.ts registers it; sw-push.js shows
// what arrives). Loaded on the player's tap (browser.ts): nothing here weighs on the first screen,
// and the permission is asked only inside that tap.
import type { PushSubscriptionRequest } from '../../contract'
import type { WebPushResult } from './types'

/** How long the service worker may take to be ready before the subscription gives up. */
const READY_MS = 10_000

/** The VAPID key as the Push API takes it: the raw P-256 point's bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i)
  return bytes
}

const sameKey = (key: ArrayBuffer | null, wanted: Uint8Array): boolean => {
  if (!key || key.byteLength !== wanted.length) return false
  const have = new Uint8Array(key)
  return have.every((byte, i) => byte === wanted[i])
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READY_MS)
  })
  try {
    return await Promise.race([navigator.serviceWorker.ready, late])
  } finally {
    clearTimeout(timer)
  }
}

const asRequest = (subscription: PushSubscription): PushSubscriptionRequest | null => {
  const json = subscription.toJSON()
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return null
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } }
}

/** Call inside a tap: asks the permission where not given yet, then subscribes with the server's key. */
export async function subscribe(vapidPublicKey: string): Promise<WebPushResult> {
  // Inside the tap: the browser shows its prompt only for a player's gesture.
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission
  if (permission !== 'granted') return { outcome: 'denied' }
  const ready = await registration()
  if (!ready) return { outcome: 'failed' }
  const key = keyBytes(vapidPublicKey)
  try {
    let subscription = await ready.pushManager.getSubscription()
    // One made for another server key (the operator changed the keys) is renewed.
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe()
      subscription = null
    }
    subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
    const request = asRequest(subscription)
    return request ? { outcome: 'subscribed', subscription: request } : { outcome: 'failed' }
  } catch {
    // NotAllowedError (permission taken back meanwhile), AbortError (the push service could not be reached).
    return { outcome: Notification.permission === 'denied' ? 'denied' : 'failed' }
  }
}

/** This browser's subscription ends (sign-out, turned off). */
export async function unsubscribe(): Promise<void> {
  const ready = await registration()
  const subscription = await ready?.pushManager.getSubscription().catch(() => null)
  await subscription?.unsubscribe().catch(() => false)
}

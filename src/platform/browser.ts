import { registerWith } from '../../contract/lib/paths'
import { inviteCodeFromText } from '../lib/inviteCode'
import { copyText } from './clipboard'
import { pickImage } from './pickImage'
import type { HapticKind, Platform, ShareResult, WebPush } from './types'

const VIBRATION: Record<HapticKind, number | number[]> = {
  success: 15,
  warning: [20, 60, 20],
  error: [40, 60, 40],
  select: 5,
}

function isAbortError(error: unknown): boolean {
  // Duck-typed: a DOMException from another realm is not `instanceof Error`.
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
}

/**
 * The browser's Web Push (issue 50), or null where it has none (iOS Safari outside a home-screen
 * app, an old browser). Its code comes with the player's tap (webPush.ts).
 */
function browserWebPush(): WebPush | null {
  if (!('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window)) return null
  return {
    permission: () => Notification.permission,
    subscribe: (vapidPublicKey) => import('./webPush').then((push) => push.subscribe(vapidPublicKey)),
    unsubscribe: () => import('./webPush').then((push) => push.unsubscribe()),
  }
}

/** Web Share when the device has it, else copy the link. */
export async function shareOrCopy(text: string, url: string, copy = url): Promise<ShareResult> {
  const data = { text, url }
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data)
      return 'shared'
    } catch (error) {
      if (isAbortError(error)) return 'cancelled'
      // NotAllowedError (no user activation) or a failed share sheet: copy instead.
    }
  }
  return (await copyText(copy)) ? 'copied' : 'failed'
}

/** A download of a file made here, through a link the page clicks (inside the player's tap). */
export function downloadFile(file: Blob, name: string): boolean {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its own copy once it started; the link's URL can go after this task.
  window.setTimeout(() => URL.revokeObjectURL(url), 0)
  return true
}

export function createBrowserPlatform(): Platform {
  let code: string | undefined
  return {
    kind: 'browser',
    async init() {
      code = inviteCodeFromText(window.location.href) ?? undefined
    },
    language: () => navigator.language || undefined,
    startParam: () => code,
    setBackButton() {
      // The browser has its own back button; the app's back is history.
    },
    share: shareOrCopy,
    canScanQr: () => true,
    async scanQr() {
      // The picker opens inside the tap; the decoder loads only once there is a photo to read.
      const file = await pickImage()
      if (!file) return null
      const { decodeQrImage } = await import('./qrImage')
      return decodeQrImage(file)
    },
    openExternal(url) {
      window.open(url, '_blank', 'noopener')
    },
    close() {
      window.close()
    },
    haptic(kind) {
      navigator.vibrate?.(VIBRATION[kind])
    },
    setVerticalSwipes() {
      // Only Telegram closes the app on a vertical swipe.
    },
    setClosingConfirmation() {
      // Only Telegram can ask before the app closes.
    },
    inviteUrl: (inviterCode) => `${window.location.origin}${registerWith(inviterCode)}`,
    appUrl: (path) => `${window.location.origin}${path}`,
    saveFile: downloadFile,
    mainButton: null,
    homeScreen: null,
    phoneContact: null,
    writeAccess: null,
    friendship: null,
    webPush: browserWebPush(),
    biometry: null,
    secureStorage: null,
    messengerCredential: () => null,
  }
}

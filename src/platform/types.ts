import type { RuntimeConfig } from '../../contract'
import type { MessengerCredential } from '../../contract/identity'
import type { PushSubscriptionRequest } from '../../contract/notifications'

export type PlatformKind = 'line' | 'telegram' | 'browser'

/** `copied`: no share sheet, the link was copied instead; `failed`: neither worked. */
export type ShareResult = 'shared' | 'copied' | 'cancelled' | 'failed'

export type HapticKind = 'success' | 'warning' | 'error' | 'select'

/** The part of the runtime config the platform layer reads. */
export type PlatformConfig = Pick<RuntimeConfig, 'line' | 'telegram'>

export type LineConfig = NonNullable<RuntimeConfig['line']>

export type TelegramConfig = NonNullable<RuntimeConfig['telegram']>

/** What the host's own main button says and whether it can be pressed now. */
export interface MainButtonAction {
  text: string
  enabled: boolean
  pending: boolean
}

/** Telegram's main button, below the webview: one at a time, the last shown wins. */
export interface MainButton {
  show(action: MainButtonAction, onPress: () => void): void
  hide(): void
}

/** Where the app stands on the device's home screen, as the host tells it. */
export type HomeScreenStatus = 'available' | 'added' | 'unsupported'

/** `added`: the host says the app is on the home screen; `asked`: the host took the request and
 *  cannot say how it ended (LINE); `failed`: refused or not possible. */
export type HomeScreenResult = 'added' | 'asked' | 'failed'

/** The host's own way to pin the app to the home screen (Telegram, LINE). */
export interface HomeScreen {
  status(): Promise<HomeScreenStatus>
  /** Call directly inside the tap: LINE opens its shortcut page before any await. */
  add(): Promise<HomeScreenResult>
}

/** The phone Telegram signed, as the server checks it: the raw strings, never a parsed object. */
export interface SignedContact {
  /** getRequestedContact's answer, untouched: `contact=<json>&auth_date=..&hash=..`. */
  contact: string
  /** The raw init data of this launch: the server believes the contact only for its user. */
  initData: string
}

/** Telegram's requestContact: the player is asked to share the phone of their Telegram account. */
export interface PhoneContact {
  /** The signed contact, or null when the player refused or cancelled, the client cannot, or no
   *  answer came in time. A second call while one is pending shares it (one dialog). */
  request(): Promise<SignedContact | null>
}

/** The player's biometry as Telegram names it. */
export type BiometryKind = 'face' | 'finger' | 'unknown'

export interface BiometryStatus {
  kind: BiometryKind
  /** A quick unlock secret is kept on this device. */
  saved: boolean
  /** The player refused Telegram the biometry: only Telegram's settings can allow it again. */
  denied: boolean
}

/** Telegram's BiometricManager (issue 31): a secret the device keeps behind the player's face or fingerprint. */
export interface BiometricVault {
  /** Null where the device has no biometry or the client does not answer. */
  status(): Promise<BiometryStatus | null>
  /** Asks the player's leave (once), then keeps the secret (Telegram asks for the biometry); false when refused or failed. */
  keep(secret: string, reason: string): Promise<boolean>
  /** The kept secret, after the player's face or fingerprint; null when refused, cancelled or none kept. */
  open(reason: string): Promise<string | null>
  /** Forgets the secret on this device. */
  forget(): Promise<void>
  /** Telegram's biometry settings for this bot (call inside a tap). */
  openSettings(): void
}

/** Telegram's SecureStorage (Bot API 9.0, the Keychain or Keystore): a remembered session's token. */
export interface SecureStore {
  /** The value, or null when none is kept or the client could not read it. */
  get(key: string): Promise<string | null>
  /** `null` removes it. False when the client could not keep it: the caller falls back. */
  set(key: string, value: string | null): Promise<boolean>
}

/** What the app asks of its host: a plain browser, LINE (LIFF) or Telegram (Mini App). */
/** Telegram's write-access dialog (Bot API 6.9): true allowed, false refused, null no answer (an older client, or none in time). */
export interface WriteAccess {
  request(): Promise<boolean | null>
}

/** LIFF's getFriendship: true a friend (and not blocking), false not, null not known (not logged in, no answer). */
export interface Friendship {
  status(): Promise<boolean | null>
}

/** What became of a Web Push subscription the player asked for. */
export type WebPushResult =
  | { outcome: 'subscribed'; subscription: PushSubscriptionRequest }
  | { outcome: 'denied' }
  | { outcome: 'failed' }

/** The browser's notifications through its push service (issue 50): a plain browser or home-screen app. */
export interface WebPush {
  /** The browser's permission as it stands (never asks). */
  permission(): NotificationPermission
  /** Call inside a tap: asks the permission where not given yet, then subscribes with the server's key. */
  subscribe(vapidPublicKey: string): Promise<WebPushResult>
  /** This browser's subscription ends (sign-out, turned off). */
  unsubscribe(): Promise<void>
}

export interface Platform {
  kind: PlatformKind
  init(): Promise<void>
  /** The language the player set in the host (Telegram's language_code, LINE's app language), undefined when it says none; a browser's is the device's. */
  language(): string | undefined
  /** Inviter code from a deep link (Telegram start_param, LINE/browser `?code=`). */
  startParam(): string | undefined
  /** Telegram back button; a no-op elsewhere. */
  setBackButton(visible: boolean, onBack: () => void): void
  /** Call directly inside a click handler: LINE opens a window before any await. Without a share
   *  sheet, `copy` (default the url) is copied instead, still inside the tap. */
  share(text: string, url: string, copy?: string): Promise<ShareResult>
  canScanQr(): boolean
  /** The scanned text, or null when cancelled or nothing was found. */
  scanQr(): Promise<string | null>
  openExternal(url: string): void
  close(): void
  haptic(kind: HapticKind): void
  /** Telegram: allow or stop swipe-down-to-close (off while the wheel or a carousel is dragged). */
  setVerticalSwipes(enabled: boolean): void
  /** Telegram: ask before the app closes (a money request pending, a QR deposit open). Use
   *  holdClosingConfirmation (platform/closingGuard) rather than calling this directly. */
  setClosingConfirmation(enabled: boolean): void
  /** A link that reopens the app in the same messenger. */
  inviteUrl(code: string): string
  /** A link that opens the app in the same messenger (at `path` where the host can carry one). */
  appUrl(path: string): string
  /** Saves a file the app made (a QR image) to the device; false where the host's webview drops
   *  such downloads (LINE, Telegram), and the app then shows it to be kept by a long press. */
  saveFile(file: Blob, name: string): boolean
  /** The host's main button for a money form's main action (Telegram); null where it has none. */
  mainButton: MainButton | null
  /** Pins the app to the home screen through the host; null in a browser (its manifest and install menu do that). */
  homeScreen: HomeScreen | null
  /** The phone of the player's Telegram account (issue 31); null outside Telegram. */
  phoneContact: PhoneContact | null
  /** Telegram's request that the bot may write to the player (issue 50); null outside Telegram. */
  writeAccess: WriteAccess | null
  /** LINE: whether the player is a friend of the official account the LIFF app is linked to (issue 50); null elsewhere. */
  friendship: Friendship | null
  /** Web Push (issue 50); null in the messengers' webviews and where the browser has none. */
  webPush: WebPush | null
  /** What the messenger signed about the player, for the server to verify (issue 31): Telegram's
   *  raw init data, LINE's ID token. Null in a browser, and where the messenger gives none (LINE
   *  not logged in, or a channel without the openid scope). */
  messengerCredential(): MessengerCredential | null
  /** Telegram's BiometricManager for quick unlock (issue 31); null elsewhere and on clients before Bot API 7.2. */
  biometry: BiometricVault | null
  /** Telegram's SecureStorage for a remembered session's token (issue 31); null elsewhere and before Bot API 9.0. */
  secureStorage: SecureStore | null
}

// The local storage keys of spec 3, in one place. Kept although nothing reads them yet, because
// the spec names them: `remember-agreement` and `last_sync` (the wallet home of issue 7) and
// `guest-id` (listed by spec 3, no screen of it yet).
export const storageKeys = {
  token: 'token',
  rememberAgreement: 'remember-agreement',
  lastSync: 'last_sync',
  locale: 'locale',
  inviterCode: 'code',
  guestId: 'guest-id',
  /** The remember-me choice of the last sign-in on this device; unchecked on a device never signed in on. */
  rememberMe: 'remember-me',
  /** The host's home-screen shortcut was offered on this device (or the host said it is there): never again. */
  homeScreenOffered: 'home-screen-offered',
  /** The messenger whose sign-in opened the stored session (issue 31), kept beside its token. */
  sessionMessenger: 'session-messenger',
  /** sessionStorage: this open's token is a remembered one, kept in the host's secure storage (issue 31). */
  tokenInVault: 'token-in-vault',
  /** The quick unlock (issue 31) this device keeps, by the server's id: the profile shows it as on. */
  quickUnlockId: 'quick-unlock-id',
  /** The members who answered "Not now" to linking a messenger on this device, per messenger. */
  linkDeclined: 'messenger-link-declined',
  /** "Not now" to notifications on this device (issue 50): the deposit's offer is not made again. */
  pushDeclined: 'push-declined',
} as const

export const LANGUAGE_COOKIE = 'i18next'

/** When the game balances were last read from the games (home's sync line), or null. */
export function readLastSync(): number | null {
  const value = Number(localStorage.getItem(storageKeys.lastSync))
  return Number.isFinite(value) && value > 0 ? value : null
}

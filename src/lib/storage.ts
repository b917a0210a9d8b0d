// The local storage keys of spec 3, in one place.
export const storageKeys = {
  token: 'token',
  rememberAgreement: 'remember-agreement',
  lastSync: 'last_sync',
  locale: 'locale',
  inviterCode: 'code',
  guestId: 'guest-id',
} as const

export const LANGUAGE_COOKIE = 'i18next'

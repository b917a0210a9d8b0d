// Issue 31 section 2 in Telegram: what the client keeps for the app on the device. BiometricManager
// (Bot API 7.2) holds the quick unlock secret behind the player's face or fingerprint;
// SecureStorage (Bot API 9.0, the Keychain or Keystore) holds a remembered session's token.
//
// Both through the SDK's bridge (`request`), not its `biometry` component: the component copies the
// decrypted biometric token into its state, which the SDK saves in sessionStorage, and does not
// follow an updated token. A client that lacks a method, refuses or never answers gives null or
// false, never an exception: the caller then does what it did without it.
import { createRequestId, postEvent, request, supports } from '@telegram-apps/sdk-react'
import type { BiometricVault, BiometryKind, BiometryStatus, SecureStore } from './types'

/** Telegram answers these from the device at once; a client that stays silent has not got them. */
export const VAULT_WAIT_MS = 5000
/** Telegram's own biometric prompt: the player may take their time over it. */
export const BIOMETRY_PROMPT_MS = 2 * 60 * 1000

interface BiometryInfo {
  available: boolean
  access_requested?: boolean
  access_granted?: boolean
  token_saved?: boolean
  type?: string
}

const kindOf = (type: string | undefined): BiometryKind => (type === 'face' ? 'face' : type === 'finger' ? 'finger' : 'unknown')

const statusOf = (info: BiometryInfo): BiometryStatus | null =>
  info.available
    ? { kind: kindOf(info.type), saved: info.token_saved === true, denied: info.access_requested === true && info.access_granted !== true }
    : null

/** Telegram's reason lines are 1 to 128 characters. */
const reasonLine = (reason: string) => reason.trim().slice(0, 128) || undefined

export function telegramBiometry(version: string): BiometricVault | null {
  if (!supports('web_app_biometry_get_info', version)) return null
  // Telegram tells what it keeps only by get_info; after an update the app knows better than its last answer.
  let saved: boolean | undefined
  const info = async (): Promise<BiometryStatus | null> => {
    try {
      const status = statusOf(await request('web_app_biometry_get_info', 'biometry_info_received', { timeout: VAULT_WAIT_MS }) as BiometryInfo)
      return status && saved !== undefined ? { ...status, saved } : status
    } catch {
      return null
    }
  }
  const update = async (token: string, reason?: string): Promise<boolean> => {
    try {
      const answer = await request('web_app_biometry_update_token', 'biometry_token_updated', {
        params: { token, reason: reasonLine(reason ?? '') },
        timeout: BIOMETRY_PROMPT_MS,
      })
      const done = answer.status === (token ? 'updated' : 'removed')
      if (done) saved = token !== ''
      return done
    } catch {
      return false
    }
  }
  return {
    status: info,
    async keep(secret, reason) {
      const status = await info()
      if (!status) return false
      if (status.denied) return false
      try {
        const access = await request('web_app_biometry_request_access', 'biometry_info_received', {
          params: { reason: reasonLine(reason) },
          timeout: BIOMETRY_PROMPT_MS,
        }) as BiometryInfo
        if (!access.available || access.access_granted !== true) return false
      } catch {
        return false
      }
      return update(secret, reason)
    },
    async open(reason) {
      try {
        const answer = await request('web_app_biometry_request_auth', 'biometry_auth_requested', {
          params: { reason: reasonLine(reason) },
          timeout: BIOMETRY_PROMPT_MS,
        })
        return answer.status === 'authorized' && answer.token ? answer.token : null
      } catch {
        return null
      }
    },
    async forget() {
      await update('')
    },
    openSettings() {
      // Only inside the player's tap, as Telegram requires.
      try {
        postEvent('web_app_biometry_open_settings')
      } catch {
        // An old client: nothing to open.
      }
    },
  }
}

type StorageAnswer = { value?: unknown } | null

/** One SecureStorage call, matched to its answer by its request id: the answer, or null when
 *  Telegram said secure_storage_failed (no Keychain or Keystore, over its limit) or stayed silent. */
async function storageCall(
  method: 'web_app_secure_storage_get_key' | 'web_app_secure_storage_save_key',
  success: 'secure_storage_key_received' | 'secure_storage_key_saved',
  params: { key: string } | { key: string; value: string | null },
): Promise<StorageAnswer> {
  const reqId = createRequestId()
  let failed = false
  try {
    const answer = await request(method as 'web_app_secure_storage_save_key', [success, 'secure_storage_failed'], {
      params: { req_id: reqId, ...params } as { req_id: string; key: string; value: string | null },
      capture: ({ event, payload }) => {
        if (payload.req_id !== reqId) return false
        failed = event === 'secure_storage_failed'
        return true
      },
      timeout: VAULT_WAIT_MS,
    })
    return failed ? null : (answer as StorageAnswer) ?? {}
  } catch {
    return null
  }
}

export function telegramSecureStorage(version: string): SecureStore | null {
  if (!supports('web_app_secure_storage_get_key', version)) return null
  return {
    async get(key) {
      const answer = await storageCall('web_app_secure_storage_get_key', 'secure_storage_key_received', { key })
      return answer && typeof answer.value === 'string' ? answer.value : null
    },
    async set(key, value) {
      return (await storageCall('web_app_secure_storage_save_key', 'secure_storage_key_saved', { key, value })) !== null
    },
  }
}

// Whether quick unlock is offered here (issue 31), apart from its calls so the screens that only
// decide whether to show it (login, profile, the step-up prompt) carry nothing more.
import { storageKeys } from '../../lib/storage'
import type { BiometricVault } from '../../platform/types'
import { getConfig } from '../config'

/** Inside Telegram where the operator has the Telegram identity on and the client has biometry. */
export const quickUnlockOffered = (kind: string, biometry: BiometricVault | null): biometry is BiometricVault =>
  kind === 'telegram' && biometry !== null && getConfig().identity?.telegram === true

/** This device's quick unlock, by the server's id, or null: the app's own record that this phone turned it on. */
export function ownQuickUnlockId(): number | null {
  const id = Number(localStorage.getItem(storageKeys.quickUnlockId))
  return Number.isInteger(id) && id > 0 ? id : null
}

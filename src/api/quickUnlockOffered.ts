// Whether quick unlock is offered here (issue 31), apart from its calls so the screens that only
// decide whether to show it (login, profile, the step-up prompt) carry nothing more.
import type { BiometricVault } from '../platform/types'
import { getConfig } from './config'

/** Inside Telegram where the operator has the Telegram identity on and the client has biometry. */
export const quickUnlockOffered = (kind: string, biometry: BiometricVault | null): biometry is BiometricVault =>
  kind === 'telegram' && biometry !== null && getConfig().identity?.telegram === true

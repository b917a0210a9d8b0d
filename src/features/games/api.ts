// Game accounts (spec 7 "Wallet"): open one, read or reset its credentials, and the auto-login link.
import { call } from '../../api/call'
import { autoLoginEndpoints } from '../../api/contract/autoLogin'
import { walletEndpoints } from '../../api/contract/wallet'
import type { AutoLoginParams } from '../../lib/games'
import { walletKeys } from '../../api/wallet'

/** Under the wallet's key, as the accounts are the wallet's. */
export const gameKeys = {
  all: [...walletKeys.all, 'games'] as const,
  credentials: (code: string) => [...gameKeys.all, 'credentials', code.toUpperCase()] as const,
}

const slot = (code: string) => ({ params: { slotCode: code } })
export const activateSlot = (code: string) => call(walletEndpoints.activate, slot(code))
export const getCredentials = (code: string) => call(walletEndpoints.credentials, slot(code))
export const resetPassword = (code: string) => call(walletEndpoints.resetPassword, slot(code))
/** The link that opens the game signed in: by username, or by username and password, as the game takes. */
export const autoLoginLink = (params: AutoLoginParams) =>
  'password' in params ? call(autoLoginEndpoints.byPassword, { params }) : call(autoLoginEndpoints.byUsername, { params })

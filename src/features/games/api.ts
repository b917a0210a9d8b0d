// Game accounts (spec 7 "Wallet"): open one, read or reset its credentials, and the auto-login link.
import { api } from '../../api/http'
import { call } from '../../api/call'
import { walletEndpoints } from '../../api/contract/wallet'
import type { AutoLoginResponse } from '../../api/types'
import { walletKeys } from '../../api/wallet'

export const gameKeys = {
  credentials: (code: string) => [...walletKeys.all, 'credentials', code.toUpperCase()] as const,
}

const slot = (code: string) => ({ params: { slotCode: code } })
export const activateSlot = (code: string) => call(walletEndpoints.activate, slot(code))
export const getCredentials = (code: string) => call(walletEndpoints.credentials, slot(code))
export const resetPassword = (code: string) => call(walletEndpoints.resetPassword, slot(code))
export const autoLoginLink = (path: string) => api.get<AutoLoginResponse>(path)

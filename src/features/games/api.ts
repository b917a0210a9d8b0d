// Game accounts (spec 7 "Wallet"): open one, read or reset its credentials, and the auto-login link.
import { api } from '../../api/http'
import type { AutoLoginResponse, GameCredentials, MessageBody } from '../../api/types'
import { walletKeys } from '../../api/wallet'

export const gameKeys = {
  credentials: (code: string) => [...walletKeys.all, 'credentials', code.toUpperCase()] as const,
}

const slot = (code: string) => encodeURIComponent(code)
export const activateSlot = (code: string) => api.get<MessageBody>(`/api/wallet/activate/${slot(code)}`)
export const getCredentials = (code: string) => api.get<GameCredentials>(`/api/wallet/account/${slot(code)}`)
export const resetPassword = (code: string) => api.get<GameCredentials>(`/api/wallet/resetpassword/${slot(code)}`)
export const autoLoginLink = (path: string) => api.get<AutoLoginResponse>(path)

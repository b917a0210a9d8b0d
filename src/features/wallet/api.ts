// The wallet (spec 7 "Wallet"): the member's main wallet, profile summary and game accounts.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../api/http'
import type { SlotsRefreshResponse, WalletResponse } from '../../api/types'

export const walletKeys = {
  all: ['wallet'] as const,
  detail: () => [...walletKeys.all, 'detail'] as const,
}

export const getWallet = () => api.get<WalletResponse>('/api/wallet')
export const refreshSlots = () => api.get<SlotsRefreshResponse>('/api/wallet/refresh/slot')

export const walletQuery = () => queryOptions({ queryKey: walletKeys.detail(), queryFn: getWallet })
export const useWallet = () => useQuery(walletQuery())

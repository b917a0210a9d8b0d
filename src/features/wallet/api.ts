// The wallet (spec 7 "Wallet"): the member's main wallet, profile summary and game accounts, and
// the calls that move money or open game accounts.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { takeEarly, WALLET_PATH } from '../../api/early'
import { retryTransientOnce } from '../../api/queryClient'
import { api, LONG_TIMEOUT_MS } from '../../api/http'
import type {
  ActiveResponse, AutoLoginResponse, BonusActiveCheck, GameCredentials, HtmlListResponse, MessageBody, SlotsRefreshResponse, TransferResponse,
  WalletResponse, WithdrawLimits, WithdrawResponse,
} from '../../api/types'
import { storageKeys } from '../../lib/storage'

export const walletKeys = {
  all: ['wallet'] as const,
  detail: () => [...walletKeys.all, 'detail'] as const,
  credentials: (code: string) => [...walletKeys.all, 'credentials', code.toUpperCase()] as const,
  withdrawLimits: () => [...walletKeys.all, 'withdraw-limits'] as const,
  agreements: () => [...walletKeys.all, 'agreements'] as const,
  bonusActive: () => [...walletKeys.all, 'bonus-active'] as const,
}

/** The wallet; the first read on a cold home takes the answer the prepaint script asked for. */
export const getWallet = async (): Promise<WalletResponse> =>
  (await takeEarly('wallet')) ?? api.get<WalletResponse>(WALLET_PATH)
export const refreshSlots = () => api.get<SlotsRefreshResponse>('/api/wallet/refresh/slot')

/** Screens that show a failed load inline retry once, so the player sees the retry in seconds. */
const inline = { meta: { silent: true }, retry: retryTransientOnce } as const

export const walletQuery = () => queryOptions({ queryKey: walletKeys.detail(), queryFn: getWallet, ...inline })
export const useWallet = () => useQuery(walletQuery())

/** Puts fresh balances (refresh/slot, or a transfer's answer) into the cached wallet and notes when. */
export function storeBalances(client: QueryClient, balances: Partial<SlotsRefreshResponse>): void {
  client.setQueryData<WalletResponse>(walletKeys.detail(), (wallet) =>
    wallet && { ...wallet, ...(balances.wallet && { wallet: balances.wallet }), ...(balances.slots && { slots: balances.slots }) },
  )
  if (balances.slots) {
    localStorage.setItem(storageKeys.lastSync, String(Date.now()))
    for (const listener of syncListeners) listener()
  }
}

const syncListeners = new Set<() => void>()

/** When the balances were last refreshed from the games (epoch ms), if ever. */
export function lastSync(): number | null {
  const value = Number(localStorage.getItem(storageKeys.lastSync))
  return Number.isFinite(value) && value > 0 ? value : null
}

/** lastSync(), re-read whenever any refresh (the card's, refresh-all, a transfer) stores balances. */
export const useLastSync = () =>
  useSyncExternalStore((listener) => {
    syncListeners.add(listener)
    return () => syncListeners.delete(listener)
  }, lastSync)

const headers = (extra: Record<string, string>) => ({ headers: extra })

export const transfer = (body: { from: string; to: string; amount: number }, idempotency: Record<string, string>) =>
  api.post<TransferResponse>('/api/wallet/transfer', body, headers(idempotency))
export const transferAll = (to: string, idempotency: Record<string, string>) =>
  api.post<TransferResponse>('/api/wallet/transferAll', { to }, headers(idempotency))
/** The withdraw modal's call (spec 7: withdrawAll, with the amount). */
export const withdraw = (amount: number, idempotency: Record<string, string>) =>
  api.post<WithdrawResponse>('/api/wallet/withdrawAll', { amount }, headers(idempotency))

const slot = (code: string) => encodeURIComponent(code)
export const activateSlot = (code: string) => api.get<MessageBody>(`/api/wallet/activate/${slot(code)}`)
export const getCredentials = (code: string) => api.get<GameCredentials>(`/api/wallet/account/${slot(code)}`)
export const resetPassword = (code: string) => api.get<GameCredentials>(`/api/wallet/resetpassword/${slot(code)}`)
export const autoLoginLink = (path: string) => api.get<AutoLoginResponse>(path)

/** Spec 7: invite collect waits up to 5 minutes. */
export const collectInvite = (idempotency: Record<string, string>) =>
  api.get<MessageBody>('/api/invite/collect', { timeout: LONG_TIMEOUT_MS, headers: idempotency })

export const useWithdrawLimits = (enabled: boolean) =>
  useQuery({ queryKey: walletKeys.withdrawLimits(), queryFn: () => api.get<WithdrawLimits>('/api/lookup/withdraw'), enabled, ...inline })

/** Whether a bonus is held, read afresh each time the withdraw modal opens (spec 1's rule depends on it). */
export const useBonusActive = (enabled: boolean) =>
  useQuery({
    queryKey: walletKeys.bonusActive(), queryFn: () => api.get<BonusActiveCheck>('/api/bonus/check/active'),
    enabled, staleTime: 0, ...inline,
  })

/** PUT /api/account/bankAccountName (spec 7): the registered account's holder name, bank unchanged. */
export const saveBankAccountName = (body: { bankCode: string; bankAccountName: string }) =>
  api.put<MessageBody>('/api/account/bankAccountName', body)

export const useAgreements = (enabled: boolean) =>
  useQuery({ queryKey: walletKeys.agreements(), queryFn: () => api.get<HtmlListResponse>('/api/lookup/agreements'), enabled, ...inline })

/** Spec 2: the spin action shows only while a spin campaign is active (lookup "active"). */
export const useSpinActive = () =>
  useQuery({ queryKey: [...walletKeys.all, 'active'], queryFn: () => api.get<ActiveResponse>('/api/lookup/active'), meta: { silent: true }, select: (data) => data.isActive })

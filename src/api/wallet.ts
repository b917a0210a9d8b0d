// The wallet every money feature reads (spec 7 "Wallet"): the member's main wallet, profile
// summary and game accounts, its query, and the balances a refresh or a money call brings back.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useId, useSyncExternalStore } from 'react'
import { readLastSync, storageKeys } from '../lib/storage'
import { earlyWalletAt, takeEarly } from './early'
import { call } from './call'
import { walletEndpoints } from '../../contract/wallet'
import { shownInline } from './queryClient'
import type { SlotsRefreshResponse, WalletResponse } from '../../contract'

/** The wallet area's keys. What money moves (the statement, rewards, game credentials) is keyed
 *  under `all` too, so whatever reads the wallet again after money moved reads those again. */
export const walletKeys = {
  all: ['wallet'] as const,
  detail: () => [...walletKeys.all, 'detail'] as const,
  withdrawLimits: () => [...walletKeys.all, 'withdraw-limits'] as const,
  agreements: () => [...walletKeys.all, 'agreements'] as const,
}

/** The wallet; the first read on a cold home takes the answer the prepaint script asked for. */
export const getWallet = async (): Promise<WalletResponse> => {
  const early = await takeEarly('wallet')
  const wallet = early ?? (await call(walletEndpoints.wallet))
  // The wallet carries every game balance: a load is as fresh as a refresh (issue 17), as of its
  // answer (the page's prerendered home said so too: src/prerender/homeFrame.ts).
  noteSynced(early ? earlyWalletAt() : undefined)
  return wallet
}

export const walletQuery = () => queryOptions({ queryKey: walletKeys.detail(), queryFn: getWallet, ...shownInline })
export const useWallet = () => useQuery(walletQuery())

/**
 * The wallet as a read begun now answers it: a deposit receipt's "wallet now", after money came
 * from outside (a QR paid, a slip approved, a gift link redeemed) in an answer that carried no
 * balance. A query of its own for each receipt shown, so that no read begun before the money came,
 * and nothing the cache held, can stand for it.
 */
export function useWalletReadNow() {
  const receipt = useId()
  return useQuery({ queryKey: [...walletKeys.detail(), 'read now', receipt], queryFn: () => call(walletEndpoints.wallet), staleTime: Infinity, gcTime: 0 })
}

/** Puts fresh balances (refresh/slot, or a transfer's answer) into the cached wallet and notes when. */
export function storeBalances(client: QueryClient, balances: Partial<SlotsRefreshResponse>): void {
  client.setQueryData<WalletResponse>(walletKeys.detail(), (wallet) =>
    wallet && { ...wallet, ...(balances.wallet && { wallet: balances.wallet }), ...(balances.slots && { slots: balances.slots }) },
  )
  if (balances.slots) noteSynced()
}

/** Refresh (spec 2): every game's balance read from the games and put into the cached wallet. */
export function useRefreshSlots(): () => Promise<void> {
  const client = useQueryClient()
  return () => call(walletEndpoints.refreshSlots).then((balances) => storeBalances(client, balances))
}

/** Notes that the balances shown are fresh now (spec 3's `last_sync`) and tells the card. */
function noteSynced(at = Date.now()): void {
  localStorage.setItem(storageKeys.lastSync, String(at))
  for (const listener of syncListeners) listener()
}

const syncListeners = new Set<() => void>()

/** When the balances were last refreshed from the games (readLastSync), re-read whenever any refresh (the card's, refresh-all, a transfer) stores balances. */
export const useLastSync = () =>
  useSyncExternalStore((listener) => {
    syncListeners.add(listener)
    return () => syncListeners.delete(listener)
  }, readLastSync, readLastSync)

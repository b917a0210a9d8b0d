// The wallet's own money calls (spec 7 "Wallet"): transfers, the withdrawal and what the withdraw
// modal reads, the registered account's holder name, and the agreements home shows.
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/http'
import { call } from '../../api/call'
import { walletEndpoints } from '../../api/contract/wallet'
import type { HtmlListResponse, MessageBody, WithdrawLimits } from '../../api/types'
import { shownInline as inline, walletKeys } from '../../api/wallet'

const keys = {
  withdrawLimits: () => [...walletKeys.all, 'withdraw-limits'] as const,
  agreements: () => [...walletKeys.all, 'agreements'] as const,
}

export const transfer = (body: { from: string; to: string; amount: number }, headers: Record<string, string>) =>
  call(walletEndpoints.transfer, { body, headers })
export const transferAll = (to: string, headers: Record<string, string>) => call(walletEndpoints.transferAll, { body: { to }, headers })
/** The withdraw modal's call (spec 7: withdrawAll, with the amount). */
export const withdraw = (amount: number, headers: Record<string, string>) => call(walletEndpoints.withdrawAll, { body: { amount }, headers })

export const useWithdrawLimits = (enabled: boolean) =>
  useQuery({ queryKey: keys.withdrawLimits(), queryFn: () => api.get<WithdrawLimits>('/api/lookup/withdraw'), enabled, ...inline })

/** PUT /api/account/bankAccountName (spec 7): the registered account's holder name, bank unchanged. */
export const saveBankAccountName = (body: { bankCode: string; bankAccountName: string }) =>
  api.put<MessageBody>('/api/account/bankAccountName', body)

export const useAgreements = (enabled: boolean) =>
  useQuery({ queryKey: keys.agreements(), queryFn: () => api.get<HtmlListResponse>('/api/lookup/agreements'), enabled, ...inline })

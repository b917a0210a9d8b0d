// The wallet's own money calls (spec 7 "Wallet"): transfers, the withdrawal and what the withdraw
// modal reads, the registered account's holder name, and the agreements home shows.
import { useQuery } from '@tanstack/react-query'
import { call } from '../../api/call'
import { accountEndpoints } from '../../api/contract/account'
import { memberLookupEndpoints } from '../../api/contract/lookup'
import { walletEndpoints } from '../../api/contract/wallet'
import { shownInline as inline } from '../../api/queryClient'
import { walletKeys } from '../../api/wallet'

export const transfer = (body: { from: string; to: string; amount: number }, headers: Record<string, string>) =>
  call(walletEndpoints.transfer, { body, headers })
export const transferAll = (to: string, headers: Record<string, string>) => call(walletEndpoints.transferAll, { body: { to }, headers })
/** The withdraw modal's call (spec 7: withdrawAll, with the amount). */
export const withdraw = (amount: number, headers: Record<string, string>) => call(walletEndpoints.withdrawAll, { body: { amount }, headers })

export const useWithdrawLimits = (enabled: boolean) =>
  useQuery({ queryKey: walletKeys.withdrawLimits(), queryFn: () => call(memberLookupEndpoints.withdraw), enabled, ...inline })

/** PUT /api/account/bankAccountName (spec 7): the registered account's holder name, bank unchanged. */
export const saveBankAccountName = (body: { bankCode: string; bankAccountName: string }) => call(accountEndpoints.bankAccountName, { body })

export const useAgreements = (enabled: boolean) =>
  useQuery({ queryKey: walletKeys.agreements(), queryFn: () => call(memberLookupEndpoints.agreements), enabled, ...inline })

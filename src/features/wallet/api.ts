// The wallet's own money calls (spec 7 "Wallet"): transfers, the withdrawal and what the withdraw
// modal reads, the registered account's holder name, and the agreements home shows.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/call'
import type { TransferResponse, WithdrawResponse } from '../../../contract'
import { accountEndpoints } from '../../../contract/account'
import { memberLookupEndpoints } from '../../../contract/lookup'
import { walletEndpoints } from '../../../contract/wallet'
import { profileKeys } from '../../api/profile'
import { shownInline as inline } from '../../api/queryClient'
import { statementKeys } from '../../api/statement'
import { withStepUp } from '../../api/identity/stepUp'
import { useMoneyAction, type Reactions } from '../../api/useMoneyAction'
import { storeBalances, walletKeys } from '../../api/wallet'
import { i18n } from '../../i18n/i18n'
import { showToast } from '../../state/ui'

/** One amount between two accounts, or everything into one (transfer-all). */
export type TransferCall = { kind: 'one'; from: string; to: string; amount: number } | { kind: 'all'; to: string }

const transfer = (request: TransferCall, headers: Record<string, string>) =>
  request.kind === 'all'
    ? call(walletEndpoints.transferAll, { body: { to: request.to }, headers })
    : call(walletEndpoints.transfer, { body: { from: request.from, to: request.to, amount: request.amount }, headers })
/** The withdraw modal's call (spec 7: withdrawAll, with the amount). */
const withdraw = (amount: number, headers: Record<string, string>) => call(walletEndpoints.withdrawAll, { body: { amount }, headers })

/** A transfer: the answer's balance goes into the cached wallet. */
export function useTransfer({ onSuccess, onError }: Reactions<TransferResponse, TransferCall>) {
  const client = useQueryClient()
  return useMoneyAction<TransferResponse, TransferCall>({
    name: 'transfer',
    call: transfer,
    // The sheet closed before the answer: no receipt to show it on.
    toldWhenGone: () => showToast(i18n.t('transfer.success'), 'success'),
    onSuccess: (answer, request) => {
      storeBalances(client, { wallet: answer.wallet })
      onSuccess?.(answer, request)
    },
    onError: (error, request) => {
      // A transfer that failed came back, one still in transit left: either way the balances moved.
      void client.invalidateQueries({ queryKey: walletKeys.all })
      onError?.(error, request)
    },
  })
}

/** A withdrawal request: the answer's balance goes into the cached wallet. */
export function useWithdraw({ onSuccess, onError }: Reactions<WithdrawResponse, number>) {
  const client = useQueryClient()
  return useMoneyAction<WithdrawResponse, number>({
    name: 'withdraw',
    call: withdraw,
    toldWhenGone: () => showToast(i18n.t('withdraw.success'), 'success'),
    onSuccess: (answer, amount) => {
      storeBalances(client, { wallet: answer.wallet })
      onSuccess?.(answer, amount)
    },
    onError: (error, amount) => {
      // Refused, nothing moved; lost on the way back, it may have: the wallet and the withdrawals
      // waiting (the statement) are read again, so what the sheet says is what the server holds.
      void client.invalidateQueries({ queryKey: walletKeys.all })
      onError?.(error, amount)
    },
  })
}

export const useWithdrawLimits = (enabled: boolean) =>
  useQuery({ queryKey: walletKeys.withdrawLimits(), queryFn: () => call(memberLookupEndpoints.withdraw), enabled, ...inline })

/** PUT /api/account/bankAccountName (spec 7): the registered account's holder name, bank unchanged;
 *  the wallet and the profile, which show it, are read again. The screen shows its failure. A bank
 *  account change may ask for the password first (api/identity/stepUp.ts). */
export function useSaveBankAccountName(bankCode: string, { onSuccess }: Reactions<unknown, string>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (bankAccountName: string) => withStepUp(() => call(accountEndpoints.bankAccountName, { body: { bankCode, bankAccountName } }), { passwordOnly: true }),
    meta: { handlesError: true },
    onSuccess: (answer, name) => {
      void client.invalidateQueries({ queryKey: walletKeys.detail() })
      void client.invalidateQueries({ queryKey: profileKeys.detail() })
      onSuccess?.(answer, name)
    },
  })
}

export const useAgreements = (enabled: boolean) =>
  useQuery({ queryKey: walletKeys.agreements(), queryFn: () => call(memberLookupEndpoints.agreements), enabled, ...inline })

/** Home after a modal that moved money closed (spec 2): the wallet read again, and the statement's
 *  first page with it, as a withdrawal may have been requested and that page lists those waiting. */
export function useRefreshHome(): () => void {
  const client = useQueryClient()
  return () => {
    void client.invalidateQueries({ queryKey: walletKeys.detail() })
    void client.invalidateQueries({ queryKey: statementKeys.page(1) })
  }
}

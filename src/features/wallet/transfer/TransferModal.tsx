import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TransferResponse } from '../../../api/contract'
import { currentLanguage } from '../../../i18n/i18n'
import { readAmount } from '../../../lib/amount'
import { currencyOf, formatMoney } from '../../../lib/money'
import { problemText, slotTransferDisabled, WALLET } from '../../../lib/walletRules'
import { transferRule } from '../rules'
import { showToast } from '../../../state/ui'
import { Button } from '../../../ui/Button'
import { ErrorDialog } from '../../../ui/ErrorDialog'
import { SelectField } from '../../../ui/Field'
import { LoadError } from '../../../ui/LoadError'
import { Modal } from '../../../ui/Modal'
import { AmountField } from '../../../ui/AmountField'
import { storeBalances, useWallet, walletKeys } from '../../../api/wallet'
import { transfer, transferAll } from '../api'
import { useMoneyAction } from '../../../api/useMoneyAction'

interface TransferModalProps {
  open: boolean
  onClose: (saved: boolean) => void
  from?: string
  to?: string
}

type TransferCall = { kind: 'one'; from: string; to: string; amount: number } | { kind: 'all'; to: string }

/** Spec 2 and 5: between the main wallet and the game accounts, one amount or everything. */
export function TransferModal({ open, onClose, from: initialFrom = WALLET, to: initialTo = '' }: TransferModalProps) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const wallet = useWallet()
  const language = currentLanguage()
  const [from, setFrom] = useState(initialFrom)
  const [to, setTo] = useState(initialTo)
  const [amount, setAmount] = useState('')
  const [showProblems, setShowProblems] = useState(false)
  const [failure, setFailure] = useState<Error | null>(null)
  const [saved, setSaved] = useState(false)
  const [confirmAll, setConfirmAll] = useState(false)
  const allTextId = useId()

  const currency = currencyOf(wallet.data?.wallet.currency)
  const unit = t(currency === 'LAK' ? 'wallet.unitKip' : 'wallet.unitBaht')
  // Spec 2: WALLET or a game code; any game the member has an account in, whether it opens by its account flow or its web page.
  const games = (wallet.data?.slots ?? []).filter((slot) => slot.isActive)
  const balanceOf = (code: string) =>
    code === WALLET ? wallet.data?.wallet.amount : games.find((game) => game.code === code)?.amount
  const accounts = [
    { code: WALLET, label: t('transfer.wallet') },
    ...games.map((game) => ({ code: game.code, label: game.name })),
  ]
  const option = (code: string, label: string) => {
    const balance = balanceOf(code)
    return `${label}${balance === undefined ? '' : ` (${formatMoney(balance, language, currency)})`}`
  }

  const action = useMoneyAction<TransferResponse, TransferCall>({
    call: (request, headers) =>
      request.kind === 'all' ? transferAll(request.to, headers) : transfer({ from: request.from, to: request.to, amount: request.amount }, headers),
    onSuccess: (answer) => {
      storeBalances(client, { wallet: answer.wallet })
      showToast(t('transfer.success', { amount: formatMoney(answer.amount, language, currency) }), 'success')
      // Transfer-all moves each account on its own: a game that could not be reached kept its money.
      if (answer.unreachable?.length) {
        const names = answer.unreachable.map((code) => games.find((game) => game.code === code)?.name ?? code)
        showToast(t('transfer.unreachable', { games: names.join(', ') }), 'info')
      }
      setSaved(true)
      setConfirmAll(false)
      setAmount('')
      setShowProblems(false)
      onClose(true)
    },
    onError: (error) => {
      setConfirmAll(false)
      // A transfer that failed came back, one still in transit left: either way the balances moved.
      void client.invalidateQueries({ queryKey: walletKeys.all })
      setFailure(error)
    },
  })

  // Spec 5: nothing leaves an empty main wallet (transfer-all still gathers the game balances).
  const walletEmpty = from === WALLET && wallet.data !== undefined && slotTransferDisabled(wallet.data.wallet.amount)
  const reading = readAmount(amount, language)
  const problem = transferRule({ from, to, amount: reading })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setShowProblems(true)
    if (problem || !reading.ok || walletEmpty) return
    action.submit({ kind: 'one', from, to, amount: reading.amount })
  }
  // Transfer-all empties every other account with money into `to`: the player confirms, seeing which.
  const emptied = accounts.filter((account) => account.code !== to && (balanceOf(account.code) ?? 0) > 0)
  const nameOf = (code: string) => accounts.find((account) => account.code === code)?.label ?? code
  const moveAll = () => {
    setShowProblems(false)
    if (!to) {
      setShowProblems(true)
      return
    }
    setConfirmAll(true)
  }
  const accountsProblem = showProblems && problem && (problem.key === 'validation.transferSelectAccount' || problem.key === 'validation.transferSameAccount')
  const amountProblem = showProblems && problem && !accountsProblem

  return (
    <Modal open={open} onClose={() => onClose(saved)} title={t('transfer.title')}>
      <form className="money-form" onSubmit={submit} noValidate>
        {wallet.isError && <LoadError error={wallet.error} onRetry={() => wallet.refetch()} />}
        <div className="money-row">
          <SelectField label={t('transfer.from')} value={from} onChange={(event) => setFrom(event.target.value)}>
            {accounts.map((account) => <option key={account.code} value={account.code}>{option(account.code, account.label)}</option>)}
          </SelectField>
          <SelectField label={t('transfer.to')} value={to} onChange={(event) => setTo(event.target.value)}>
            <option value="">{t('transfer.choose')}</option>
            {accounts.map((account) => <option key={account.code} value={account.code}>{option(account.code, account.label)}</option>)}
          </SelectField>
        </div>
        {accountsProblem && <p className="notice notice--error" role="alert">{problemText(problem, (key, values) => t(key, values), language, unit)}</p>}
        {games.length === 0 && wallet.data && <p className="muted">{t('transfer.noGames')}</p>}
        <AmountField
          label={t('transfer.amount')}
          value={amount}
          onChange={setAmount}
          error={amountProblem ? problemText(problem, (key, values) => t(key, values), language, unit) : null}
          preview={reading.ok && reading.amount > 0 ? t('transfer.preview', { amount: formatMoney(reading.amount, language, currency) }) : null}
        />
        {walletEmpty && <p className="notice" role="status">{t('transfer.walletEmpty')}</p>}
        <Button type="submit" block pending={action.pending} disabled={walletEmpty}>{t('transfer.submit')}</Button>
        <Button type="button" variant="secondary" block disabled={action.pending} onClick={moveAll}>{t('transfer.all')}</Button>
      </form>
      {confirmAll && (
        <Modal open onClose={() => setConfirmAll(false)} title={t('transfer.allTitle')} role="alertdialog" describedBy={allTextId}>
          <div className="stack">
            <p id={allTextId}>
              {emptied.length === 0
                ? t('transfer.allNothing', { to: nameOf(to) })
                : t('transfer.allConfirm', { to: nameOf(to), accounts: emptied.map((account) => option(account.code, account.label)).join(', ') })}
            </p>
            <div className="button-row">
              <Button type="button" variant="secondary" onClick={() => setConfirmAll(false)}>{t('transfer.cancel')}</Button>
              <Button type="button" pending={action.pending} disabled={emptied.length === 0} onClick={() => action.submit({ kind: 'all', to })}>{t('transfer.allGo')}</Button>
            </div>
          </div>
        </Modal>
      )}
      <ErrorDialog error={failure} onClose={() => setFailure(null)} />
    </Modal>
  )
}

export default TransferModal

import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { WithdrawResponse } from '../../../api/types'
import { currentLanguage } from '../../../i18n/i18n'
import { amountInput, currencyOf, formatMoney, readAmount } from '../../../lib/money'
import { groupAccountNumber } from '../../../lib/validation'
import { offerAccountNameEdit, problemText, withdrawRule } from '../../../lib/walletRules'
import { showToast } from '../../../state/ui'
import { Button } from '../../../ui/Button'
import { copyWithToast } from '../../../ui/copy'
import { ErrorDialog } from '../../../ui/ErrorDialog'
import { TextField } from '../../../ui/Field'
import { CopyIcon } from '../../../ui/icons'
import { LoadError } from '../../../ui/LoadError'
import { Modal } from '../../../ui/Modal'
import { PausedNotice } from '../../../ui/PausedNotice'
import { storeBalances, useWallet, useWithdrawLimits, withdraw } from '../api'
import { useMoneyAction } from '../useMoneyAction'
import { BankAccountNameModal } from './BankAccountNameModal'

/** Spec 2 and 5: an amount within the server's limits to the registered bank account, confirmed first. */
export function WithdrawModal({ open, onClose }: { open: boolean; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const wallet = useWallet()
  const limits = useWithdrawLimits(open)
  const language = currentLanguage()
  const [amount, setAmount] = useState('')
  const [touched, setTouched] = useState(false)
  const [confirming, setConfirming] = useState<number | null>(null)
  const [failure, setFailure] = useState<Error | null>(null)
  const [editingName, setEditingName] = useState(false)
  const currency = currencyOf(wallet.data?.wallet.currency)
  const bank = wallet.data?.bankAccount
  const money = (value: number) => formatMoney(value, language, currency)

  const action = useMoneyAction<WithdrawResponse, number>({
    call: (value, headers) => withdraw(value, headers),
    onSuccess: (answer) => {
      storeBalances(client, { wallet: answer.wallet })
      showToast(t('withdraw.success'), 'success')
      onClose(true)
    },
    onError: setFailure,
  })

  const problem = limits.data ? withdrawRule(amount, limits.data) : null
  const review = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    const value = readAmount(amount)
    if (!limits.data || problem || value === null) return
    setConfirming(value)
  }

  // Spec 2: for KTB, TMB and BBL the holder's name must be English before it is copied.
  const copyName = (name: string) => void copyWithToast(name)
  const copyAccount = () => {
    if (!bank) return
    if (offerAccountNameEdit(bank.bankCode, bank.bankAccountName)) setEditingName(true)
    else copyName(bank.bankAccountName)
  }

  return (
    <Modal open={open} onClose={() => onClose(false)} title={t('withdraw.title')}>
      {limits.isError && <LoadError error={limits.error} onRetry={() => limits.refetch()} />}
      <PausedNotice paused={limits.fetchStatus === 'paused'} />
      {bank && (
        <div className="account-line">
          <div className="account-line__text">
            <span className="muted">{bank.bank.nameTH}</span>
            <span className="account-line__no">{groupAccountNumber(bank.bankAccountNo)}</span>
            <span>{bank.bankAccountName}</span>
          </div>
          <button type="button" className="icon-button" aria-label={t('withdraw.copyName')} onClick={copyAccount}><CopyIcon /></button>
        </div>
      )}
      {confirming === null ? (
        <form className="money-form" onSubmit={review} noValidate>
          <p className="muted">
            {t('withdraw.available')} <strong>{wallet.data ? money(wallet.data.wallet.amount) : '—'}</strong>
          </p>
          <TextField
            label={t('withdraw.amount')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(amountInput(event.target.value))}
            hint={limits.data ? t('withdraw.limits', { min: money(limits.data.withdrawMin), max: money(limits.data.withdrawMax) }) : undefined}
            error={touched && problem ? problemText(problem, (key, values) => t(key, values), language) : null}
          />
          <Button type="submit" block disabled={!limits.data}>{t('withdraw.next')}</Button>
        </form>
      ) : (
        <div className="money-form">
          <p>{t('withdraw.confirmText', { amount: money(confirming) })}</p>
          <p className="notice" role="note">{t('withdraw.bonusRule')}</p>
          <Button type="button" block pending={action.pending} onClick={() => action.submit(confirming)}>{t('withdraw.confirm')}</Button>
          <Button type="button" variant="secondary" block disabled={action.pending} onClick={() => setConfirming(null)}>{t('common.back')}</Button>
        </div>
      )}
      <ErrorDialog error={failure} onClose={() => setFailure(null)} />
      {editingName && (
        <BankAccountNameModal
          open
          onClose={() => setEditingName(false)}
          onSaved={(name) => {
            setEditingName(false)
            copyName(name)
          }}
        />
      )}
    </Modal>
  )
}

export default WithdrawModal

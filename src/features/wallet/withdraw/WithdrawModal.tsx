import { type FormEvent, useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import { useFocusIfLost } from '../../../ui/useFocusIfLost'
import { useTranslation } from 'react-i18next'
import type { Withdrawal } from '../../../../contract'
import { currentLanguage } from '../../../i18n/i18n'
import { amountText, readAmount } from '../../../lib/amount'
import { currencyOf, formatMoney, fromMinor, sumAmounts, toMinor } from '../../../../contract/lib/money'
import { maskAccountNumber } from '../../../../contract/lib/validation'
import { formatDateTime } from '../../../lib/time'
import { bankName } from '../../../lib/banks'
import { offerAccountNameEdit, withdrawCeiling, withdrawRule, type WithdrawLimits } from '../rules'
import { problemText } from '../../../lib/walletRules'
import { showToast } from '../../../state/ui'
import { Button } from '../../../ui/Button'
import { copyWithToast } from '../../../ui/copy'
import { ErrorDialog, failureCode } from '../../../ui/ErrorDialog'
import { CopyIcon } from '../../../ui/icons'
import { BankLogo } from '../../../ui/BankLogo'
import { MoneyReceipt } from '../../../ui/MoneyReceipt'
import { ConfirmFacts } from '../../../ui/ConfirmFacts'
import { useMainButton } from '../../../ui/useMainButton'
import { LoadError } from '../../../ui/LoadError'
import { Modal } from '../../../ui/Modal'
import { PausedNotice } from '../../../ui/PausedNotice'
import { AmountField } from '../../../ui/AmountField'
import { useRefreshSlots, useWallet } from '../../../api/wallet'
import { useBonusActive } from '../../../api/bonusActive'
import { useWithdraw, useWithdrawLimits } from '../api'
import { BankAccountNameModal } from './BankAccountNameModal'

/** Spec 2 and 5: an amount within the server's limits to the registered bank account, confirmed first. */
export function WithdrawModal({ open, onClose }: { open: boolean; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation()
  const wallet = useWallet()
  const limits = useWithdrawLimits(open)
  const bonus = useBonusActive(open)
  const language = currentLanguage()
  const [amount, setAmount] = useState('')
  const [touched, setTouched] = useState(false)
  const whyId = useId()
  const [confirming, setConfirming] = useState<number | null>(null)
  // Next and Back replace the step that had the focus: the new step takes it (its summary, or the amount).
  const step = useRef<HTMLElement>(null)
  useFocusIfLost(() => (confirming === null ? step.current?.querySelector('input') : step.current), confirming)
  const [failure, setFailure] = useState<Error | null>(null)
  // The withdrawal just requested: the modal ends on its receipt (issue 18), closed saved by Done.
  // With the wallet's balance the server answered right after it.
  const [requested, setRequested] = useState<(Withdrawal & { walletAfter: number }) | null>(null)
  // The name edit, and whether it was opened by a copy that runs again once the name is saved.
  const [editingName, setEditingName] = useState<{ copyAfter: boolean } | null>(null)
  const currency = currencyOf(wallet.data?.wallet.currency)
  const bank = wallet.data?.bankAccount
  const balance = wallet.data?.wallet.amount
  const money = (value: number) => formatMoney(value, language, currency)

  const refreshSlots = useRefreshSlots()
  const action = useWithdraw({
    onSuccess: (answer) => setRequested({ ...answer.withdrawal, walletAfter: answer.wallet.amount }),
    onError: (error) => {
      setFailure(error)
      if (failureCode(error) === 'BONUS_REMAINING') void refreshSlots().catch(() => undefined)
    },
  })

  // The limits as this wallet meets them: up to the balance when that is smaller than the
  // maximum, and, under the minimum, that no amount can go.
  const limitsText = (limits: WithdrawLimits) =>
    balance !== undefined && balance < limits.withdrawMin
      ? t('validation.withdrawBalanceBelowMin', { max: money(Math.max(0, balance)), min: money(limits.withdrawMin) })
      : t('withdraw.limits', { min: money(limits.withdrawMin), max: money(withdrawCeiling(limits, balance)) })
  const reading = readAmount(amount, language)
  const problem = limits.data ? withdrawRule(reading, limits.data, balance) : null
  // Next stays disabled while the amount is wrong (issue 51 §2), and says why: the field says what
  // is wrong as soon as something is typed; before that, a line under Next asks for an amount.
  const typed = amount.trim() !== ''
  const canReview = !!limits.data && problem === null
  const asksForAmount = !!limits.data && !typed && !touched
  const review = (event?: FormEvent) => {
    event?.preventDefault()
    setTouched(true)
    if (!canReview || !reading.ok) return
    setConfirming(reading.amount)
  }

  /** What a withdrawal of `value` leaves in the wallet, before any bonus rule. */
  const left = (value: number): number => (balance === undefined ? 0 : fromMinor(Math.max(0, toMinor(balance) - toMinor(value))))
  const bonusHeld = bonus.data?.status === true
  // What the main wallet keeps: nothing while a bonus is active (the rest is removed, spec 1).
  const balanceAfter = (value: number): number => (bonusHeld ? 0 : left(value))

  // Spec 1: while a bonus is held the withdrawal takes the whole balance, so the server refuses it
  // (BONUS_REMAINING) while money is still in a game account. Said with what the games hold, read
  // from the games as the sheet opens (they change as the player plays), instead of promising to
  // remove a rest the server will not take.
  const readGames = useEffectEvent(() => void refreshSlots().catch(() => undefined))
  useEffect(() => {
    if (open && bonusHeld) readGames()
  }, [open, bonusHeld])
  const inGames = sumAmounts((wallet.data?.slots ?? []).map((slot) => Math.max(0, slot.amount)))
  const gamesFirst = bonusHeld && inGames > 0 ? t('withdraw.gamesFirst', { games: money(inGames) }) : null

  // Spec 1: while a bonus is active a withdrawal takes the whole balance, or the rest is removed.
  // Said with the amounts when the check says a bonus is held; said as the rule when the check
  // has not answered; not said when no bonus is held.
  const bonusNotice = (value: number): string | null => {
    if (bonus.data?.status === false) return null
    if (gamesFirst) return gamesFirst
    if (bonusHeld && balance !== undefined) {
      return t('withdraw.bonusActive', { balance: money(balance), rest: money(left(value)) })
    }
    return t('withdraw.bonusRule')
  }

  // Spec 2: for KTB, TMB and BBL the holder's name must be English before it is copied; once it
  // is saved the copy runs again, with the new name.
  const needsEnglishName = bank !== undefined && offerAccountNameEdit(bank.bankCode, bank.bankAccountName)
  const copyName = (name: string) => void copyWithToast(name)
  const copyAccount = () => {
    if (!bank) return
    if (needsEnglishName) setEditingName({ copyAfter: true })
    else copyName(bank.bankAccountName)
  }

  // Telegram: each step's action on the main button while it is what the player sees (Next, as
  // transfer's Transfer, then the confirmation).
  const onHost = useMainButton(
    requested || failure || editingName ? null
      : confirming === null ? { text: t('withdraw.next'), enabled: canReview, pending: false }
        : { text: t('withdraw.confirm'), enabled: true, pending: action.pending },
    () => {
      if (confirming !== null) action.submit(confirming)
      else review()
    },
  )

  // When it reaches the bank (issue 51 §2): the operator's usual payout time, when the server says one.
  // Two hours and more in hours: an operator's day reads "about 24 h", not "about 1440 min".
  const payoutMinutes = limits.data?.payoutMinutes
  const arrives = payoutMinutes
    ? {
        label: t('withdraw.arrives'),
        value: payoutMinutes < 120 ? t('withdraw.arrivesAbout', { minutes: payoutMinutes }) : t('withdraw.arrivesAboutHours', { hours: Math.round(payoutMinutes / 60) }),
      }
    : null

  if (requested) {
    return (
      <Modal open={open} onClose={() => onClose(true)} title={t('withdraw.title')}>
        <MoneyReceipt
          amount={money(requested.amount)}
          status="processing"
          state={t('withdraw.success')}
          facts={[
            { label: t('receipt.reference'), references: [`W${requested.id}`] },
            { label: t('receipt.time'), time: formatDateTime(requested.createdAt) },
            {
              label: t('withdraw.to'),
              bank: requested.destination.bankCode,
              name: bank ? bankName(bank.bank, language, requested.destination.bankCode) : '',
              number: maskAccountNumber(requested.destination.bankAccountNo),
            },
            ...(arrives ? [arrives] : []),
          ]}
          balance={{ label: t('transfer.walletNow'), value: money(requested.walletAfter) }}
          doneLabel={t('withdraw.done')}
          onDone={() => onClose(true)}
        />
      </Modal>
    )
  }

  return (
    <Modal open={open} onClose={() => onClose(false)} title={t('withdraw.title')}>
      {wallet.isError && <LoadError error={wallet.error} onRetry={() => wallet.refetch()} />}
      {limits.isError && <LoadError error={limits.error} onRetry={() => limits.refetch()} />}
      <PausedNotice paused={limits.fetchStatus === 'paused'} />
      {bank && confirming === null && (
        <section className="stack" aria-label={t('withdraw.toAccount')}>
          <div className="account-line">
            <div className="account-line__text">
              <span className="muted small">{t('withdraw.toAccount')}</span>
              <span className="muted">{bankName(bank.bank, language, bank.bankCode)}</span>
              {/* Masked but its last digits (issue 18): enough to recognise, nothing to read over a shoulder. */}
              <span className="account-line__no">{maskAccountNumber(bank.bankAccountNo)}</span>
              <span data-testid="withdraw-account-name">{bank.bankAccountName}</span>
            </div>
            <button type="button" className="icon-button" aria-label={t('withdraw.copyName')} onClick={copyAccount}><CopyIcon /></button>
          </div>
          {needsEnglishName && (
            <button type="button" className="link-button" onClick={() => setEditingName({ copyAfter: false })}>{t('withdraw.editName')}</button>
          )}
        </section>
      )}
      {confirming === null ? (
        <form ref={(form) => { step.current = form }} className="money-form" onSubmit={review} noValidate>
          <p className="muted">
            {t('withdraw.available')} <strong>{balance === undefined ? '—' : money(balance)}</strong>
          </p>
          <AmountField
            label={t('withdraw.amount')}
            value={amount}
            onChange={setAmount}
            hint={limits.data ? limitsText(limits.data) : undefined}
            error={(typed || touched) && problem ? problemText(problem, (key, values) => t(key, values), language, currency) : null}
            preview={reading.ok && reading.amount > 0 ? t('withdraw.preview', { amount: money(reading.amount) }) : null}
          />
          {balance !== undefined && balance > 0 && (
            <Button type="button" variant="secondary" block onClick={() => setAmount(amountText(balance, language))}>{t('withdraw.wholeBalance')}</Button>
          )}
          {!onHost && <Button type="submit" block disabled={!canReview} aria-describedby={asksForAmount ? whyId : undefined}>{t('withdraw.next')}</Button>}
          {/* Its line keeps its place once the amount is typed: the sheet does not move under the thumb. */}
          {limits.data && <p id={whyId} className="muted small center" style={asksForAmount ? undefined : { visibility: 'hidden' }}>{t('withdraw.enterAmount')}</p>}
          {/* Under the form, so that the field does not move when the bonus check answers. */}
          {gamesFirst && <p className="notice" role="note">{gamesFirst}</p>}
        </form>
      ) : (
        <div className="money-form">
          {/* The amount first, then where it goes, what it costs and what stays (issue 51 §2). */}
          <section ref={step} tabIndex={-1} className="money-confirm" aria-label={t('withdraw.confirm')}>
            <p className="money-confirm__lead">{t('withdraw.confirmLead')}</p>
            <p className="money-confirm__amount">{money(confirming)}</p>
            {bank && (
              <div className="money-confirm__to">
                <span className="muted small">{t('withdraw.to')}</span>
                <div className="money-confirm__account">
                  <BankLogo code={bank.bankCode} />
                  <span>
                    <span className="money-confirm__bank">{bankName(bank.bank, language, bank.bankCode)}</span>
                    <span className="money-confirm__number">{maskAccountNumber(bank.bankAccountNo)}</span>
                    <span className="muted small">{bank.bankAccountName}</span>
                  </span>
                </div>
              </div>
            )}
            <ConfirmFacts rows={[
              [t('withdraw.fee'), money(0)],
              ...(arrives ? [[arrives.label, arrives.value] as const] : []),
              // Not while the games hold money: the server refuses, and nothing leaves the wallet.
              ...(balance !== undefined && !gamesFirst ? [[t('withdraw.balanceAfter'), money(balanceAfter(confirming))] as const] : []),
            ]} />
          </section>
          {bonusNotice(confirming) && <p className="notice" role="note">{bonusNotice(confirming)}</p>}
          {/* Where Next was tapped: a double tap's second click does not confirm what the player has not read. */}
          {!onHost && <Button type="button" block pending={action.pending} firstClickOnly onClick={() => action.submit(confirming)}>{t('withdraw.confirm')}</Button>}
          <Button type="button" variant="secondary" block disabled={action.pending} onClick={() => setConfirming(null)}>{t('common.back')}</Button>
        </div>
      )}
      {/* The server's BONUS_REMAINING is also the spin's ("a bonus is in progress"): here it means the
          games' money, said as the rule (what the games hold is read again for the sheet). */}
      <ErrorDialog error={failure} onClose={() => setFailure(null)}
        explain={(error) => (failureCode(error) === 'BONUS_REMAINING' ? t('withdraw.gamesFirstRule') : null)} />
      {editingName && bank && (
        <BankAccountNameModal
          open
          bankCode={bank.bankCode}
          onClose={() => setEditingName(null)}
          onSaved={(name) => {
            const { copyAfter } = editingName
            setEditingName(null)
            if (copyAfter) copyName(name)
            else showToast(t('withdraw.nameSaved'), 'success')
          }}
        />
      )}
    </Modal>
  )
}

export default WithdrawModal

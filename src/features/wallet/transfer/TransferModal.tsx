import { useId, useRef, useState, type FormEvent } from 'react'
import { useFocusIfLost } from '../../../ui/useFocusIfLost'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../../i18n/i18n'
import { readAmount } from '../../../lib/amount'
import { currencyOf, formatMoney, sumAmounts } from '../../../../contract/lib/money'
import { problemText, slotTransferDisabled, WALLET } from '../../../lib/walletRules'
import { transferAccountsRule, transferAmountRule } from '../rules'
import { showToast } from '../../../state/ui'
import { Button } from '../../../ui/Button'
import { ErrorDialog } from '../../../ui/ErrorDialog'
import { LoadError } from '../../../ui/LoadError'
import { Modal } from '../../../ui/Modal'
import { AmountField } from '../../../ui/AmountField'
import { useWallet } from '../../../api/wallet'
import { useTransfer } from '../api'
import { formatDate } from '../../../lib/dates'
import { SwapIcon } from '../../../ui/icons'
import { MoneyReceipt } from '../../../ui/MoneyReceipt'
import { ConfirmFacts } from '../../../ui/ConfirmFacts'
import { AccountPicker, accountText, type TransferAccount } from './AccountPicker'
import { useMainButton } from '../../../ui/useMainButton'

interface TransferModalProps {
  open: boolean
  onClose: (saved: boolean) => void
  from?: string
  to?: string
  /** Leaves the transfer for the game list, where a game account is opened (shown without one). */
  onOpenGames?: () => void
}

/** What the receipt shows once the server has booked the transfer. */
interface Moved {
  amount: number
  /** The source, or null when everything was gathered. */
  from: string | null
  to: string
  at: number
  wallet: number
  /** The statement's references of what moved, when the API says them. */
  references: readonly string[]
}

/** One transfer as the player confirms it. */
interface Draft {
  from: string
  to: string
  amount: number
}

/** When the answer came: read in the success handler, never while rendering. */
const bookedAt = () => Date.now()

/** Spec 2 and 5: between the main wallet and the game accounts, one amount or everything. */
export function TransferModal({ open, onClose, from: initialFrom = WALLET, to: initialTo = '', onOpenGames }: TransferModalProps) {
  const { t } = useTranslation()
  const wallet = useWallet()
  const language = currentLanguage()
  const [from, setFrom] = useState(initialFrom)
  const [to, setTo] = useState(initialTo === initialFrom ? '' : initialTo)
  const [amount, setAmount] = useState('')
  const [failure, setFailure] = useState<Error | null>(null)
  const [moved, setMoved] = useState<Moved | null>(null)
  const [confirmAll, setConfirmAll] = useState(false)
  // Next shows the transfer to confirm (issue 51 §2); Back returns to the form as it was typed.
  const [confirming, setConfirming] = useState<Draft | null>(null)
  // Next and Back replace the step that had the focus: the new step takes it (its summary, or the amount).
  const step = useRef<HTMLElement>(null)
  useFocusIfLost(() => (confirming === null ? step.current?.querySelector('input') : step.current), confirming, { onFirst: false })
  const allTextId = useId()
  const whyId = useId()
  const emptyId = useId()

  const currency = currencyOf(wallet.data?.wallet.currency)
  const money = (value: number) => formatMoney(value, language, currency)
  // Spec 2: WALLET or a game code; any game the member has an account in, whether it opens by its account flow or its web page.
  const games = (wallet.data?.slots ?? []).filter((slot) => slot.isActive)
  const balanceOf = (code: string) =>
    code === WALLET ? wallet.data?.wallet.amount : games.find((game) => game.code === code)?.amount
  const accounts: TransferAccount[] = [
    { code: WALLET, label: t('transfer.wallet') },
    ...games.map((game) => ({ code: game.code, label: game.name })),
  ].map((account) => {
    const balance = balanceOf(account.code)
    return { ...account, balance: balance === undefined ? undefined : money(balance) }
  })
  const nameOf = (code: string) => accounts.find((account) => account.code === code)?.label ?? code

  // "To" never offers the source (issue 18): choosing the target as the source swaps the two.
  const chooseFrom = (code: string) => {
    if (code === to) setTo(from)
    setFrom(code)
  }
  const swap = () => {
    setFrom(to)
    setTo(from)
  }

  const action = useTransfer({
    onSuccess: (answer, request) => {
      // Transfer-all moves each account on its own: a game that could not be reached kept its money.
      if (answer.unreachable?.length) {
        const names = answer.unreachable.map((code) => games.find((game) => game.code === code)?.name ?? code)
        showToast(t('transfer.unreachable', { games: names.join(', ') }), 'info')
      }
      setConfirmAll(false)
      setMoved({ amount: answer.amount, from: request.kind === 'one' ? request.from : null, to: request.to, at: bookedAt(), wallet: answer.wallet.amount, references: answer.references ?? [] })
    },
    onError: (error) => {
      setConfirmAll(false)
      setFailure(error)
    },
  })

  // Spec 5: nothing leaves an empty main wallet (transfer-all still gathers the game balances).
  const walletEmpty = from === WALLET && wallet.data !== undefined && slotTransferDisabled(wallet.data.wallet.amount)
  const reading = readAmount(amount, language)
  // Next stays disabled until the accounts and the amount are right (issue 51 §2), and says
  // why: a line under it asks for what is missing (the account to move to, then an amount), and
  // once something is typed the field says what is wrong with it.
  const typed = amount.trim() !== ''
  const accountsProblem = transferAccountsRule({ from, to })
  const amountProblem = typed ? transferAmountRule(reading) : null
  const canTransfer = accountsProblem === null && typed && amountProblem === null && !walletEmpty
  const why = accountsProblem ? problemText(accountsProblem, (key, values) => t(key, values), language, currency) : !typed && !walletEmpty ? t('transfer.enterAmount') : null
  const review = () => {
    if (!canTransfer || !reading.ok) return
    setConfirming({ from, to, amount: reading.amount })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    review()
  }
  const send = (draft: Draft) => action.submit({ kind: 'one', ...draft })
  // Telegram: each step's action on the main button while it is what the player sees (Next, then
  // the confirmation), as withdraw's.
  const onHost = useMainButton(
    moved || confirmAll || failure ? null
      : confirming === null ? { text: t('common.next'), enabled: canTransfer, pending: false }
        : { text: t('transfer.confirm'), enabled: true, pending: action.pending },
    () => {
      if (confirming) send(confirming)
      else review()
    },
  )
  /** What an account holds once `amount` has left it (negative `amount`: arrived), when known. */
  const after = (code: string, amount: number): number | undefined => {
    const balance = balanceOf(code)
    return balance === undefined ? undefined : sumAmounts([balance, -amount])
  }
  // What both sides hold after, while the amount is within what the source is known to hold: over
  // it the server refuses (MONEY_NOT_ENOUGH), and a negative figure would promise nothing true.
  const confirmedAfter = ({ from, to, amount }: Draft): (readonly [string, string])[] => {
    const source = after(from, amount)
    const target = after(to, -amount)
    if (source === undefined || source < 0 || target === undefined) return []
    return [
      [t('transfer.accountAfter', { account: nameOf(from) }), money(source)],
      [t('transfer.accountAfter', { account: nameOf(to) }), money(target)],
    ]
  }
  // Transfer-all empties every other account with money into `to`: the player confirms, seeing which.
  const emptied = accounts.filter((account) => account.code !== to && (balanceOf(account.code) ?? 0) > 0)
  const allMoved = sumAmounts(emptied.map((account) => balanceOf(account.code) ?? 0))
  const targetBalance = to ? balanceOf(to) : undefined
  const moveAll = () => {
    if (to) setConfirmAll(true)
  }

  if (moved) {
    return (
      <Modal open={open} onClose={() => onClose(true)} title={t('transfer.title')}>
        <MoneyReceipt
          amount={money(moved.amount)}
          status="success"
          state={t('transfer.success')}
          facts={[
            ...(moved.references.length > 0 ? [{ label: t('receipt.reference'), references: moved.references }] : []),
            { label: t('transfer.from'), value: moved.from === null ? t('statement.allAccounts') : nameOf(moved.from) },
            { label: t('transfer.to'), value: nameOf(moved.to) },
            { label: t('receipt.time'), time: formatDate(moved.at, language) },
          ]}
          balance={{ label: t('transfer.walletNow'), value: money(moved.wallet) }}
          doneLabel={t('transfer.done')}
          onDone={() => onClose(true)}
        />
      </Modal>
    )
  }

  return (
    <Modal open={open} onClose={() => onClose(false)} title={t('transfer.title')}>
      {confirming === null ? (
        <form ref={(form) => { step.current = form }} className="money-form" onSubmit={submit} noValidate>
          {wallet.isError && <LoadError error={wallet.error} onRetry={() => wallet.refetch()} />}
          <div className="transfer-route">
            <AccountPicker label={t('transfer.from')} value={from} accounts={accounts} onChange={chooseFrom} />
            <button type="button" className="transfer-route__swap" aria-label={t('transfer.swap')} disabled={!to} onClick={swap}><SwapIcon /></button>
            <AccountPicker
              label={t('transfer.to')}
              value={to}
              accounts={accounts.filter((account) => account.code !== from)}
              onChange={setTo}
              placeholder={t('transfer.choose')}
            />
          </div>
          {games.length === 0 && wallet.data && (
            <div className="notice transfer-no-games">
              <p>{t('transfer.noGames')}</p>
              {onOpenGames && <Button type="button" variant="secondary" onClick={onOpenGames}>{t('transfer.openGame')}</Button>}
            </div>
          )}
          <AmountField
            label={t('transfer.amount')}
            value={amount}
            onChange={setAmount}
            error={amountProblem ? problemText(amountProblem, (key, values) => t(key, values), language, currency) : null}
            preview={reading.ok && reading.amount > 0 ? t('transfer.preview', { amount: money(reading.amount) }) : null}
          />
          {walletEmpty && <p id={emptyId} className="notice" role="status">{t('transfer.walletEmpty')}</p>}
          {!onHost && (
            <Button type="submit" block disabled={!canTransfer} aria-describedby={why ? whyId : walletEmpty ? emptyId : undefined}>
              {t('common.next')}
            </Button>
          )}
          {/* Its line keeps its place once nothing is missing: the buttons do not move under the thumb. */}
          <p id={whyId} className="muted small center" style={why ? undefined : { visibility: 'hidden' }}>{why ?? t('transfer.enterAmount')}</p>
          <Button type="button" variant="secondary" block disabled={action.pending || !to} onClick={moveAll} aria-describedby={to ? undefined : whyId}>{t('transfer.all')}</Button>
        </form>
      ) : (
        <div className="money-form">
          {/* The amount first, then the route, what it costs and what each side holds after (issue 51 §2). */}
          <section ref={step} tabIndex={-1} className="money-confirm" aria-label={t('transfer.confirm')}>
            <p className="money-confirm__lead">{t('transfer.confirmLead')}</p>
            <p className="money-confirm__amount">{money(confirming.amount)}</p>
            <dl className="money-confirm__route">
              <div><dt className="muted small">{t('transfer.from')}</dt><dd>{nameOf(confirming.from)}</dd></div>
              <div><dt className="muted small">{t('transfer.to')}</dt><dd>{nameOf(confirming.to)}</dd></div>
            </dl>
            <ConfirmFacts rows={[
              [t('withdraw.fee'), money(0)],
              [t('withdraw.arrives'), t('transfer.arrivesNow')],
              ...confirmedAfter(confirming),
            ]} />
          </section>
          {/* Where Next was tapped: a double tap's second click does not confirm what the player has not read. */}
          {!onHost && <Button type="button" block pending={action.pending} firstClickOnly onClick={() => send(confirming)}>{t('transfer.confirm')}</Button>}
          <Button type="button" variant="secondary" block disabled={action.pending} onClick={() => setConfirming(null)}>{t('common.back')}</Button>
        </div>
      )}
      {confirmAll && (
        <Modal open onClose={() => setConfirmAll(false)} title={t('transfer.allTitle')} role="alertdialog" describedBy={allTextId}>
          <div className="stack">
            {/* The amount first (issue 51 §2): everything it moves, and where. */}
            {emptied.length > 0 && (
              <div className="money-confirm">
                <p className="money-confirm__lead">{t('transfer.allLead', { to: nameOf(to) })}</p>
                <p className="money-confirm__amount">{money(allMoved)}</p>
                {/* No fee, booked as the server answers, and what the target holds after (issue 51 §2). */}
                <ConfirmFacts rows={[
                  [t('withdraw.fee'), money(0)],
                  [t('withdraw.arrives'), t('transfer.arrivesNow')],
                  ...(targetBalance !== undefined ? [[t('transfer.accountAfter', { account: nameOf(to) }), money(sumAmounts([targetBalance, allMoved]))] as const] : []),
                ]} />
              </div>
            )}
            <p id={allTextId}>
              {emptied.length === 0
                ? t('transfer.allNothing', { to: nameOf(to) })
                : t('transfer.allConfirm', { to: nameOf(to), accounts: emptied.map(accountText).join(', ') })}
            </p>
            <div className="button-row">
              <Button type="button" variant="secondary" disabled={action.pending} onClick={() => setConfirmAll(false)}>{t('transfer.cancel')}</Button>
              <Button type="button" pending={action.pending} disabled={emptied.length === 0} firstClickOnly onClick={() => action.submit({ kind: 'all', to })}>{t('transfer.allGo')}</Button>
            </div>
          </div>
        </Modal>
      )}
      <ErrorDialog error={failure} onClose={() => setFailure(null)} />
    </Modal>
  )
}

export default TransferModal

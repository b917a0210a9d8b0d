import { useTranslation } from 'react-i18next'
import { useWalletReadNow } from '../../api/wallet'
import type { Currency } from '../../../contract'
import { currentLanguage } from '../../i18n/i18n'
import { currencyOf, formatMoney } from '../../../contract/lib/money'
import { formatDateTime } from '../../lib/time'
import { MoneyReceipt, type ReceiptFact } from '../../ui/MoneyReceipt'
import { MessagesOffer } from './MessagesOffer'
import { HomeScreenOffer } from './HomeScreenOffer'
import { PushOffer } from './PushOffer'

/** A deposit that reached the wallet: how much, how it came, and what the statement names it. */
export interface Arrived {
  amount: number
  currency: Currency
  /** How it came, in words (the QR's provider, a slip, a gift link). */
  way: string
  /** The statement's reference, when the API says it. */
  reference?: string
  /** When it arrived (ISO 8601), when the API says it. */
  at?: string
}

/** A QR paid, a slip approved, a gift link redeemed end here (issue 29): the receipt, the bot's
 *  leave to write of the money once (issue 50), else this browser's notifications (issue 50),
 *  else the host's home-screen shortcut once (issue 31), then Done. */
export function DepositArrived({ deposit, onDone }: { deposit: Arrived; onDone: () => void }) {
  const { t } = useTranslation()
  // What the wallet holds now, from a read begun once the money was there (none of the three
  // answers carries it); a wallet that cannot be read leaves the line out.
  const wallet = useWalletReadNow()
  const facts: ReceiptFact[] = [
    { label: t('deposit.arrivedWay'), value: deposit.way },
    ...(deposit.reference ? [{ label: t('receipt.reference'), references: [deposit.reference] }] : []),
    ...(deposit.at ? [{ label: t('receipt.time'), time: formatDateTime(deposit.at) }] : []),
  ]
  return (
    <MoneyReceipt
      amount={formatMoney(deposit.amount, currentLanguage(), deposit.currency)}
      status="success"
      state={t('deposit.arrived')}
      facts={facts}
      balance={wallet.isError ? undefined : { label: t('transfer.walletNow'), value: wallet.data ? formatMoney(wallet.data.wallet.amount, currentLanguage(), currencyOf(wallet.data.wallet.currency)) : null }}
      doneLabel={t('deposit.done')}
      onDone={onDone}
    >
      <MessagesOffer fallback={<PushOffer fallback={<HomeScreenOffer />} />} />
    </MoneyReceipt>
  )
}

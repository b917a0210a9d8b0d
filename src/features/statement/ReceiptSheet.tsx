import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import type { Currency, StatementEntry } from '../../../contract'
import { i18n } from '../../i18n/i18n'
import { formatDate } from '../../lib/dates'
import { Modal } from '../../ui/Modal'
import { MoneyReceipt, type ReceiptFact } from '../../ui/MoneyReceipt'
import { accountName, activityText, destinationOf, detailText, type Names, statusNote } from './describe'
import { linkOf, signedAmount, statusKey } from './rows'

interface ReceiptSheetProps {
  entry: StatementEntry
  names: Names
  currency: Currency
  onClose: () => void
}

/** A receipt the player can keep (issue 17): what happened, when, how much, its state; shared through the host. */
export default function ReceiptSheet({ entry, names, currency, onClose }: ReceiptSheetProps) {
  const { t } = useTranslation()
  const exists = (key: string) => i18n.exists(key)
  const link = linkOf(entry)
  const reference = entry.reference ?? ''
  const amount = signedAmount(entry, names.language, currency)
  const status = statusKey(entry.status)
  const facts: ReceiptFact[] = [
    ...(reference ? [{ label: t('receipt.reference'), references: [reference] }] : []),
    { label: t('receipt.time'), time: formatDate(entry.createdAt, names.language) },
  ]
  // Why a slip was refused, a withdrawal's money came back, or that it is under review: the chip
  // says only where the money is.
  const note = statusNote(t, entry, exists)
  if (note) facts.push({ label: t('receipt.note'), value: note })
  if (entry.statementType === 'transfer') {
    facts.push({ label: t('receipt.from'), value: accountName(t, entry.from, names) }, { label: t('receipt.to'), value: accountName(t, entry.to, names) })
  } else if (entry.statementType === 'withdraw' && entry.destination) {
    const destination = destinationOf(entry, names)
    if (destination) facts.push({ label: t('receipt.destination'), ...destination })
    if (entry.destination.bankAccountName) facts.push({ label: t('receipt.accountName'), value: entry.destination.bankAccountName })
  } else {
    const detail = detailText(t, entry, names)
    if (detail) facts.push({ label: t('receipt.details'), value: detail })
  }
  return (
    <Modal open onClose={onClose} title={t('receipt.title')}>
      <MoneyReceipt
        amount={amount}
        status={status}
        state={activityText(t, entry)}
        facts={facts}
        doneLabel={t('common.close')}
        doneVariant="secondary"
        onDone={onClose}
      >
        {(link?.kind === 'bonus' || link?.kind === 'promotion') && (
          <Link href="/user/bonus" className="link-button receipt__link" onClick={onClose}>{t('receipt.seeBonuses')}</Link>
        )}
      </MoneyReceipt>
    </Modal>
  )
}

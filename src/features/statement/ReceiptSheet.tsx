import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import type { Currency, StatementEntry } from '../../api/contract'
import { getConfig } from '../../api/config'
import { i18n } from '../../i18n/i18n'
import { formatDate } from '../../lib/dates'
import { usePlatform } from '../../platform'
import { Button } from '../../ui/Button'
import { showToast } from '../../state/ui'
import { ShareIcon } from '../../ui/icons'
import { Modal } from '../../ui/Modal'
import { Reference } from '../../ui/Reference'
import { accountName, activityText, destinationText, detailText, type Names, statusText } from './describe'
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
  const { platform } = usePlatform()
  const exists = (key: string) => i18n.exists(key)
  const link = linkOf(entry)
  const reference = entry.reference ?? ''
  const facts: [string, string][] = [
    [t('receipt.activity'), activityText(t, entry)],
    [t('receipt.reference'), reference],
    [t('receipt.time'), formatDate(entry.createdAt, names.language)],
    [t('receipt.amount'), signedAmount(entry, names.language, currency)],
    [t('receipt.status'), statusText(t, entry, exists)],
  ]
  if (entry.statementType === 'transfer') {
    facts.push([t('receipt.from'), accountName(t, entry.from, names)], [t('receipt.to'), accountName(t, entry.to, names)])
  } else if (entry.statementType === 'withdraw' && entry.destination) {
    facts.push([t('receipt.destination'), destinationText(entry, names)])
    if (entry.destination.bankAccountName) facts.push([t('receipt.accountName'), entry.destination.bankAccountName])
  } else {
    const detail = detailText(t, entry, names)
    if (detail) facts.push([t('receipt.details'), detail])
  }

  // No await before share(): LINE's picker must open inside the tap (DESIGN.md).
  const share = () => {
    const text = [`${getConfig().appName} · ${t('receipt.title')}`, ...facts.map(([label, value]) => `${label}: ${value}`)].join('\n')
    // Without a share sheet the receipt's words are copied, inside the tap (iOS allows no later copy).
    void platform.share(text, platform.appUrl('/user/statement'), text).then((result) => {
      if (result === 'shared') platform.haptic('success')
      if (result === 'copied') showToast(t('receipt.copied'), 'success')
      if (result === 'failed') showToast(t('common.copyFailed'), 'error')
    })
  }

  return (
    <Modal open onClose={onClose} title={t('receipt.title')}>
      <div className="stack receipt">
        <p className={`receipt__amount receipt__amount--${statusKey(entry.status)}`}>{signedAmount(entry, names.language, currency)}</p>
        <dl className="facts receipt__facts">
          {facts.map(([label, value]) => (
            <div key={label} className="receipt__fact">
              <dt>{label}</dt>
              <dd>{value === reference && value ? <Reference value={value} /> : value}</dd>
            </div>
          ))}
        </dl>
        {(link?.kind === 'bonus' || link?.kind === 'promotion') && (
          <Link href="/user/bonus" className="link-button receipt__link" onClick={onClose}>{t('receipt.seeBonuses')}</Link>
        )}
        <Button type="button" block onClick={share}><ShareIcon /> {t('receipt.share')}</Button>
        <Button type="button" variant="secondary" block onClick={onClose}>{t('common.close')}</Button>
      </div>
    </Modal>
  )
}

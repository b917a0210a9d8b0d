import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../api/config'
import { usePlatform } from '../platform'
import { showToast } from '../state/ui'
import { BankLogo } from './BankLogo'
import { Button } from './Button'
import { CheckIcon, CloseIcon, ImageIcon, RefreshIcon, ShareIcon } from './icons'
import { Reference } from './Reference'
import { useFocusIfLost } from './useFocusIfLost'

/** Where the money is: spec 4's statuses (SUCCESS, FAILED, anything else in progress). */
export type ReceiptStatus = 'success' | 'processing' | 'failed'

/** One line of a receipt: words, the references the player quotes (each on one line), or a time (on one line). */
export type ReceiptFact =
  | { label: string; value: ReactNode }
  /** A withdrawal's destination as K PLUS shows it: the bank's mark, its name, the masked number
   *  (kept on one line: it breaks at its hyphens otherwise). */
  | { label: string; bank: string; name: string; number: string }
  | { label: string; references: readonly string[] }
  | { label: string; time: string }

interface MoneyReceiptProps {
  /** The amount, large. */
  amount: string
  status: ReceiptStatus
  /** What happened, in words, under the status (a withdrawal waiting for the bank's transfer). */
  state?: string
  facts: readonly ReceiptFact[]
  /** The wallet's balance right after, as the server answered it: the last line, set apart; its
   *  value null while it is being read. */
  balance?: { label: string; value: string | null }
  doneLabel: string
  /** Done is the main button; a receipt opened from a list closes with a secondary one. */
  doneVariant?: 'primary' | 'secondary'
  onDone: () => void
  /** What follows the facts, before the buttons (a deposit's offers, a link to the bonuses). */
  children?: ReactNode
}

/** A fact as a line of the shared words. */
const factLine = (fact: ReceiptFact): [string, string] => [
  fact.label,
  'references' in fact ? fact.references.join(', ')
    : 'time' in fact ? fact.time
      : 'bank' in fact ? `${fact.name} ${fact.number}`.trim()
        : typeof fact.value === 'string' ? fact.value : '',
]

const MARKS = { success: CheckIcon, processing: RefreshIcon, failed: CloseIcon } satisfies Record<ReceiptStatus, unknown>

/**
 * How a money moment ends, and what the statement keeps of it (issues 18, 29, 51): the amount
 * large with its status, the facts the player quotes (labels on one line, references shortened in
 * the middle with a copy button, the time on one line), the balance after, then share and Done. A
 * deposit that arrived, a transfer, a withdrawal and a statement row's receipt are this one.
 */
export function MoneyReceipt({ amount, status, state, facts, balance, doneLabel, doneVariant = 'primary', onDone, children }: MoneyReceiptProps) {
  const { t } = useTranslation()
  const { platform } = usePlatform()
  const Mark = MARKS[status]
  // The receipt's words, every line it shows, and a link back to the statement, through the host's
  // share sheet (LINE's target picker, Telegram's share, the browser's), else copied. No await
  // before share(): LINE's picker must open inside the tap (docs/design.md), and iOS allows no later copy.
  const title = `${getConfig().appName} · ${t('receipt.title')}`
  const statusText = t(`statement.status.${status}`)
  // The facts and the balance after, as lines of words: what the share and the picture both carry.
  const factLines: [string, string][] = [...facts.map(factLine), ...(balance?.value ? [[balance.label, balance.value] as [string, string]] : [])]
  const share = () => {
    const lines: [string, string][] = [
      ...(state ? [[t('receipt.activity'), state] as [string, string]] : []),
      [t('receipt.amount'), amount],
      [t('receipt.status'), statusText],
      ...factLines,
    ]
    const text = [title, ...lines.map(([label, value]) => `${label}: ${value}`)].join('\n')
    void platform.share(text, platform.appUrl('/user/statement'), text).then((result) => {
      if (result === 'shared') platform.haptic('success')
      if (result === 'copied') showToast(t('receipt.copied'), 'success')
      if (result === 'failed') showToast(t('common.copyFailed'), 'error')
    })
  }
  // The receipt as a picture (issue 51): drawn from the same lines, then shared as a file, saved,
  // or shown to press and hold where the host can do neither. Its code comes while the receipt is read.
  const [saving, setSaving] = useState(false)
  // A busy button keeps the focus (Button), but if it is nowhere once the picture is made (a
  // WebKit tap focuses no button), the save button takes it. Only then: a receipt that has just
  // replaced a form leaves the focus to its sheet, not to this button.
  const saveButton = useRef<HTMLButtonElement>(null)
  useFocusIfLost(() => (saving ? null : saveButton.current), saving, { onFirst: false })
  const [picture, setPicture] = useState<string | null>(null)
  useEffect(() => {
    void import('./receiptPicture').catch(() => {})
  }, [])
  useEffect(() => () => {
    if (picture) URL.revokeObjectURL(picture)
  }, [picture])
  const save = async () => {
    if (saving) return
    setSaving(true)
    try {
      const { drawReceipt, keepPicture } = await import('./receiptPicture')
      const blob = await drawReceipt({ title, state, amount, status, statusText, lines: factLines })
      const reference = facts.flatMap((fact) => ('references' in fact ? fact.references : []))[0] ?? String(Date.now())
      const file = new File([blob], `receipt-${reference.replace(/[^\w-]+/g, '')}.png`, { type: 'image/png' })
      const result = await keepPicture(file, platform.kind === 'browser')
      if (result === 'shared' || result === 'downloaded') platform.haptic('success')
      if (result === 'downloaded') showToast(t('receipt.pictureSaved'), 'success')
      if (result === 'show') setPicture(URL.createObjectURL(blob))
    } catch {
      showToast(t('receipt.pictureFailed'), 'error')
    } finally {
      setSaving(false)
    }
  }
  return (
    <div className={`stack money-receipt money-receipt--${status}`} role="status">
      <span className="money-receipt__mark" aria-hidden="true"><Mark /></span>
      {state && <p className="money-receipt__state">{state}</p>}
      <p className="money-receipt__amount">{amount}</p>
      <p className="money-receipt__status"><span className={`status-badge status-badge--${status}`}>{t(`statement.status.${status}`)}</span></p>
      <dl className="facts money-receipt__facts">
        {facts.map((fact) => (
          <div key={fact.label} className="facts__row">
            <dt>{fact.label}</dt>
            {'references' in fact && fact.references.length === 1 ? (
              <dd><Reference value={fact.references[0]} /></dd>
            ) : 'references' in fact ? (
              <dd className="facts__references">{fact.references.map((reference) => <Reference key={reference} value={reference} />)}</dd>
            ) : 'time' in fact ? (
              <dd className="facts__time">{fact.time}</dd>
            ) : 'bank' in fact ? (
              <dd className="facts__bank"><BankLogo code={fact.bank} />{fact.name && `${fact.name} `}<span className="facts__number">{fact.number}</span></dd>
            ) : <dd>{fact.value}</dd>}
          </div>
        ))}
      </dl>
      {/* A list of its own: its long label (Lao) does not narrow the facts' values. */}
      {balance && (
        <dl className="facts money-receipt__balance">
          <div className="facts__row">
            <dt>{balance.label}</dt>
            {balance.value === null ? <dd aria-busy="true"><span className="skeleton skeleton--amount" /></dd> : <dd>{balance.value}</dd>}
          </div>
        </dl>
      )}
      {children}
      {picture && (
        <figure className="money-receipt__picture">
          <img src={picture} alt={t('receipt.pictureAlt')} />
          <figcaption>{t('receipt.pictureHint')}</figcaption>
        </figure>
      )}
      <div className="money-receipt__actions">
        <div className="money-receipt__keep">
          <Button ref={saveButton} type="button" variant="secondary" block pending={saving} onClick={() => void save()}><ImageIcon /> {t('receipt.savePicture')}</Button>
          <Button type="button" variant="secondary" block onClick={share}><ShareIcon /> {t('receipt.share')}</Button>
        </div>
        {/* The second tap of a double tap on the button that sent the money can land on Done: it must
            not close what the player has not seen yet. */}
        <Button type="button" variant={doneVariant} block firstClickOnly onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  )
}

import { useTranslation } from 'react-i18next'
import { copyWithToast } from './copy'
import { CopyIcon } from './icons'

/** The characters always shown at a reference's end: what a player compares with the bank's app. */
const KEPT_END = 6

/**
 * A reference the player quotes (issue 51): on one line, shortened in the middle only when the
 * line is too narrow for it (its end stays), whole in the text a screen reader reads and in what
 * the copy button copies.
 */
export function Reference({ value }: { value: string }) {
  const { t } = useTranslation()
  return (
    <span className="reference">
      <span className="reference__text" title={value}>
        <span className="reference__head">{value.slice(0, -KEPT_END)}</span>
        <span className="reference__tail">{value.slice(-KEPT_END)}</span>
      </span>
      <button type="button" className="icon-button reference__copy" aria-label={t('receipt.copyReference')} onClick={() => void copyWithToast(value)}>
        <CopyIcon />
      </button>
    </span>
  )
}

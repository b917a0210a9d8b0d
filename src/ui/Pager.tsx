import { useTranslation } from 'react-i18next'
import { ChevronIcon } from './icons'
import './pager.css'

interface PagerProps {
  /** What is paged, for screen readers. */
  label: string
  page: number
  /** The last page that exists; the pager never offers one beyond it. */
  pages: number
  busy?: boolean
  onPage: (page: number) => void
}

/** Previous and next for a list the server pages, with "Page 2 of 5" between them; nothing when one page holds it all. */
export function Pager({ label, page, pages, busy, onPage }: PagerProps) {
  const { t } = useTranslation()
  if (pages <= 1 && page <= 1) return null
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager__step pager__step--previous" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        <ChevronIcon />
        <span>{t('rewards.previousPage')}</span>
      </button>
      <span className="pager__where" aria-live="polite">{t('statement.pageOf', { page, pages })}</span>
      <button type="button" className="pager__step" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        <span>{t('rewards.nextPage')}</span>
        <ChevronIcon />
      </button>
    </nav>
  )
}

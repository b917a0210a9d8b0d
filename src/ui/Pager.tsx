import { useTranslation } from 'react-i18next'

interface PagerProps {
  /** What is paged, for screen readers. */
  label: string
  page: number
  /** The last page that exists; the pager never offers one beyond it. */
  pages: number
  busy?: boolean
  onPage: (page: number) => void
}

/** Previous and next for a list the server pages, with "Page 2 of 5"; nothing when one page holds it all. */
export function Pager({ label, page, pages, busy, onPage }: PagerProps) {
  const { t } = useTranslation()
  if (pages <= 1 && page <= 1) return null
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="link-button" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        {t('rewards.previousPage')}
      </button>
      <span aria-live="polite">{t('statement.pageOf', { page, pages })}</span>
      <button type="button" className="link-button" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        {t('rewards.nextPage')}
      </button>
    </nav>
  )
}

import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronIcon } from './icons'
import { useFocusIfLost } from './useFocusIfLost'
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

/**
 * Previous and next for a list the server pages, with "Page 2 of 5" between them; nothing when one
 * page holds it all. A keyboard player keeps their place: while a page loads its step is busy
 * (aria-disabled, still focused), and a step that ends the book (the first page, the last) gives
 * the focus to the other one instead of to the page.
 */
export function Pager({ label, page, pages, busy = false, onPage }: PagerProps) {
  const { t } = useTranslation()
  const previous = useRef<HTMLButtonElement>(null)
  const next = useRef<HTMLButtonElement>(null)
  // Only after a step of the pager's own (not a filter that went back to page 1), and without
  // scrolling: the screen shows the new page from its top.
  const stepped = useRef(false)
  useFocusIfLost(() => {
    if (!stepped.current) return null
    stepped.current = false
    return (page >= pages ? previous : next).current
  }, page, { onFirst: false, preventScroll: true })
  useEffect(() => {
    stepped.current = false
  }, [page])
  if (pages <= 1 && page <= 1) return null
  const step = (to: number) => {
    if (busy) return
    stepped.current = true
    onPage(to)
  }
  return (
    <nav className="pager" aria-label={label}>
      <button ref={previous} type="button" className="pager__step pager__step--previous" disabled={page <= 1} aria-disabled={busy || undefined} onClick={() => step(page - 1)}>
        <ChevronIcon />
        <span>{t('rewards.previousPage')}</span>
      </button>
      <span className="pager__where" aria-live="polite">{t('statement.pageOf', { page, pages })}</span>
      <button ref={next} type="button" className="pager__step" disabled={page >= pages} aria-disabled={busy || undefined} onClick={() => step(page + 1)}>
        <span>{t('rewards.nextPage')}</span>
        <ChevronIcon />
      </button>
    </nav>
  )
}

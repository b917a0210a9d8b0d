import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronIcon } from './icons'
import { useFocusIfLost } from './useFocusIfLost'
import './pager.css'

interface PagerProps {
  /** What is paged, for screen readers. */
  label: string
  page: number
  /** The last page that exists, when the server says; the pager never offers one beyond it. */
  pages?: number
  /** Without a count (an operator's API may leave it out, the reward lists have none): whether a
   *  next page may exist, i.e. this one is full. The pager says "Page 2", not "Page 2 of 3". */
  hasNext?: boolean
  busy?: boolean
  onPage: (page: number) => void
}

/**
 * Previous and next for a list the server pages, with "Page 2 of 5" between them; nothing when one
 * page holds it all. A keyboard player keeps their place: while a page loads its step is busy
 * (aria-disabled, still focused), and a step that ends the book (the first page, the last) gives
 * the focus to the other one instead of to the page.
 */
export function Pager({ label, page, pages, hasNext = false, busy = false, onPage }: PagerProps) {
  const { t } = useTranslation()
  const previous = useRef<HTMLButtonElement>(null)
  const next = useRef<HTMLButtonElement>(null)
  // Only after a step of the pager's own (not a filter that went back to page 1), and without
  // scrolling: the screen shows the new page from its top. Without a count the book's end is known
  // only once the new page has come (a short one is the last), so its arrival is a step too.
  const steppedTo = useRef<number | null>(null)
  // A page seen exists: back from a short last page, the first one loads with that short page in
  // its place (the list keeps the page before while it reads), which must not end the book.
  const [furthest, setFurthest] = useState(page)
  if (page > furthest) setFurthest(page)
  const last = pages ?? Math.max(hasNext ? page + 1 : page, furthest)
  useFocusIfLost(() => {
    if (steppedTo.current !== page) return null
    return (page >= last ? previous : next).current
  }, `${page}/${last}`, { onFirst: false, preventScroll: true })
  if (last <= 1 && page <= 1) return null
  const step = (to: number) => {
    if (busy) return
    steppedTo.current = to
    onPage(to)
  }
  return (
    <nav className="pager" aria-label={label}>
      <button ref={previous} type="button" className="pager__step pager__step--previous" disabled={page <= 1} aria-disabled={busy || undefined} onClick={() => step(page - 1)}>
        <ChevronIcon />
        <span>{t('rewards.previousPage')}</span>
      </button>
      <span className="pager__where" aria-live="polite">{pages === undefined ? t('rewards.page', { page }) : t('statement.pageOf', { page, pages })}</span>
      <button ref={next} type="button" className="pager__step" disabled={page >= last} aria-disabled={busy || undefined} onClick={() => step(page + 1)}>
        <span>{t('rewards.nextPage')}</span>
        <ChevronIcon />
      </button>
    </nav>
  )
}

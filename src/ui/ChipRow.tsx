// One row of chips that scrolls sideways (issue 29, 51): the deposit ways, the statement's filter.
// The edge fades while more chips follow out of sight, so a row cut at 320 px says it goes on.
import { useEffect, useState, type HTMLAttributes, type RefObject } from 'react'
import './chips.css'

/** Whether a sideways row has more out of sight before its start or after its end. */
function useOverflow(row: RefObject<HTMLElement | null>, items: number): { start: boolean; end: boolean } {
  const [more, setMore] = useState({ start: false, end: false })
  useEffect(() => {
    const element = row.current
    if (!element) return
    const measure = () => {
      const start = element.scrollLeft > 1
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1
      setMore((now) => (now.start === start && now.end === end ? now : { start, end }))
    }
    measure()
    element.addEventListener('scroll', measure, { passive: true })
    window.addEventListener('resize', measure)
    return () => {
      element.removeEventListener('scroll', measure)
      window.removeEventListener('resize', measure)
    }
  }, [row, items])
  return more
}

interface ChipRowProps extends HTMLAttributes<HTMLDivElement> {
  row: RefObject<HTMLDivElement | null>
  /** How many chips it holds: measured again when it changes. */
  items: number
}

/** The row; its chips are `<button>`s, chosen by `aria-selected` (tabs) or `aria-pressed`. */
export function ChipRow({ row, items, className, ...rest }: ChipRowProps) {
  const more = useOverflow(row, items)
  const classes = ['chips', more.start && 'chips--more-start', more.end && 'chips--more-end', className].filter(Boolean).join(' ')
  return <div ref={row} className={classes} {...rest} />
}

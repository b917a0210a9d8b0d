// One row of chips that scrolls sideways (issue 29, 51): the deposit ways, the statement's filter.
// The edge fades while more chips follow out of sight, so a row cut at 320 px says it goes on. A
// finger swipes the row; a mouse cannot (no scroll bar, and its wheel scrolls the page), so where
// the pointer is a mouse a step button sits on each edge that has more beyond it.
import type { HTMLAttributes, RefObject } from 'react'
import { ChevronIcon } from './icons'
import { prefersReducedMotion } from './media'
import { useScrollEdges } from './useScrollEdges'
import './chips.css'

interface ChipRowProps extends HTMLAttributes<HTMLDivElement> {
  row: RefObject<HTMLDivElement | null>
}

/** A step button: scrolls the row by most of its width towards its end (1) or its start (-1). */
function StepButton({ row, direction }: { row: RefObject<HTMLDivElement | null>; direction: 1 | -1 }) {
  const onClick = () => {
    const element = row.current
    element?.scrollBy({ left: direction * Math.round(element.clientWidth * 0.75), behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  }
  return (
    <button type="button" className={`chips__step chips__step--${direction > 0 ? 'end' : 'start'}`} tabIndex={-1} aria-hidden="true"
      onMouseDown={(event) => event.preventDefault()} onClick={onClick}>
      <ChevronIcon />
    </button>
  )
}

/**
 * The row; its chips are `<button>`s, chosen by `aria-selected` (tabs) or `aria-pressed`. The step
 * buttons are for the mouse alone: hidden from screen readers and out of the tab order, since a
 * keyboard reaches every chip and the chip it focuses scrolls into view. A press keeps the focus
 * where it was (inside a sheet, on its chip), so a button that goes at the row's end takes none with it.
 */
export function ChipRow({ row, className, ...rest }: ChipRowProps) {
  const more = useScrollEdges(row, 'x')
  const classes = ['chips', more.start && 'chips--more-start', more.end && 'chips--more-end', className].filter(Boolean).join(' ')
  return (
    <div className="chips-frame">
      <div ref={row} className={classes} {...rest} />
      {more.start && <StepButton row={row} direction={-1} />}
      {more.end && <StepButton row={row} direction={1} />}
    </div>
  )
}

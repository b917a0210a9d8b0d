// The bubble never covers a control or an amount (issue 29). At rest it stands in its place above
// the menu; when one of the page's controls or amounts (a button, a link, a field, a tab, a figure
// marked `data-amount`) lies there, it rises to the nearest spot above that is clear, and steps
// aside only when there is none. While the page scrolls it steps aside. The end of a page keeps
// room for it (bubble.css), so there it stands in its own place.
import { type RefObject, useEffect, useState } from 'react'

/** What the bubble must never sit on: the page's controls and its amounts (a dialog is above it). */
const UNDER_BUBBLE = 'main :is(button, a[href], input, select, textarea, [role="tab"], [data-amount], [data-main-action])'

/** How long the page stays still before the bubble comes back after a scroll. */
const SCROLL_REST_MS = 250

/** How far the bubble may rise from its place, as a share of the viewport's height, and by what steps (px). */
const MAX_RISE = 0.75
const RISE_STEP = 8
/** Space kept between the bubble and what it passes. */
const MARGIN = 4

/** Where the bubble stands: `rise` px above its place, or away (null). */
export type BubblePlace = { rise: number } | null

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left - MARGIN < b.right && b.left < a.right + MARGIN && a.top - MARGIN < b.bottom && b.top < a.bottom + MARGIN

/** What a thing takes on screen: a control its box, an amount its text (a block's empty end is free). */
function boxOf(element: HTMLElement): DOMRect {
  if (!element.matches('[data-amount]')) return element.getBoundingClientRect()
  const text = document.createRange()
  text.selectNodeContents(element)
  return text.getBoundingClientRect()
}

/** The bubble's place over the page, judged from `spot` (an unmoving copy of its place at rest). */
export function useClearOfControls(spot: RefObject<HTMLElement | null>, active: boolean): BubblePlace {
  const [place, setPlace] = useState<BubblePlace>({ rise: 0 })
  const [scrolling, setScrolling] = useState(false)
  useEffect(() => {
    if (!active) return
    let frame = 0
    let rest: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      frame = 0
      const element = spot.current
      if (!element) return
      const home = element.getBoundingClientRect()
      const taken = [...document.querySelectorAll<HTMLElement>(UNDER_BUBBLE)]
        .filter((control) => control.offsetParent !== null)
        .map(boxOf)
        .filter((box) => box.right > home.left - MARGIN && box.left < home.right + MARGIN)
      const limit = Math.max(0, Math.min(home.top - 8, window.innerHeight * MAX_RISE))
      for (let rise = 0; rise <= limit; rise += RISE_STEP) {
        const at = new DOMRect(home.left, home.top - rise, home.width, home.height)
        if (!taken.some((box) => overlaps(at, box))) {
          setPlace((now) => (now?.rise === rise ? now : { rise }))
          return
        }
      }
      setPlace(null)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check)
    }
    const scrolled = () => {
      setScrolling(true)
      clearTimeout(rest)
      rest = setTimeout(() => {
        setScrolling(false)
        schedule()
      }, SCROLL_REST_MS)
    }
    schedule()
    window.addEventListener('scroll', scrolled, { passive: true, capture: true })
    window.addEventListener('resize', schedule)
    const observer = new MutationObserver(schedule)
    observer.observe(document.body, { childList: true, subtree: true })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(rest)
      window.removeEventListener('scroll', scrolled, { capture: true })
      window.removeEventListener('resize', schedule)
      observer.disconnect()
    }
  }, [spot, active])
  return scrolling ? null : place
}

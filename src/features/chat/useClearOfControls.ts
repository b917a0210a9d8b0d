// The bubble never covers a control or an amount (issue 29): while one of the page's lies under it
// (a button, a link, a field, a tab, a figure marked `data-amount`), and while the page scrolls,
// the bubble steps aside; it comes back once the page is at rest with nothing under it. The end
// of a page scrolls clear of it (bubble.css reserves the room).
import { type RefObject, useEffect, useState } from 'react'

/** What the bubble must never sit on: the page's controls and its amounts (a dialog is above it). */
export const UNDER_BUBBLE = 'main :is(button, a[href], input, select, textarea, [role="tab"], [data-amount], [data-main-action])'

/** How long the page stays still before the bubble comes back after a scroll. */
export const SCROLL_REST_MS = 250

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/** True while `target` would cover a visible control or amount of the page, or the page scrolls. */
export function useClearOfControls(target: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [covering, setCovering] = useState(false)
  const [scrolling, setScrolling] = useState(false)
  useEffect(() => {
    if (!active) return
    let frame = 0
    let rest: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      frame = 0
      const element = target.current
      if (!element) return
      // The bubble's place at rest: its layout size about its centre, whatever scale a fade has
      // put on it (a shrunk bubble would otherwise find itself clear and come back, and go again).
      const faded = element.getBoundingClientRect()
      const [x, y] = [(faded.left + faded.right) / 2, (faded.top + faded.bottom) / 2]
      const rect = new DOMRect(x - element.offsetWidth / 2, y - element.offsetHeight / 2, element.offsetWidth, element.offsetHeight)
      const under = document.querySelectorAll<HTMLElement>(UNDER_BUBBLE)
      setCovering([...under].some((control) => control.offsetParent !== null && overlaps(rect, control.getBoundingClientRect())))
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
  }, [target, active])
  return covering || scrolling
}

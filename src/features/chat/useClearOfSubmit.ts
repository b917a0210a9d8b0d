// The bubble never covers a form's submit button: while one lies under it (a short screen, a
// scrolled form), the bubble steps aside, and comes back once the button has moved on.
import { type RefObject, useEffect, useState } from 'react'

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/** True while a visible submit button of the page (not of a dialog) is under `target`. */
export function useClearOfSubmit(target: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [covering, setCovering] = useState(false)
  useEffect(() => {
    if (!active) return
    let frame = 0
    const check = () => {
      frame = 0
      const element = target.current
      if (!element) return
      // The bubble's own place, wherever a fade has put it.
      const rect = element.getBoundingClientRect()
      const buttons = document.querySelectorAll<HTMLElement>('main button[type="submit"], main [data-main-action]')
      setCovering([...buttons].some((button) => button.offsetParent !== null && overlaps(rect, button.getBoundingClientRect())))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check)
    }
    schedule()
    window.addEventListener('scroll', schedule, { passive: true, capture: true })
    window.addEventListener('resize', schedule)
    const observer = new MutationObserver(schedule)
    observer.observe(document.body, { childList: true, subtree: true })
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule, { capture: true })
      window.removeEventListener('resize', schedule)
      observer.disconnect()
    }
  }, [target, active])
  return covering
}

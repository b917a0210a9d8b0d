import { useEffect, useState, type RefObject } from 'react'

export interface ScrollEdges {
  /** More out of sight before the start (left, or above). */
  start: boolean
  /** More out of sight after the end (right, or below). */
  end: boolean
}

const NONE: ScrollEdges = { start: false, end: false }

/**
 * Whether a scrolling box has more out of sight before its start or after its end along one axis
 * (issue 51: a chip row cut at 320 px, a sheet whose buttons are below a 568 px screen). Measured
 * when it scrolls and whenever the box or one of its children changes size, children that come
 * or go included: laid out at last (a sheet opened again measures before the dialog shows, at
 * size 0), a narrower page, longer words, a form that becomes its receipt.
 */
export function useScrollEdges(box: RefObject<HTMLElement | null>, axis: 'x' | 'y', active = true): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(NONE)
  useEffect(() => {
    const element = box.current
    if (!active || !element) return
    // A box that does not scroll (the chat's body, which scrolls its list inside) has nothing a
    // player could bring into view: no edge says more, and nothing is measured.
    const overflow = getComputedStyle(element)[axis === 'x' ? 'overflowX' : 'overflowY']
    if (overflow !== 'auto' && overflow !== 'scroll') return
    const measure = () => {
      const [scrolled, seen, whole] = axis === 'x'
        ? [element.scrollLeft, element.clientWidth, element.scrollWidth]
        : [element.scrollTop, element.clientHeight, element.scrollHeight]
      const start = scrolled > 1
      const end = scrolled + seen < whole - 1
      setEdges((now) => (now.start === start && now.end === end ? now : { start, end }))
    }
    measure()
    element.addEventListener('scroll', measure, { passive: true })
    if (typeof ResizeObserver !== 'function') {
      window.addEventListener('resize', measure)
      return () => {
        element.removeEventListener('scroll', measure)
        window.removeEventListener('resize', measure)
      }
    }
    const sizes = new ResizeObserver(measure)
    const observe = () => {
      sizes.disconnect()
      for (const part of [element, ...element.children]) sizes.observe(part)
    }
    observe()
    // Observing again measures again: a ResizeObserver reports each box it starts to observe.
    const children = new MutationObserver(observe)
    children.observe(element, { childList: true })
    return () => {
      element.removeEventListener('scroll', measure)
      sizes.disconnect()
      children.disconnect()
      // A sheet opened again starts from nothing cut, not from how it was when it closed.
      setEdges(NONE)
    }
  }, [box, axis, active])
  return edges
}

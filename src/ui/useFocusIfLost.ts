import { useEffect, useRef } from 'react'

/**
 * A sheet's step that takes the place of what had the focus (the form whose Next was pressed, the
 * button that made a QR code) left a keyboard player on the page's body, at the top of nothing:
 * whenever `step` changes, and once the step is shown, the element `target` names takes the focus
 * if it is nowhere. Focus that is somewhere (a field being typed into) stays where it is.
 * `onFirst: false`: not when the step is first shown, only when it changes. `preventScroll`: the
 * page stays where the step put it (a new page of a list read from its top).
 */
export function useFocusIfLost(target: () => HTMLElement | null | undefined, step: unknown, { onFirst = true, preventScroll = false } = {}): void {
  const shown = useRef(step)
  useEffect(() => {
    if (!onFirst && shown.current === step) return
    shown.current = step
    // A button just disabled still holds the focus here: the browser gives it to the page at its
    // next style update, after this effect when the step came from a key or a tap.
    const active = document.activeElement
    if (active && active !== document.body && !active.matches(':disabled')) return
    target()?.focus({ preventScroll })
    // `target` is read when the step changes, not a reason to run again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step])
}

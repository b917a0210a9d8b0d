// Back is one stack: routes plus open modals (DESIGN.md). An open layer pushes a history entry
// with the URL unchanged, so the browser's back, Android's back and Telegram's back button
// close the top modal first. Closing from the UI pops that entry again.
import { useEffect, useRef } from 'react'
import { ui } from '../state/ui'

export const layerDepth = (): number => {
  const state: unknown = window.history.state
  return state && typeof state === 'object' && 'layer' in state && typeof state.layer === 'number'
    ? state.layer
    : 0
}

/** Pushes one entry on the back stack with the URL unchanged; `extra` is kept in its state. */
export function pushLayer(extra: Record<string, unknown> = {}): number {
  const depth = layerDepth() + 1
  const base: unknown = window.history.state
  window.history.pushState({ ...(base && typeof base === 'object' ? base : {}), ...extra, layer: depth }, '')
  return depth
}

export function useHistoryLayer(open: boolean, onClose: () => void): void {
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })

  useEffect(() => {
    if (!open) return
    const depth = pushLayer()
    ui.openModals++
    let poppedByHistory = false
    const onPop = () => {
      if (layerDepth() < depth) {
        poppedByHistory = true
        close.current()
      }
    }
    window.addEventListener('popstate', onPop)
    return () => {
      window.removeEventListener('popstate', onPop)
      ui.openModals--
      if (!poppedByHistory && layerDepth() === depth) window.history.back()
    }
  }, [open])
}

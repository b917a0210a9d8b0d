// Back is one stack: routes plus open modals (docs/design.md). An open layer pushes a history entry
// with the URL unchanged, so the browser's back, Android's back and Telegram's back button
// close the top modal first. Closing from the UI pops that entry again.
//
// history.back() is asynchronous: a layer opened while an earlier one's entry is still being
// popped (one modal closing as the next opens) waits for that pop, or the pop would close it.
import { useEffect, useRef } from 'react'
import { stateNumber, stateObject } from '../lib/historyState'
import { ui } from '../state/ui'

export const layerDepth = (): number => stateNumber('layer') ?? 0

/** Pushes one entry on the back stack with the URL unchanged; `extra` is kept in its state. */
export function pushLayer(extra: Record<string, unknown> = {}): number {
  const depth = layerDepth() + 1
  window.history.pushState({ ...stateObject(), ...extra, layer: depth }, '')
  return depth
}

let pendingBacks = 0
let waiting: (() => void)[] = []

// Registered before any layer's listener, so it settles our own pops first.
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    if (pendingBacks === 0) return
    pendingBacks--
    if (pendingBacks === 0) {
      const ready = waiting
      waiting = []
      ready.forEach((start) => start())
    }
  })
}

function popOwnEntry(): void {
  pendingBacks++
  window.history.back()
}

function whenSettled(start: () => void): void {
  if (pendingBacks === 0) start()
  else waiting.push(start)
}

export function useHistoryLayer(open: boolean, onClose: () => void): void {
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })

  useEffect(() => {
    if (!open) return
    let depth = 0
    let live = true
    let poppedByHistory = false
    const onPop = () => {
      if (layerDepth() < depth) {
        poppedByHistory = true
        close.current()
      }
    }
    whenSettled(() => {
      if (!live) return
      depth = pushLayer()
      window.addEventListener('popstate', onPop)
    })
    ui.openModals++
    return () => {
      live = false
      window.removeEventListener('popstate', onPop)
      ui.openModals--
      if (depth > 0 && !poppedByHistory && layerDepth() === depth) popOwnEntry()
    }
  }, [open])
}

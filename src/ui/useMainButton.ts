// A money form's main action on the host's own main button (issue 18: Telegram), where it has one.
import { useEffect, useRef } from 'react'
import { usePlatform } from '../platform'
import type { MainButtonAction } from '../platform/types'

/**
 * How long the main button stays inactive once it has taken another action (Next becoming
 * Confirm): a double tap's second tap lands on it, and unlike a click in the page (a browser counts
 * it 2, Button's `firstClickOnly`) the host's press carries no count. About a double tap's interval.
 */
export const NEW_ACTION_ARMS_AFTER_MS = 500

/**
 * Shows `action` on the host's main button while it is given (null hides it: the form is not on
 * screen, or a dialog covers it) and returns whether the host shows it, so the form leaves out
 * its own button. The press always runs the latest `onPress`; an action that replaced another is
 * shown inactive, and takes no press, for its first NEW_ACTION_ARMS_AFTER_MS.
 */
export function useMainButton(action: MainButtonAction | null, onPress: () => void): boolean {
  const { platform } = usePlatform()
  const host = platform.mainButton
  const latest = useRef(onPress)
  useEffect(() => {
    latest.current = onPress
  })
  // The text last shown, and when the action shown takes presses (performance.now()).
  const shownText = useRef<string | undefined>(undefined)
  const armsAt = useRef(0)
  const text = action?.text
  const enabled = action?.enabled
  const pending = action?.pending
  const active = text !== undefined
  useEffect(() => {
    if (!host || text === undefined) return
    if (shownText.current !== undefined && shownText.current !== text) armsAt.current = performance.now() + NEW_ACTION_ARMS_AFTER_MS
    shownText.current = text
    const press = () => {
      if (performance.now() >= armsAt.current) latest.current()
    }
    const show = (armed: boolean) => host.show({ text, enabled: (enabled ?? true) && armed, pending: pending ?? false }, press)
    const wait = armsAt.current - performance.now()
    show(wait <= 0)
    if (wait <= 0) return
    const armed = setTimeout(() => show(true), wait)
    return () => clearTimeout(armed)
  }, [host, text, enabled, pending])
  // Hidden once the action goes (or the form), not between two states of it.
  useEffect(() => {
    if (!host || !active) return
    return () => host.hide()
  }, [host, active])
  return host !== null && action !== null
}

// A money form's main action on the host's own main button (issue 18: Telegram), where it has one.
import { useEffect, useRef } from 'react'
import { usePlatform } from '../platform'
import type { MainButtonAction } from '../platform/types'

/**
 * Shows `action` on the host's main button while it is given (null hides it: the form is not on
 * screen, or a dialog covers it) and returns whether the host shows it, so the form leaves out
 * its own button. The press always runs the latest `onPress`.
 */
export function useMainButton(action: MainButtonAction | null, onPress: () => void): boolean {
  const { platform } = usePlatform()
  const host = platform.mainButton
  const latest = useRef(onPress)
  useEffect(() => {
    latest.current = onPress
  })
  const text = action?.text
  const enabled = action?.enabled
  const pending = action?.pending
  const active = text !== undefined
  useEffect(() => {
    if (!host || text === undefined) return
    host.show({ text, enabled: enabled ?? true, pending: pending ?? false }, () => latest.current())
  }, [host, text, enabled, pending])
  // Hidden once the action goes (or the form), not between two states of it.
  useEffect(() => {
    if (!host || !active) return
    return () => host.hide()
  }, [host, active])
  return host !== null && action !== null
}

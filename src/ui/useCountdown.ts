// The QR deposit countdown (spec 4): `mm:ss` to the expiry, re-rendering once a second and not at
// all once expired. The clock is read through useSyncExternalStore, so a new expiry shows the right
// time on the very render that receives it.
import { useCallback, useSyncExternalStore } from 'react'
import { countdown, type Countdown } from '../lib/time'

const TICK_MS = 1000

const millis = (value: number | string | Date | null | undefined): number =>
  value == null ? Number.NaN : typeof value === 'number' ? value : new Date(value).getTime()

/** `{ text: 'mm:ss', seconds, expired }` for an expiry; no expiry counts as expired (00:00). */
export function useCountdown(expireAt: number | string | Date | null | undefined): Countdown {
  const end = millis(expireAt)
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!Number.isFinite(end) || Date.now() >= end) return () => {}
      const id = setInterval(() => {
        notify()
        if (Date.now() >= end) clearInterval(id)
      }, TICK_MS)
      return () => clearInterval(id)
    },
    [end],
  )
  // A whole number of seconds: stable within a second, as useSyncExternalStore needs.
  const seconds = useSyncExternalStore(subscribe, () => countdown(end, Date.now()).seconds)
  return countdown(Number.isFinite(end) ? seconds * 1000 : Number.NaN, 0)
}

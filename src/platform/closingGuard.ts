// Inside Telegram, closing confirmation is on while anything holds it: a money request pending, a
// QR deposit open (issue 7). Holders overlap, so they are counted; the last release turns it off.
import { getPlatform } from './index'

let holders = 0

/** Turns closing confirmation on until the returned release is called (once; later calls do nothing). */
export function holdClosingConfirmation(): () => void {
  holders++
  if (holders === 1) getPlatform().setClosingConfirmation(true)
  let released = false
  return () => {
    if (released) return
    released = true
    holders--
    if (holders === 0) getPlatform().setClosingConfirmation(false)
  }
}

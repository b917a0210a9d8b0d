// The QR deposit countdown of spec 4: mm:ss ticking every second to the expiry, 00:00 when expired.

export interface Countdown {
  text: string
  expired: boolean
}

/** What the countdown shows at `now` for a QR that expires at `expiresAt` (both ms). */
export function countdownAt(expiresAt: number, now: number): Countdown {
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000))
  const two = (value: number) => String(value).padStart(2, '0')
  return { text: `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`, expired: seconds === 0 }
}

/** The expiry of an answer whose `expireIn` (seconds left when the server answered) came at `receivedAt`. */
export const expiryOf = (expireIn: number, receivedAt: number): number => receivedAt + Math.max(0, expireIn) * 1000

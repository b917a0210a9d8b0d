/** Minutes since midnight of `at` in `timeZone`. */
export function minutesOfDay(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return part('hour') * 60 + part('minute')
}

const toMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number)
  return h * 60 + m
}

/** Whether slip upload is open at `at`: closed from `closedFrom` (inclusive) to `closedTo`, wrapping midnight. */
export function isSlipOpen(at: number, closedFrom: string, closedTo: string, timeZone: string): boolean {
  const now = minutesOfDay(at, timeZone)
  const from = toMinutes(closedFrom)
  const to = toMinutes(closedTo)
  const closed = from <= to ? now >= from && now < to : now >= from || now < to
  return !closed
}

// While a QR is shown the modal asks for its state every few seconds, so the player sees the money
// arrive without refreshing (issue 14). The reference server answers the shown QR by its id with a
// `status`; an operator's API that knows neither only says whether a QR is still there.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { QrState } from '../../../contract'
import { QR_POLL_MS, type QrProvider } from './rules'
import { depositKeys, getShownQr, type QrAnswer } from './api'

/** A payment made in the last seconds may be reported after the countdown (spec 1: credited within 1 minute). */
export const QR_LATE_REPORT_MS = 60_000

/** paid: the money arrived. closed: the QR went (cancelled elsewhere, or gone from an API without status) before its countdown ended. */
export type QrOutcome = 'paid' | 'closed'

/** What an answer says of the QR shown, or undefined while there is nothing to say. */
export function qrOutcome(shown: QrAnswer, answer: QrState, countdownEnded: boolean): QrOutcome | undefined {
  const same = answer.qrcodeId === shown.qrcodeId
  if (same && answer.status === 'paid') return 'paid'
  if (same && (answer.status === 'open' || (answer.status === undefined && answer.hasQrcode))) return undefined
  // Gone: at the end of its countdown that is just expiry, which the countdown already shows.
  return countdownEnded ? undefined : 'closed'
}

const expiresAt = (shown: QrAnswer) => shown.receivedAt + shown.expireIn * 1000

/** Polls the shown QR's state (paused while the page is hidden) until it says how the QR ended. */
const shownQrQuery = (provider: QrProvider, shown: QrAnswer) =>
  queryOptions({
    queryKey: depositKeys.qrWatch(provider, shown.qrcodeId ?? ''),
    queryFn: () => getShownQr(provider, shown.qrcodeId ?? ''),
    initialData: shown,
    initialDataUpdatedAt: shown.receivedAt,
    staleTime: QR_POLL_MS,
    refetchInterval: (query) => {
      const answer = query.state.data
      const ended = Date.now() >= expiresAt(shown)
      if (answer && qrOutcome(shown, answer, ended)) return false
      // After the countdown only an API that says `status` can still report a payment.
      if (ended && (Date.now() >= expiresAt(shown) + QR_LATE_REPORT_MS || answer?.status === undefined)) return false
      return QR_POLL_MS
    },
    refetchIntervalInBackground: false,
    // Back in the app: ask at once rather than at the next tick.
    refetchOnWindowFocus: true,
    retry: false,
    meta: { silent: true },
  })

/** How the shown QR ended, once a poll says so, with the answer that said it; undefined while it
 *  is open (or nothing is known). */
export function useQrOutcome(provider: QrProvider, shown: QrAnswer, countdownEnded: boolean): [QrOutcome | undefined, QrState] {
  const { data } = useQuery(shownQrQuery(provider, shown))
  return [data === shown ? undefined : qrOutcome(shown, data, countdownEnded), data]
}

// A slip or gift link just sent waits for staff (spec 1: slips are read by people). While the
// deposit sheet is open it asks for the slip's state every few seconds (issue 29), so the player
// sees the money arrive, or why not, without a reload or a visit to the statement. The spec's call
// is the slip table, newest first: the slip just sent is on its first page.
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Slip } from '../../../contract'
import { getPlatform } from '../../platform'
import { depositKeys, getNewestSlips, useRefreshAfterSlip } from './api'

const SLIP_POLL_MS = 5_000

/** SUCCESS and FAILED are final; anything else is in progress (spec 4). */
const isSettled = (slip: Slip): boolean => slip.status === 'SUCCESS' || slip.status === 'FAILED'

/**
 * The latest known state of `sent`: as it was sent, then as the slip table says, until it is
 * settled. Polling pauses while the page is hidden and asks at once when the player is back; once
 * settled the wallet (and with it the statement and the slip table) is read again, with a haptic.
 */
export function useSlipOutcome(sent: Slip | null): Slip | null {
  const refreshAfterSlip = useRefreshAfterSlip()
  const reference = sent?.reference ?? ''
  const watching = sent !== null && !isSettled(sent)
  const { data } = useQuery({
    queryKey: depositKeys.slipWatch(reference),
    queryFn: async () => (await getNewestSlips()).find((slip) => slip.reference === reference) ?? null,
    enabled: watching,
    // As it was just sent: the first ask is a poll later, not at once.
    initialData: sent,
    staleTime: SLIP_POLL_MS,
    refetchInterval: (query) => (query.state.data && isSettled(query.state.data) ? false : SLIP_POLL_MS),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: false,
    meta: { silent: true },
  })
  const latest = watching && data ? data : sent
  const settled = watching && data && isSettled(data) ? data.status : null
  useEffect(() => {
    if (!settled) return
    getPlatform().haptic(settled === 'SUCCESS' ? 'success' : 'error')
    refreshAfterSlip()
  }, [settled, refreshAfterSlip])
  return latest
}

// The slip queue's server state: the queue (read again every minute besides live events), and a
// decision that marks the queue stale once it is settled, whatever its answer.
import { useQuery } from '@tanstack/react-query'
import { opsEndpoints, type SlipDecision } from '../../../contract/ops'
import { call } from '../../api/call'
import { QUEUE_REFRESH_MS, useChangeOf } from '../../api/queryClient'

export const slipKeys = {
  all: ['slips'] as const,
  queue: () => [...slipKeys.all, 'queue'] as const,
}

export const useSlipQueue = () => useQuery({ queryKey: slipKeys.queue(), queryFn: () => call(opsEndpoints.slips), refetchInterval: QUEUE_REFRESH_MS })

export const useDecideSlip = (reference: string) =>
  useChangeOf(slipKeys.all, (body: SlipDecision) => call(opsEndpoints.decideSlip, { params: { reference }, body }))

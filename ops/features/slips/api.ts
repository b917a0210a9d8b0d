// The slip queue's server state: the queue (read again every minute besides live events), and a
// decision that marks the queue stale once it is settled, whatever its answer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { opsEndpoints, type SlipDecision } from '../../../contract/ops'
import { call } from '../../api/call'
import { QUEUE_REFRESH_MS } from '../../api/queryClient'

export const slipKeys = {
  all: ['slips'] as const,
  queue: () => [...slipKeys.all, 'queue'] as const,
}

export const useSlipQueue = () => useQuery({ queryKey: slipKeys.queue(), queryFn: () => call(opsEndpoints.slips), refetchInterval: QUEUE_REFRESH_MS })

export function useDecideSlip(reference: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SlipDecision) => call(opsEndpoints.decideSlip, { params: { reference }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: slipKeys.all }),
  })
}

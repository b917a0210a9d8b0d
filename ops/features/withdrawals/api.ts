// The withdrawal queue's server state: the queue (read again every minute besides live events),
// and a payout or a failure that marks the queue stale once it is settled, whatever its answer.
import { useQuery } from '@tanstack/react-query'
import { opsEndpoints, type WithdrawalDecision } from '../../../contract/ops'
import { call } from '../../api/call'
import { QUEUE_REFRESH_MS, useChangeOf } from '../../api/queryClient'

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  queue: () => [...withdrawalKeys.all, 'queue'] as const,
}

export const useWithdrawalQueue = () => useQuery({ queryKey: withdrawalKeys.queue(), queryFn: () => call(opsEndpoints.withdrawals), refetchInterval: QUEUE_REFRESH_MS })

export const useDecideWithdrawal = (id: string) =>
  useChangeOf(withdrawalKeys.all, (body: WithdrawalDecision) => call(opsEndpoints.decideWithdrawal, { params: { id }, body }))

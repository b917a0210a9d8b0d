// Every money button of the wallet (issue 7): one request per tap (a second tap while pending
// sends nothing), one Idempotency-Key per player action (tapping again after an answer was lost,
// with nothing changed, retries the same action with the same key), Telegram's closing
// confirmation while the request is out, and haptic feedback on the answer. An action the server
// holds until the password is given again (STEP_UP_REQUIRED) is sent once more after the prompt,
// with the same key, and stays pending meanwhile (api/identity/stepUp.ts).
import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { isApiError } from './errors'
import { idempotencyHeaders, newActionKey } from './idempotency'
import { isStepUpCancelled, withStepUp } from './identity/stepUp'
import { useSubmit } from './useSubmit'
import { getPlatform } from '../platform'
import { holdClosingConfirmation } from '../platform/closingGuard'

interface MoneyAction<TData, TVariables> {
  /** The request, given the action's idempotency headers. */
  call: (variables: TVariables, headers: Record<string, string>) => Promise<TData>
  onSuccess?: (data: TData, variables: TVariables) => void
  /** Failures are shown by the screen (a dialog or inline), so never as a toast too. */
  onError?: (error: Error, variables: TVariables) => void
}

/**
 * The server may have acted without the answer reaching us (offline, timeout, a 5xx on the way
 * back): tapping again is the same action and must carry the same key. A refusal (4xx: money not
 * enough, a limit) is an answer: the next tap is a new action, so an API that keeps refused
 * answers under their key does not replay the refusal after the player has put it right.
 */
/** What a screen does with a call's answer (a toast, a dialog, closing); the area's hook that makes
 *  the call keeps the query cache (api.ts), so a screen never touches it. */
export type Reactions<TData, TVariables> = Pick<MoneyAction<TData, TVariables>, 'onSuccess' | 'onError'>

export const answerMaybeLost = (error: Error): boolean =>
  !isApiError(error) || error.status === undefined || error.status >= 500

export function useMoneyAction<TData, TVariables>({ call, onSuccess, onError }: MoneyAction<TData, TVariables>) {
  const action = useRef<{ fingerprint: string; key: string } | null>(null)
  const mutation = useMutation<TData, Error, TVariables>({
    meta: { handlesError: true },
    // Offline, a money call fails at once and says so (the player retries the same action with the
    // same key) instead of waiting, paused, behind a locked button.
    networkMode: 'always',
    mutationFn: async (variables) => {
      const fingerprint = JSON.stringify(variables ?? null)
      const current = action.current?.fingerprint === fingerprint ? action.current : { fingerprint, key: newActionKey() }
      action.current = current
      const release = holdClosingConfirmation()
      try {
        const headers = idempotencyHeaders(current.key)
        return await withStepUp(() => call(variables, headers))
      } finally {
        release()
      }
    },
    onSuccess: (data, variables) => {
      // Done: the next tap is a new action.
      action.current = null
      getPlatform().haptic('success')
      onSuccess?.(data, variables)
    },
    onError: (error, variables) => {
      if (!answerMaybeLost(error)) action.current = null
      // The player closed the password prompt: nothing moved, the form stays as it was.
      if (isStepUpCancelled(error)) return
      getPlatform().haptic('error')
      onError?.(error, variables)
    },
  })
  const submit = useSubmit(mutation)
  return { submit, pending: mutation.isPending, error: mutation.error, reset: mutation.reset }
}

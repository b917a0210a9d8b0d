// Every money button of the wallet (issue 7): one request per tap (a second tap while pending
// sends nothing), one Idempotency-Key per player action (tapping again after an answer was lost,
// with nothing changed, retries the same action with the same key, from the same screen or from
// the sheet opened again), Telegram's closing confirmation while the request is out, and haptic
// feedback on the answer. An action the server holds until the password is given again
// (STEP_UP_REQUIRED) is sent once more after the prompt, with the same key, and stays pending
// meanwhile (api/identity/stepUp.ts). An answer that comes after the screen that asked has gone
// (the sheet closed, the tab switched) is not lost: the wallet and the statement are read again,
// and the player is told.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { isApiError } from './errors'
import { idempotencyHeaders, newActionKey } from './idempotency'
import { isStepUpCancelled, withStepUp } from './identity/stepUp'
import { useSubmit } from './useSubmit'
import { getPlatform } from '../platform'
import { holdClosingConfirmation } from '../platform/closingGuard'
import { showToast } from '../state/ui'
import { walletKeys } from './wallet'

interface MoneyAction<TData, TVariables> {
  /** The action's name, the same from every screen that sends it (with what it acts on: a bonus's
   *  code): an action whose answer was lost keeps its key under it beyond the screen. */
  name: string
  /** The request, given the action's idempotency headers. */
  call: (variables: TVariables, headers: Record<string, string>) => Promise<TData>
  /** What makes two sends the same action (by default, all of the variables). */
  sameAction?: (variables: TVariables) => unknown
  onSuccess?: (data: TData, variables: TVariables) => void
  /** Failures are shown by the screen (a dialog or inline), so never as a toast too, unless the
   *  screen has gone by the time the failure comes. */
  onError?: (error: Error, variables: TVariables) => void
  /** What the player is told of a success that came after the screen that asked had gone, where
   *  the screen itself would have shown it (a receipt, a status line). */
  toldWhenGone?: (data: TData) => void
}

/**
 * Actions whose answer was lost (offline, a timeout, a 5xx), by name, with when. A sheet closed and
 * opened again that sends the same action carries the same key, and the server answers what it
 * did the first time instead of doing it twice; but only until the wallet has been read since the
 * loss: the player has then seen what the server holds, and the same request after that is a new
 * action (the server would otherwise answer an old one for a day). An action still on its way is
 * its screen's alone. (The server keeps keys per member: another member on this device starts afresh.)
 */
const lost = new Map<string, { fingerprint: string; key: string; at: number }>()

/** Each screen test starts with no action outstanding from the one before. */
export const forgetLostForTests = (): void => lost.clear()

/**
 * Actions on their way, by name, for the app's query client: a sheet closed while its action was
 * out and opened again shows that action of its kind as still pending, and sends nothing until it
 * has its answer (the toast says it). A second send meanwhile would carry a key of its own and
 * could be booked as well.
 */
const outNow = new WeakMap<QueryClient, Map<string, number>>()
const outListeners = new Set<() => void>()

const outOf = (client: QueryClient): Map<string, number> => {
  let out = outNow.get(client)
  if (!out) outNow.set(client, (out = new Map()))
  return out
}

function markOut(client: QueryClient, name: string, change: 1 | -1): void {
  const out = outOf(client)
  const count = (out.get(name) ?? 0) + change
  if (count > 0) out.set(name, count)
  else out.delete(name)
  for (const listener of outListeners) listener()
}

/** Prerendered (scripts/prerender.ts, on the server): nothing is out. */
const useOut = (client: QueryClient, name: string): boolean => useSyncExternalStore((listener) => {
  outListeners.add(listener)
  return () => outListeners.delete(listener)
}, () => outOf(client).has(name), () => false)

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

export function useMoneyAction<TData, TVariables>({ name, call, sameAction, onSuccess, onError, toldWhenGone }: MoneyAction<TData, TVariables>) {
  const client = useQueryClient()
  // This screen's action and its key, kept while the player retries it here.
  const action = useRef<{ fingerprint: string; key: string } | null>(null)
  // Whether the screen that asked is still there when the answer comes (the callbacks below run
  // either way: they are the mutation's, not the screen's).
  const shown = useRef(true)
  useEffect(() => {
    shown.current = true
    return () => {
      shown.current = false
    }
  }, [])
  /** The answer came to no screen: what it moved is read again for the one the player is on. */
  const afterGone = () => void client.invalidateQueries({ queryKey: walletKeys.all })
  const mutation = useMutation<TData, Error, TVariables>({
    meta: { handlesError: true },
    // Offline, a money call fails at once and says so (the player retries the same action with the
    // same key) instead of waiting, paused, behind a locked button.
    networkMode: 'always',
    mutationFn: async (variables) => {
      const fingerprint = JSON.stringify((sameAction ? sameAction(variables) : variables) ?? null)
      const kept = lost.get(name)
      const walletReadSince = (client.getQueryState(walletKeys.detail())?.dataUpdatedAt ?? 0) > (kept?.at ?? 0)
      const current = action.current?.fingerprint === fingerprint ? action.current
        : kept?.fingerprint === fingerprint && !walletReadSince ? kept
          : { fingerprint, key: newActionKey() }
      action.current = current
      // Answered, or refused: the next send is a new action.
      const answered = () => {
        action.current = null
        if (lost.get(name)?.key === current.key) lost.delete(name)
      }
      const release = holdClosingConfirmation()
      markOut(client, name, 1)
      try {
        const headers = idempotencyHeaders(current.key)
        const data = await withStepUp(() => call(variables, headers))
        answered()
        return data
      } catch (error) {
        if (error instanceof Error && !answerMaybeLost(error)) answered()
        else lost.set(name, { ...current, at: Date.now() })
        throw error
      } finally {
        markOut(client, name, -1)
        release()
      }
    },
    onSuccess: (data, variables) => {
      getPlatform().haptic('success')
      onSuccess?.(data, variables)
      if (!shown.current) {
        afterGone()
        toldWhenGone?.(data)
      }
    },
    onError: (error, variables) => {
      // The player closed the password prompt: nothing moved, the form stays as it was.
      if (isStepUpCancelled(error)) return
      getPlatform().haptic('error')
      onError?.(error, variables)
      if (!shown.current) {
        afterGone()
        showToast(error.message)
      }
    },
  })
  const send = useSubmit(mutation)
  const out = useOut(client, name)
  const submit: typeof send = (variables, options) => {
    if (!outOf(client).has(name)) send(variables, options)
  }
  return { submit, pending: mutation.isPending || out, error: mutation.error, reset: mutation.reset }
}

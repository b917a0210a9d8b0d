// Passkeys (issue 31, quick unlock in a plain browser): the calls of api/contract/identity.ts and
// the browser's WebAuthn through @simplewebauthn/browser, loaded only at the moment of use so no
// first chunk carries it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '../call'
import { identityEndpoints as I, type PasskeysResponse } from '../../../contract/identity'
import { shownInline } from '../queryClient'
import { withStepUp } from './stepUp'

export const passkeyKeys = {
  all: ['identity', 'passkeys'] as const,
  list: () => [...passkeyKeys.all, 'list'] as const,
}

const webAuthn = () => import('@simplewebauthn/browser')

/** The player closed the browser's passkey sheet (or it timed out): nothing to say. */
export const isPasskeyCancelled = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')

export const passkeysQuery = () => queryOptions({ queryKey: passkeyKeys.list(), queryFn: () => call(I.passkeys), ...shownInline })
export const usePasskeys = (enabled = true) => useQuery({ ...passkeysQuery(), enabled })

/** Adds a passkey: the password asked again first when the server wants it, then the browser's sheet. */
export async function registerPasskey() {
  const [optionsJSON, { startRegistration }] = await Promise.all([withStepUp(() => call(I.passkeyRegisterOptions)), webAuthn()])
  const response = await startRegistration({ optionsJSON })
  return call(I.passkeyRegister, { body: response })
}

const removePasskey = (id: number) => call(I.passkeyRemove, { params: { id: String(id) } })
const removeAllPasskeys = () => call(I.passkeysRemoveAll)

/** What the profile does with a change's outcome; the cached list is the hook's. */
export interface PasskeyChangeHandlers<T> {
  onSuccess: (answer: PasskeysResponse, variables: T) => void
  onError: (error: Error, variables: T) => void
}

/** Each answer is the member's list as it is now: it replaces the cached one. */
function usePasskeyChange<T>(change: (variables: T) => Promise<PasskeysResponse>, handlers: PasskeyChangeHandlers<T>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: change,
    meta: { handlesError: true },
    onSuccess: (answer, variables) => {
      client.setQueryData(passkeyKeys.list(), answer)
      handlers.onSuccess(answer, variables)
    },
    onError: handlers.onError,
  })
}

export const useAddPasskey = (handlers: PasskeyChangeHandlers<void>) => usePasskeyChange(registerPasskey, handlers)

/** One passkey (by id) or all of them ('all': quick unlock off in this browser). */
export type PasskeyRemoval = { id: number } | 'all'
export const useRemovePasskeys = (handlers: PasskeyChangeHandlers<PasskeyRemoval>) =>
  usePasskeyChange((what: PasskeyRemoval) => (what === 'all' ? removeAllPasskeys() : removePasskey(what.id)), handlers)

/** Sign-in by a passkey (discoverable: the browser offers this site's passkeys, no phone asked). */
export async function signInWithPasskey() {
  const [optionsJSON, { startAuthentication }] = await Promise.all([call(I.passkeyLoginOptions), webAuthn()])
  const response = await startAuthentication({ optionsJSON })
  return call(I.passkeyLogin, { body: response })
}

/** The password asked again, answered by one of the member's passkeys instead. */
export async function stepUpWithPasskey() {
  const [optionsJSON, { startAuthentication }] = await Promise.all([call(I.passkeyStepUpOptions), webAuthn()])
  const response = await startAuthentication({ optionsJSON })
  return call(I.passkeyStepUp, { body: response })
}

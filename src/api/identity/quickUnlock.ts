// Quick unlock in Telegram (issue 31 section 2): the server makes a secret, Telegram's
// BiometricManager keeps it behind the player's face or fingerprint, and the secret then opens a
// session or answers the password asked again. The device keeps nothing else: the id of its own
// quick unlock (not a secret) tells the profile that this phone is the one that has it.
import { useState } from 'react'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { storageKeys } from '../../lib/storage'
import type { BiometricVault, BiometryKind } from '../../platform/types'
import { call } from '../call'
import { identityEndpoints as I } from '../../../contract/identity'
import { ApiError, isApiError } from '../errors'
import { shownInline } from '../queryClient'
import { withStepUp } from './stepUp'

export const quickUnlockKeys = {
  all: ['identity', 'quickUnlocks'] as const,
  list: () => [...quickUnlockKeys.all, 'list'] as const,
}

/** The player closed Telegram's biometric prompt, or it did not recognise them: nothing to say. */
const NOT_OPENED = 'quick-unlock-not-opened'
/** Telegram could not keep the secret (biometry refused, or the prompt closed). */
const NOT_KEPT = 'quick-unlock-not-kept'

export const isQuickUnlockNotOpened = (error: unknown): boolean => isApiError(error) && error.code === NOT_OPENED
export const isQuickUnlockNotKept = (error: unknown): boolean => isApiError(error) && error.code === NOT_KEPT

export const quickUnlocksQuery = () => queryOptions({ queryKey: quickUnlockKeys.list(), queryFn: () => call(I.quickUnlocks), ...shownInline })
export const useQuickUnlocks = (enabled = true) => useQuery({ ...quickUnlocksQuery(), enabled })

// Telegram's biometry as the quick unlock screens read it: whether the device has it, of which
// kind, and whether this phone keeps a secret. Asked of Telegram once, and again after the app
// changed what Telegram keeps.
const biometryKey = ['telegram', 'biometry'] as const

export function useBiometry(biometry: BiometricVault) {
  const client = useQueryClient()
  const query = useQuery({ queryKey: biometryKey, queryFn: () => biometry.status(), staleTime: Infinity, retry: false })
  return { status: query.data, known: !query.isPending, refresh: () => client.invalidateQueries({ queryKey: biometryKey }) }
}

/** The device's biometry in the player's words: "Face ID", "fingerprint". */
export function useBiometryName(kind: BiometryKind | undefined): string {
  const { t, i18n } = useTranslation()
  const name = t(`identity.quickUnlock.biometry.${kind ?? 'unknown'}`)
  // Thai and Lao set a Latin name apart with spaces ("ด้วย Face ID ได้"), and their own words not at
  // all ("ด้วยลายนิ้วมือ"): the sentences hold the name with no space, and it brings its own.
  return /^(th|la)/.test(i18n.language) && /^[A-Za-z]/.test(name) ? ` ${name} ` : name
}

/** Forgets this device's quick unlock: the secret in Telegram and its id. */
async function forgetHere(biometry: BiometricVault): Promise<void> {
  localStorage.removeItem(storageKeys.quickUnlockId)
  await biometry.forget()
}

/** Turns quick unlock on for this device: the password asked again first when the server wants
 *  it, then Telegram's leave and prompt. A secret Telegram could not keep is removed at once. */
async function turnOnQuickUnlock(biometry: BiometricVault, reason: string): Promise<void> {
  const { id, secret } = await withStepUp(() => call(I.quickUnlockAdd))
  if (!(await biometry.keep(secret, reason))) {
    await call(I.quickUnlockRemove, { params: { id: String(id) } }).catch(() => undefined)
    throw new ApiError(NOT_KEPT, undefined, true)
  }
  localStorage.setItem(storageKeys.quickUnlockId, String(id))
}

/** Quick unlock off: every one of the member's goes on the server, and this device's secret. */
async function turnOffQuickUnlock(biometry: BiometricVault) {
  const answer = await call(I.quickUnlocksRemoveAll).catch((error: unknown) => {
    // None was left on the server (a password change took them): off all the same.
    if (isApiError(error) && error.code === 'NO_DATA') return { quickUnlocks: [] }
    throw error
  })
  await forgetHere(biometry)
  return answer
}

/** What the profile does with a switch's outcome; the member's list and the device's biometry,
 *  both read afresh before `onSuccess`, are the hook's. */
export interface QuickUnlockSwitchHandlers {
  onSuccess: () => void
  onError: (error: Error) => void
}

/** Quick unlock on for this phone (`reason`: the words Telegram shows as it keeps the secret). */
export function useTurnOnQuickUnlock(biometry: BiometricVault, reason: string, handlers: QuickUnlockSwitchHandlers) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => turnOnQuickUnlock(biometry, reason),
    meta: { handlesError: true },
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: biometryKey }), client.invalidateQueries({ queryKey: quickUnlockKeys.all })])
      handlers.onSuccess()
    },
    onError: handlers.onError,
  })
}

/** Quick unlock off, on every phone; the answer is the member's list as it is now. */
export function useTurnOffQuickUnlock(biometry: BiometricVault, handlers: QuickUnlockSwitchHandlers) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => turnOffQuickUnlock(biometry),
    meta: { handlesError: true },
    onSuccess: async (answer) => {
      client.setQueryData(quickUnlockKeys.list(), answer)
      await client.invalidateQueries({ queryKey: biometryKey })
      handlers.onSuccess()
    },
    onError: handlers.onError,
  })
}

/** The secret after the player's face or fingerprint, then `send` with it. A secret the server no
 *  longer holds (turned off elsewhere, the password changed) is forgotten here too. */
async function withSecret<T>(biometry: BiometricVault, reason: string, send: (secret: string) => Promise<T>): Promise<T> {
  const secret = await biometry.open(reason)
  if (!secret) throw new ApiError(NOT_OPENED, undefined, true)
  try {
    return await send(secret)
  } catch (error) {
    if (isApiError(error) && error.code === 'QUICK_UNLOCK_INVALID') await forgetHere(biometry)
    throw error
  }
}

export const signInWithQuickUnlock = (biometry: BiometricVault, reason: string) =>
  withSecret(biometry, reason, (secret) => call(I.quickUnlockLogin, { body: { secret } }))

export const stepUpWithQuickUnlock = (biometry: BiometricVault, reason: string) =>
  withSecret(biometry, reason, (secret) => call(I.quickUnlockStepUp, { body: { secret } }))

/**
 * One tap of "Unlock with Face ID" (the sign-in's, the password prompt's): the face, then `send`
 * with the secret. A face not recognised is said in a note, a refusal as `describe` words it (the
 * screens' failureText); a secret the server no longer holds was forgotten on the phone, so
 * `saved` turns false and the offer goes.
 */
export function useQuickUnlock<T>(
  biometry: BiometricVault, send: (biometry: BiometricVault, reason: string) => Promise<T>, onSuccess: (answer: T) => void,
  describe: (error: Error) => string,
) {
  const { t } = useTranslation()
  const { status, refresh } = useBiometry(biometry)
  const name = useBiometryName(status?.kind)
  const [problem, setProblem] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: () => send(biometry, t('identity.quickUnlock.reason')),
    meta: { handlesError: true },
    onSuccess,
    onError: (error) => {
      setProblem(isQuickUnlockNotOpened(error) ? t('identity.quickUnlock.notOpened') : describe(error))
      void refresh()
    },
  })
  const unlock = () => {
    setProblem(null)
    mutation.mutate()
  }
  return { saved: status?.saved === true, name, problem, pending: mutation.isPending, unlock }
}

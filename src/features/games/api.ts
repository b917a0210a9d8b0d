// Game accounts (spec 7 "Wallet"): open one, read or reset its credentials, and the auto-login link.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/call'
import { gameEndpoints } from '../../../contract/games'
import { ApiError, isApiError, isCode } from '../../api/errors'
import type { Reactions } from '../../api/useMoneyAction'
import type { AutoLoginParams } from '../../lib/games'
import { walletKeys } from '../../api/wallet'

/** Under the wallet's key, as the accounts are the wallet's. */
export const gameKeys = {
  all: [...walletKeys.all, 'games'] as const,
  credentials: (code: string) => [...gameKeys.all, 'credentials', code.toUpperCase()] as const,
}

const slot = (code: string) => ({ params: { slotCode: code } })

/** The account's username and password, read while the modal shows an active account; a failure shown there. */
export const useCredentials = (code: string, enabled: boolean) =>
  useQuery({ queryKey: gameKeys.credentials(code), queryFn: () => call(gameEndpoints.credentials, slot(code)), enabled, meta: { silent: true } })

/** Already active is not a failure for the player: the account is there. */
export const alreadyActive = (error: Error | null): boolean => isCode((error as { code?: string } | null)?.code, 'SLOT_ALREADY_ACTIVE')

/** Opens the member's account in a game; once it is there (`opened`, already active included) the
 *  wallet, which lists it, is read again. The screen shows a failure itself. */
export function useActivateSlot(code: string, onSettled: (error: Error | null, opened: boolean) => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => call(gameEndpoints.activate, slot(code)),
    meta: { handlesError: true },
    onSettled: (_data, error) => {
      const opened = !error || alreadyActive(error)
      if (opened) void client.invalidateQueries({ queryKey: walletKeys.detail() })
      onSettled(error, opened)
    },
  })
}

/** Spec 4: a reset reads the credentials again (an operator's answer may carry only a message). The screen shows a failure itself. */
export function useResetPassword(code: string, { onSuccess, onError }: Reactions<unknown, void>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => call(gameEndpoints.resetPassword, slot(code)),
    meta: { handlesError: true },
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: gameKeys.credentials(code) })
      onSuccess?.(answer)
    },
    onError: (error) => onError?.(error),
  })
}

/**
 * The link that opens the game signed in: by username, or by username and password, as the game
 * takes. A launch moves no money: an operator's API that refuses it with TRANSFER_FAIL (spec 8:
 * "funds returned to wallet") is told to the player as the game not opening (GAME_LAUNCH_FAIL).
 */
export const autoLoginLink = (params: AutoLoginParams) =>
  ('password' in params ? call(gameEndpoints.autoLoginWithPassword, { params }) : call(gameEndpoints.autoLogin, { params }))
    .catch((error: unknown) => {
      throw isApiError(error) && isCode(error.code, 'TRANSFER_FAIL') ? new ApiError('GAME_LAUNCH_FAIL', error.status) : error
    })

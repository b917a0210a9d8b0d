// The staff member's own sign-in: signing in, their setup (a new secret for the authenticator, drawn
// as a QR code, and its first code), their password, who they are now. None of it is cached past
// its screen: a secret shown is the one the server keeps until it is confirmed.
import { useMutation, useQuery } from '@tanstack/react-query'
import { opsEndpoints, type OpsLoginRequest, type StaffPasswordChange } from '../../../contract/ops'
import { call } from '../../api/call'

export const authKeys = {
  all: ['auth'] as const,
  totpSetup: () => [...authKeys.all, 'totpSetup'] as const,
  qr: (uri: string) => [...authKeys.all, 'qr', uri] as const,
}

export const useSignIn = () => useMutation({ mutationFn: (request: OpsLoginRequest) => call(opsEndpoints.login, { body: request }) })

/** A new secret each time the setup is shown (asked once however often the screen renders), forgotten once it goes. */
export const useTotpSetup = () => useQuery({ queryKey: authKeys.totpSetup(), queryFn: () => call(opsEndpoints.totpSetup), staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false })

/** The QR code of an otpauth:// address: its encoder is fetched with the setup only. */
export const useQrPath = (uri: string) =>
  useQuery({ queryKey: authKeys.qr(uri), queryFn: () => import('../../../contract/lib/qrPath').then(({ qrPath }) => qrPath(uri)), staleTime: Infinity })

export const useConfirmTotp = () => useMutation({ mutationFn: (code: string) => call(opsEndpoints.totpConfirm, { body: { code } }) })
export const useChangePassword = () => useMutation({ mutationFn: (change: StaffPasswordChange) => call(opsEndpoints.changePassword, { body: change }) })
export const useMe = () => useMutation({ mutationFn: () => call(opsEndpoints.me) })

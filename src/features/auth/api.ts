// Calls of the sign-in and registration screens (spec 7 "Account", "OTP", lookups).
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { ApiError, catalogueCode, isCode } from '../../api/errors'
import { call } from '../../api/call'
import { accountEndpoints as A } from '../../../contract/account'
import { authEndpoints } from '../../../contract/auth'
import { otpEndpoints } from '../../../contract/otp'
import { publicLookupEndpoints as L } from '../../../contract/lookup'
import type { LoginRequest, OtpSendRequest, OtpVerifyRequest, RegisterRequest } from '../../../contract'
import { shownInline } from '../../api/queryClient'

export const authKeys = {
  all: ['auth'] as const,
  registerOtp: () => [...authKeys.all, 'registerOTP'] as const,
  sources: () => [...authKeys.all, 'sources'] as const,
}

export const getRegisterOtp = () => call(L.registerOTP)
export const getSources = () => call(L.sources)

export const login = (body: LoginRequest) => call(authEndpoints.login, { body })

/** The answers of spec 4 and 8 that mean success: the send answers OK (or SUCCESS) with a code
 *  sent, or OTP_VERIFIED for a number verified already; the verify answers OTP_CODE_VALID (or OK,
 *  SUCCESS). Any other answer, even with HTTP 200, is a failure. */
export const OTP_SEND_SUCCESS: readonly string[] = ['OK', 'SUCCESS', 'OTP_VERIFIED']
export const OTP_VERIFY_SUCCESS: readonly string[] = ['OTP_CODE_VALID', 'OK', 'SUCCESS']

/** Passes an answer whose `code` (or `message`) is a success code; throws any other as its error. */
function requireSuccess<T extends object>(accepted: readonly string[], fallback: string): (answer: T) => T {
  return (answer) => {
    const { code, message } = answer as { code?: unknown; message?: unknown }
    if (accepted.some((ok) => isCode(code, ok) || isCode(message, ok))) return answer
    const given = [code, message].find((value): value is string => typeof value === 'string' && value.trim() !== '')
    throw new ApiError(given ? catalogueCode(given) : fallback, 200)
  }
}

/** `otpToken`: the token of this phone's last send; once it is verified, the server lets the
 *  player holding it skip the code (OTP_VERIFIED). Left out when there is none. */
export const sendOtp = ({ phoneNumber, otpToken }: OtpSendRequest) =>
  call(otpEndpoints.send, { body: otpToken ? { phoneNumber, otpToken } : { phoneNumber } }).then(requireSuccess(OTP_SEND_SUCCESS, 'OTP_SEND_FAIL'))
export const verifyOtp = (body: OtpVerifyRequest) =>
  call(otpEndpoints.verify, { body }).then(requireSuccess(OTP_VERIFY_SUCCESS, 'OTP_VERIFY_FAIL'))
export const validateAccount = (body: RegisterRequest) => call(A.validate, { body })
export const createAccount = (body: RegisterRequest) => call(A.register, { body })

// The register steps show these failures inline (a notice with a retry, a field hint): no toast.
export const registerOtpQuery = () => queryOptions({ queryKey: authKeys.registerOtp(), queryFn: getRegisterOtp, ...shownInline })
export const sourcesQuery = () => queryOptions({ queryKey: authKeys.sources(), queryFn: getSources, staleTime: Infinity, ...shownInline })

export const useRegisterOtp = () => useQuery(registerOtpQuery())
export const useSources = () => useQuery(sourcesQuery())
export { banksQuery, useBanks } from '../../api/lookup'

// Each screen below shows its errors inline, so none of these toasts.
const inline = { meta: { handlesError: true } } as const
export const useLogin = () => useMutation({ mutationFn: login, ...inline })
export const useSendOtp = () => useMutation({ mutationFn: sendOtp, ...inline })
export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp, ...inline })
export const useValidateAccount = () => useMutation({ mutationFn: validateAccount, ...inline })
export const useCreateAccount = () => useMutation({ mutationFn: createAccount, ...inline })


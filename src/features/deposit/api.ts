// Deposits (spec 4, 7): where to transfer, QR codes per provider, slip upload and gift links.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { shownInline as silent } from '../../api/queryClient'
import { call } from '../../api/call'
import { memberLookupEndpoints } from '../../../contract/lookup'
import { depositEndpoints } from '../../../contract/deposit'
import { LONG_TIMEOUT_MS } from '../../api/http'
import type { QrState, Slip } from '../../../contract'
import { useMoneyAction, type Reactions } from '../../api/useMoneyAction'
import { walletKeys } from '../../api/wallet'
import type { QrProvider } from './rules'

export const depositKeys = {
  all: ['deposit'] as const,
  lookup: () => [...depositKeys.all, 'lookup'] as const,
  slipWindow: () => [...depositKeys.all, 'slip-window'] as const,
  qrAll: () => [...depositKeys.all, 'qr'] as const,
  qr: (provider: QrProvider) => [...depositKeys.qrAll(), provider] as const,
  /** The state of one shown QR, polled while it is shown. */
  qrWatch: (provider: QrProvider, qrcodeId: string) => [...depositKeys.qr(provider), 'watch', qrcodeId] as const,
  /** A slip or gift link just sent, watched until it is settled. */
  slipWatch: (reference: string) => [...depositKeys.all, 'slip-watch', reference] as const,
}

// Spec 8: a failed deposit load hides its loader silently; the modal shows it inline.

export const getDepositLookup = () => call(memberLookupEndpoints.deposit)
export const getSlipWindow = () => call(memberLookupEndpoints.slip)

export const useDepositLookup = (enabled: boolean) =>
  useQuery({ queryKey: depositKeys.lookup(), queryFn: getDepositLookup, enabled, ...silent })
export const useSlipWindow = () => useQuery({ queryKey: depositKeys.slipWindow(), queryFn: getSlipWindow, ...silent })

/** A QR state with the moment it was answered, so the countdown runs from the server's `expireIn`. */
export type QrAnswer = QrState & { receivedAt: number }
const stamped = (state: QrState): QrAnswer => ({ ...state, receivedAt: Date.now() })

/** What a provider shows once its QR is cancelled: no QR, nothing to say. */
const noQr = (): QrAnswer => stamped({ qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: 0, message: '' })

export const getQr = (provider: QrProvider) => call(depositEndpoints.qrState, { params: { provider } }).then(stamped)

/** The state of the QR shown, by its id (an optional query beyond the spec, see QrStateQuery), in
 *  the background: the loader bar does not wait on a poll. */
export const getShownQr = (provider: QrProvider, qrcodeId: string) =>
  call(depositEndpoints.qrState, { params: { provider }, query: { qrcodeId }, background: true }).then(stamped)

// Always read afresh: another provider's new QR, or the expiry, may have changed it.
export const qrQuery = (provider: QrProvider) =>
  queryOptions({ queryKey: depositKeys.qr(provider), queryFn: () => getQr(provider), staleTime: 0, ...silent })

/** A QR for an amount, a money call (useMoneyAction): it is the provider's state at once, and the
 *  other providers' are read again at once, shown or not (spec 4: one provider's new QR flags the
 *  others to refresh), so switching to one never shows a stale QR first. */
export function useCreateQr(provider: QrProvider, { onSuccess, onError }: Reactions<QrAnswer, number>) {
  const client = useQueryClient()
  return useMoneyAction<QrAnswer, number>({
    name: `qr:${provider}`,
    call: (amount, headers) => call(depositEndpoints.qrCreate, { params: { provider }, body: { amount }, headers }).then(stamped),
    onSuccess: (answer, amount) => {
      client.setQueryData(depositKeys.qr(provider), answer)
      void client.invalidateQueries({
        queryKey: depositKeys.qrAll(),
        predicate: (query) => query.queryKey[depositKeys.qrAll().length] !== provider,
        refetchType: 'all',
      })
      onSuccess?.(answer, amount)
    },
    onError,
  })
}

/** The shown QR cancelled, by its id: the provider then has none. A refused cancel (paid or expired
 *  meanwhile, QR_FAIL) has the provider's state read again, to show what the server has now. */
export function useCancelQr(provider: QrProvider, { onSuccess, onError }: Reactions<unknown, string>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (qrcodeId: string) => call(depositEndpoints.qrCancel, { params: { qrcodeId } }),
    onSuccess: (answer, qrcodeId) => {
      client.setQueryData(depositKeys.qr(provider), noQr())
      onSuccess?.(answer, qrcodeId)
    },
    onError: (error, qrcodeId) => {
      void client.invalidateQueries({ queryKey: depositKeys.qr(provider) })
      onError?.(error, qrcodeId)
    },
  })
}

/** The provider's state read again: a new QR asked for once the shown one expired. */
export function useRefreshQr(provider: QrProvider): () => void {
  const client = useQueryClient()
  return () => void client.invalidateQueries({ queryKey: depositKeys.qr(provider) })
}

/** Once the shown QR has ended (paid, or closed elsewhere): the wallet read again, and the
 *  provider's state, not this QR's watch (that one has said its last). The same function every
 *  render, for the effect that calls it. */
export function useRefreshAfterQr(provider: QrProvider): () => void {
  const client = useQueryClient()
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: walletKeys.detail() })
    void client.invalidateQueries({ queryKey: depositKeys.qr(provider), exact: true })
  }, [client, provider])
}

/** Once a slip sent is settled: the wallet read again, and with it the statement and the slip
 *  table (keyed under it). The same function every render, for the effect that calls it. */
export function useRefreshAfterSlip(): () => void {
  const client = useQueryClient()
  return useCallback(() => void client.invalidateQueries({ queryKey: walletKeys.all }), [client])
}

export const sendGiftLink = (body: { link: string }, headers: Record<string, string>) =>
  call(depositEndpoints.truelink, { body, headers })

/** The first page of the slip table (newest first), in the background: a poll does not show the loader bar. */
export const getNewestSlips = async (): Promise<Slip[]> => {
  const answer: Partial<{ slips: Slip[] }> = await call(depositEndpoints.slips, { body: { page: 1, limit: 10 }, background: true })
  return Array.isArray(answer.slips) ? answer.slips : []
}

/** Spec 7, 9: multipart (field `file`, and `amount` when the player said it: issue 51), 5-minute
 *  timeout; progress as a fraction 0..1. */
export function uploadSlip(file: File, amount: number | null, headers: Record<string, string>, onProgress: (fraction: number) => void): Promise<Slip> {
  const form = new FormData()
  if (amount !== null) form.append('amount', amount.toFixed(2))
  form.append('file', file)
  return call(depositEndpoints.slip, {
    body: form,
    headers,
    timeout: LONG_TIMEOUT_MS,
    onUploadProgress: (event) => onProgress(event.total ? Math.min(1, event.loaded / event.total) : 0),
  })
}

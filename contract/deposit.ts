// Deposit routes and their schemas (spec 7 "QR", "Wallet", "Statement"): QR codes per provider, slip upload, gift
// links, the slip table and a slip's image address.
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { MessageBody, PageRequest, SlipStatus, filled, text } from './shared'

/** The QR deposit providers of spec 7. */
export const QrProvider = Type.Union([Type.Literal('KBANK'), Type.Literal('WW'), Type.Literal('E2P')])
export type QrProvider = Static<typeof QrProvider>
export const QrProviderParams = Type.Object({ provider: QrProvider })
const qrcodeId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })
export const QrIdParams = Type.Object({ qrcodeId })

/** Major units; the server refuses more than 2 decimals and converts to integer minor units. */
const depositAmount = Type.Number({ exclusiveMinimum: 0, maximum: 1e9 })

export const QrCreateRequest = Type.Object({ amount: depositAmount }, { additionalProperties: false })
export type QrCreateRequest = Static<typeof QrCreateRequest>

/** Where a QR stands. Not in the spec: an operator's API may leave it out (see QrState.status). */
export const QrStatus = Type.Union([Type.Literal('open'), Type.Literal('paid'), Type.Literal('expired'), Type.Literal('cancelled')])
export type QrStatus = Static<typeof QrStatus>

/**
 * GET /api/qrcode/:provider?qrcodeId=: the QR the app shows, so the answer is that QR's state even
 * once it is paid, cancelled or expired. Optional, beyond the spec: an API that ignores it answers
 * the provider's open QR (or none), and one that does not know the id answers the same.
 */
export const QrStateQuery = Type.Object({ qrcodeId: Type.Optional(qrcodeId) })

/** A member's QR for one provider; `hasQrcode: false` carries a message when the provider is off. */
export const QrState = Type.Object({
  qrcodeId: Type.Union([text(64), Type.Null()]),
  hasQrcode: Type.Boolean(),
  /** SVG markup (one path, no script); sanitize before rendering. Null when there is no QR. */
  qrcode: Type.Union([text(60_000), Type.Null()]),
  amount: Type.Union([Type.Number(), Type.Null()]),
  /** Whole seconds left until the QR expires, counted when the answer was made; 0 without a QR. */
  expireIn: Type.Integer({ minimum: 0 }),
  /** '' normally; the operator's text when the provider is off. */
  message: text(500),
  /**
   * Beyond the spec, optional: 'open' for a QR to pay; for the QR asked by `qrcodeId` once it is
   * closed, 'paid', 'expired' or 'cancelled' (then `hasQrcode` is false and `qrcode` null). An
   * answer without it says nothing of a QR that is gone: the app then only knows it is closed.
   */
  status: Type.Optional(QrStatus),
  /** Beyond the spec, optional, for a paid QR asked by `qrcodeId`: the statement's reference of the deposit. */
  reference: Type.Optional(text(64)),
  /** Beyond the spec, optional, for a paid QR asked by `qrcodeId`: when the money arrived (ISO 8601). */
  paidAt: Type.Optional(text(40)),
})
export type QrState = Static<typeof QrState>


/** One slip upload or gift link, as the statement's slip table lists it (spec 3 "Slip"). */
export const Slip = Type.Object({
  createdAt: text(40),
  /** Major units; 0 until the slip is read. */
  amount: Type.Number(),
  /** Beyond the spec, optional (issue 51): the amount the player said the slip shows, given with
   *  the upload; shown while the slip waits, never what the wallet gets. */
  claimedAmount: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  status: SlipStatus,
  /** A spec 8 slip reason code when failed, else null. */
  note: Type.Union([text(64), Type.Null()]),
  /** A gift link, shortened so the voucher is not repeated whole; null for a slip. */
  link: Type.Union([text(2_000), Type.Null()]),
  /** Names this upload: GET /api/statement/slip/reference/:reference gives its image. */
  reference: text(64),
})
export type Slip = Static<typeof Slip>

/** POST /api/statement/slip: one page of the slip table. */
export const SlipPageRequest = PageRequest
export type SlipPageRequest = PageRequest
export const SlipPageResponse = Type.Object({ total: Type.Integer({ minimum: 0 }), slips: Type.Array(Slip) })
export type SlipPageResponse = Static<typeof SlipPageResponse>

export const SlipReferenceParams = Type.Object({ reference: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' }) })
/** A short-lived address of the slip image that only its owner was given. */
export const SlipImageUrl = Type.Object({ url: text(2_000) })
export type SlipImageUrl = Static<typeof SlipImageUrl>

/** POST /api/wallet/truelink: the gift link encrypted as `CryptoJS.AES.encrypt(link, secret).toString()`. */
export const TruelinkRequest = Type.Object({ link: filled(4_000) }, { additionalProperties: false })
export type TruelinkRequest = Static<typeof TruelinkRequest>

type Provider = Static<typeof QrProviderParams>

export const depositEndpoints = {
  qrState: endpoint<Provider, void, QrState, Static<typeof QrStateQuery>>('GET', '/api/qrcode/:provider'),
  qrCreate: endpoint<Provider, Static<typeof QrCreateRequest>, QrState>('POST', '/api/qrcode/:provider'),
  qrCancel: endpoint<Static<typeof QrIdParams>, void, Static<typeof MessageBody>>('DELETE', '/api/qrcode/:qrcodeId'),
  /** Multipart, field `file` (spec 7); the server reads the bytes itself, so no body schema. */
  slip: endpoint<void, FormData, Slip>('POST', '/api/wallet/slip'),
  truelink: endpoint<void, Static<typeof TruelinkRequest>, Slip>('POST', '/api/wallet/truelink'),
  slips: endpoint<void, Static<typeof SlipPageRequest>, Static<typeof SlipPageResponse>>('POST', '/api/statement/slip'),
  slipImageUrl: endpoint<Static<typeof SlipReferenceParams>, void, Static<typeof SlipImageUrl>>('GET', '/api/statement/slip/reference/:reference'),
}

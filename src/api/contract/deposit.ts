// Deposit routes (spec 7 "QR", "Wallet", "Statement"): QR codes per provider, slip upload, gift
// links, the slip table and a slip's image address. Types only from the schemas.
import type * as C from '../contract'
import type { Static } from 'typebox'
import { endpoint } from './endpoint'

type Provider = Static<typeof C.QrProviderParams>
type QrState = Static<typeof C.QrState>
type Slip = Static<typeof C.Slip>

export const depositEndpoints = {
  qrState: endpoint<Provider, void, QrState, Static<typeof C.QrStateQuery>>('GET', '/api/qrcode/:provider'),
  qrCreate: endpoint<Provider, Static<typeof C.QrCreateRequest>, QrState>('POST', '/api/qrcode/:provider'),
  qrCancel: endpoint<Static<typeof C.QrIdParams>, void, Static<typeof C.MessageBody>>('DELETE', '/api/qrcode/:qrcodeId'),
  /** Multipart, field `file` (spec 7); the server reads the bytes itself, so no body schema. */
  slip: endpoint<void, FormData, Slip>('POST', '/api/wallet/slip'),
  truelink: endpoint<void, Static<typeof C.TruelinkRequest>, Slip>('POST', '/api/wallet/truelink'),
  slips: endpoint<void, Static<typeof C.SlipPageRequest>, Static<typeof C.SlipPageResponse>>('POST', '/api/statement/slip'),
  slipImageUrl: endpoint<Static<typeof C.SlipReferenceParams>, void, Static<typeof C.SlipImageUrl>>('GET', '/api/statement/slip/reference/:reference'),
}

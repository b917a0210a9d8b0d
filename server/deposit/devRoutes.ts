import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import * as C from '../../contract'
import { slipReasonCodes } from '../../contract/errorCodes'
import { toMajor } from '../shared/money'
import { depositMinor, payQr } from './qrcode'
import { getQrSettings, QrSettingsPatch, QrSettingsSchema, updateQrSettings } from './qrSettings'
import { settleSlip } from './slips'
import * as repo from './repo'

/** Approve with the amount read from the slip (major units, and optionally its bank reference number), or reject with a spec 8 reason. */
const SlipSettlement = Type.Union([
  Type.Object({
    status: Type.Literal('success'),
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }),
    refNo: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' })),
  }, { additionalProperties: false }),
  Type.Object({
    status: Type.Literal('failed'),
    note: Type.Union(slipReasonCodes.map((code) => Type.Literal(code))),
  }, { additionalProperties: false }),
])

/** QR payments reported after cancel or expiry (booked all the same), newest first. */
const LatePayments = Type.Object({
  payments: Type.Array(Type.Object({
    qrcodeId: Type.String(),
    reference: Type.String(),
    provider: Type.String(),
    memberId: Type.Integer(),
    amount: Type.Number(),
    paidAt: Type.String(),
  })),
})

/** A QR's or a slip's id, or the reference it carries. */
const ItemParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) })

/**
 * Dev and test stand-ins for what happens outside the server: a provider reporting a QR paid,
 * slip reading and gift link redemption settling an upload, and the operator's QR settings.
 */
export const depositDevRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext

  // :id is the QR's id, or the reference its payload carries (what a provider's callback names).
  app.post('/dev/qrcode/:id/pay', { schema: { params: ItemParams, response: { 200: C.MessageBody } } }, async (request) => {
    await payQr(ctx, request.params.id)
    return { message: 'OK' }
  })

  app.get('/dev/qrcode/late', { schema: { response: { 200: LatePayments } } }, async () => ({
    payments: (await repo.lateQrPayments(ctx.db, 100)).map((row) => ({
      qrcodeId: row.id,
      reference: row.reference,
      provider: row.provider,
      memberId: Number(row.member_id),
      amount: toMajor(Number(row.amount_minor)),
      paidAt: new Date(Number(row.paid_at)).toISOString(),
    })),
  }))

  // :id is the slip's reference, as the upload answer and the statement's slip table give it.
  app.post('/dev/slips/:id', { schema: { params: ItemParams, body: SlipSettlement, response: { 200: C.Slip } } }, async (request) => {
    const body = request.body
    return settleSlip(ctx, request.params.id, body.status === 'success'
      ? { status: 'success', amountMinor: depositMinor(body.amount), refNo: body.refNo }
      : { status: 'failed', note: body.note })
  })

  const settings = { 200: QrSettingsSchema }
  app.get('/dev/deposit/qr-settings', { schema: { response: settings } }, async () => getQrSettings(ctx.db))
  app.post('/dev/deposit/qr-settings', { schema: { body: QrSettingsPatch, response: settings } }, async (request) =>
    updateQrSettings(ctx.db, request.body),
  )
}

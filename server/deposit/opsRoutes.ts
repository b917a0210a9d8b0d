// The cashier's slip queue in the operator API (issue 33): uploads and gift links still processing,
// oldest first; a slip's image; the decision, approved with the amount read or rejected with a spec
// 8 reason, decided once however many staff decide at once, its audit row in its transaction.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../src/api/contract'
import * as O from '../../src/api/contract/ops'
import { actorOf, needs } from '../ops/scope'
import { type Actor, audit } from '../ops/audit'
import { decidedOnce } from '../ops/decision'
import type { ServerContext } from '../shared/context'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { maskPhone } from '../shared/mask'
import { depositMinor } from './qrcode'
import * as repo from './repo'
import { settleSlip } from './slips'
import type { SlipFiles } from './slipFile'

const E = O.opsEndpoints
const QUEUE_LIMIT = 200

async function slipQueue(ctx: ServerContext): Promise<O.SlipQueue> {
  const rows = await repo.processingSlips(ctx.db, QUEUE_LIMIT)
  return {
    slips: rows.map((row) => ({
      reference: row.reference,
      kind: row.kind,
      member: { id: String(row.member_id), phone: maskPhone(row.username), name: row.name, currency: row.currency },
      link: row.truelink_voucher === null ? null : `https://gift.truemoney.com/campaign/?v=${row.truelink_voucher}`,
      hasImage: row.file_name !== null,
      createdAt: new Date(Number(row.created_at)).toISOString(),
    })),
  }
}

/**
 * A slip's decision by staff (or the demo bank, server/demo/): approved with the amount read, or
 * rejected; its audit row in its transaction. Decided already: 409 ALREADY_DECIDED.
 */
export async function decideSlip(ctx: ServerContext, reference: string, decision: O.SlipDecision, actor: Actor): Promise<C.Slip> {
  return decidedOnce(settleSlip(ctx, reference, decision.status === 'success'
    ? { status: 'success', amountMinor: depositMinor(decision.amount), refNo: decision.refNo }
    : { status: 'failed', note: decision.note },
    (trx, { memberId, slip }) => audit(trx, actor, ctx.now(), {
      action: slip.status === 'SUCCESS' ? 'slip.approve' : 'slip.reject',
      item: `slip:${reference}`,
      memberId,
      before: { status: 'processing' },
      after: { status: slip.status, amount: slip.amount, note: slip.note, ...(decision.status === 'success' && decision.refNo ? { refNo: decision.refNo } : {}) },
    })))
}

/** `files`: the deposit area's slip images, known once its routes have started (routes.ts). */
export const depositOpsRoutes = (files: () => SlipFiles): FastifyPluginAsyncTypebox => async (app) => {
  const ctx = app.serverContext
  app.route({ ...routeOf(E.slips, { response: { 200: O.SlipQueue } }), ...needs('slips'), handler: async () => slipQueue(ctx) })

  app.get('/ops/api/slips/:reference/image', { schema: { params: O.ReferenceParams }, ...needs('slips') }, async (request, reply) => {
    const found = await repo.findSlipFile(ctx.db, request.params.reference)
    const bytes = found?.file_name ? await files().read(found.file_name) : undefined
    if (!found || !bytes) throw fail(404, 'NO_DATA')
    reply.header('Content-Type', found.mime ?? 'application/octet-stream')
    reply.header('Cache-Control', 'private, no-store')
    return reply.send(bytes)
  })

  app.route({
    ...routeOf(E.decideSlip, { params: O.ReferenceParams, body: O.SlipDecision, response: { 200: C.Slip } }),
    ...needs('slips'),
    handler: async (request) => decideSlip(ctx, request.params.reference, request.body, actorOf(request)),
  })
}

// The cashier's slip queue in the operator API (issue 33): uploads and gift links still processing,
// oldest first, each with a first approval waiting for a second person (issue 47); a slip's image;
// the decision, approved with the amount read or rejected with a spec 8 reason, decided once
// however many staff decide at once, its audit row in its transaction. An approval is held to the
// four-eyes rule (ops/approvals.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as O from '../../src/api/contract/ops'
import { actorOf, needs } from '../ops/scope'
import { approvalsOf, fourEyes, settlesAlone, type Settle } from '../ops/approvals'
import { type Actor, audit } from '../ops/audit'
import { decidedOnce } from '../ops/decision'
import { ceilingFor, parseAmount } from '../shared/amount'
import type { ServerContext } from '../shared/context'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { maskPhone } from '../shared/mask'
import { toMajor } from '../shared/money'
import * as repo from './repo'
import { settleSlip } from './slips'
import type { SlipFiles } from './slipFile'

const E = O.opsEndpoints
const QUEUE_LIMIT = 200

async function slipQueue(ctx: ServerContext): Promise<O.SlipQueue> {
  const rows = await repo.processingSlips(ctx.db, QUEUE_LIMIT)
  const approvals = await approvalsOf(ctx.db, rows.map((row) => `slip:${row.reference}`))
  return {
    slips: rows.map((row) => ({
      reference: row.reference,
      kind: row.kind,
      member: { id: String(row.member_id), phone: maskPhone(row.username), name: row.name, currency: row.currency },
      link: row.truelink_voucher === null ? null : `https://gift.truemoney.com/campaign/?v=${row.truelink_voucher}`,
      hasImage: row.file_name !== null,
      claimedAmount: row.claimed_minor === null ? null : toMajor(Number(row.claimed_minor)),
      createdAt: new Date(Number(row.created_at)).toISOString(),
      approval: approvals.get(`slip:${row.reference}`) ?? null,
    })),
  }
}

/**
 * A slip's decision by staff (or the demo bank, server/demo/): approved with the amount read (up to
 * the ceiling of the member's money), or rejected; its audit row in its transaction. An approval
 * above the admin's threshold waits for a second person (`awaitingSecond`), and one by a staff
 * member who paid the member out lately is refused (ops/approvals.ts). Decided already: 409 ALREADY_DECIDED.
 */
export async function decideSlip(ctx: ServerContext, reference: string, decision: O.SlipDecision, actor: Actor): Promise<O.SlipDecided> {
  const item = `slip:${reference}`
  let settle: Settle = settlesAlone(item)
  let amountMinor = 0
  if (decision.status === 'success') {
    const found = await repo.findSlip(ctx.db, reference)
    if (!found) throw fail(404, 'NO_DATA')
    if (found.status !== 'processing') throw fail(409, 'ALREADY_DECIDED')
    const currency = await repo.memberCurrency(ctx.db, Number(found.member_id))
    amountMinor = parseAmount(decision.amount, ceilingFor(ctx.maxAmountMinor, currency))
    const gate = await fourEyes(ctx, actor, {
      duty: 'credit', item, id: reference, memberId: Number(found.member_id), amountMinor, currency,
      decision: { amountMinor, refNo: decision.refNo ?? null }, reference: decision.refNo ?? null,
      stillOpen: (trx) => repo.slipStillProcessing(trx, reference),
    })
    if ('awaitingSecond' in gate) return gate
    settle = gate.settle
  }
  return decidedOnce(settleSlip(ctx, reference, decision.status === 'success'
    ? { status: 'success', amountMinor, refNo: decision.refNo }
    : { status: 'failed', note: decision.note },
    async (trx, { memberId, slip }) => {
      const { firstApprover } = await settle(trx)
      await audit(trx, actor, ctx.now(), {
        action: slip.status === 'SUCCESS' ? 'slip.approve' : 'slip.reject',
        item,
        memberId,
        before: { status: 'processing' },
        after: {
          status: slip.status, amount: slip.amount, note: slip.note,
          ...(decision.status === 'success' && decision.refNo ? { refNo: decision.refNo } : {}),
          ...(firstApprover ? { firstApprover } : {}),
        },
      })
    }))
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
    ...routeOf(E.decideSlip, { params: O.ReferenceParams, body: O.SlipDecision, response: { 200: O.SlipDecided } }),
    ...needs('slips'),
    handler: async (request) => decideSlip(ctx, request.params.reference, request.body, actorOf(request)),
  })
}

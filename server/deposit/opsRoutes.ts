// The cashier's slip queue in the operator API (issue 33): uploads and gift links still processing,
// oldest first, each with a first approval waiting for a second person (issue 47); a slip's image;
// the decision, approved with the amount read or rejected with a spec 8 reason (decision.ts). And
// matching the deposits with the bank's statements (issue 52 §2, bankMatch.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as O from '../../contract/ops'
import { actorOf, needs } from '../ops/scope'
import { approvalsOf } from '../ops/approvals'
import type { ServerContext } from '../shared/context'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { maskPhone } from '../shared/mask'
import { toMajor } from '../shared/money'
import * as repo from './repo'
import { decideSlip } from './decision'
import { bankAccounts, bankDifferences, importStatement, noteCredit, noteDeposit } from './bankMatch'
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

  // Matching with the bank (issue 52 §2): the books' duty.
  app.route({ ...routeOf(E.bankAccounts, { response: { 200: O.BankAccounts } }), ...needs('books'), handler: async () => ({ accounts: await bankAccounts(ctx.db) }) })
  app.route({
    ...routeOf(E.importStatement, { body: O.StatementUpload, response: { 200: O.StatementImported } }),
    // A month of a busy account's lines, in Thai: up to 5 million characters of 3 bytes each.
    bodyLimit: 3 * O.STATEMENT_MAX_CHARS + 64 * 1024,
    ...needs('books'),
    handler: async (request) => importStatement(ctx, request.body, actorOf(request)),
  })
  app.route({
    ...routeOf(E.bankDifferences, { querystring: O.BankDifferencesQuery, response: { 200: O.BankDifferences } }),
    ...needs('books'),
    handler: async (request) => bankDifferences(ctx.db, request.query.account),
  })
  app.route({
    ...routeOf(E.noteCredit, { params: O.IdParams, body: O.CreditNote, response: { 200: O.BankDifferences } }),
    ...needs('books'),
    handler: async (request) => noteCredit(ctx, Number(request.params.id), request.body, actorOf(request)),
  })
  app.route({
    ...routeOf(E.noteDeposit, { body: O.DepositNote, response: { 200: O.BankDifferences } }),
    ...needs('books'),
    handler: async (request) => noteDeposit(ctx, request.body, actorOf(request)),
  })
}

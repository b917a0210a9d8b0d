// Member lookup in the operator API (issue 33, duty lookup): support finds a member by phone, bank
// account number or id, and sees their wallet, game balances, last movements and withdrawals still
// waiting; every number masked as staff see it in the queues. Each lookup is written to the audit
// trail (`member.lookup`): staff reading a member's data leaves a trace of who read whose, as every
// action does; the query's digits are kept masked there when they could be a whole phone or account.
// Issue 47: a lookup finds by exactly a phone's last 4 digits or by whole numbers (repo.ts), and each
// staff member makes a bounded number of lookups an hour (searches and member pages alike).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as O from '../../contract/ops'
import { audit } from '../ops/audit'
import { actorOf, needs } from '../ops/scope'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { memberLookupLimit, takeAttempt } from '../shared/limits'
import { maskAccountNo, maskPhone } from '../shared/mask'
import { toMajor } from '../shared/money'
import { gameBalances } from '../shared/ledger'
import { openWithdrawalsOf, recentMovementsOf } from '../wallet/repo'
import { toWithdrawal } from '../wallet/withdrawals'
import { type FoundMember, findMemberRow, searchMembers, walletBalances } from './repo'
import { actOnMember, careOf } from './memberCare'
import { correctionsOf } from '../wallet/corrections'
import { recentUserBonuses } from '../bonus/repo'
import { memberChat } from '../chat/opsRoutes'
import type { ServerContext } from '../shared/context'
import { type Reader, readerOf, sayStored } from '../shared/inLanguages'

const E = O.opsEndpoints
const SEARCH_LIMIT = 20
const MOVEMENTS = 10
/** The member page's last bonuses and chat messages. */
const BONUSES = 10
const CHAT_MESSAGES = 10
/** A query this long may be a whole phone or account number: the audit keeps its last 4 digits. */
const MASK_FROM = 8

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()

const summaryOf = (row: FoundMember, balanceMinor: number | undefined): O.MemberSummary => ({
  id: String(row.id),
  phone: maskPhone(row.username),
  name: row.name,
  currency: row.currency,
  bankCode: row.bank_code,
  bankAccountNo: maskAccountNo(row.bank_account_no),
  active: Number(row.is_active) === 1,
  createdAt: iso(row.created_at),
  balance: toMajor(balanceMinor ?? 0),
})

export const accountOpsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  /** A lookup counts against the staff member's hourly number before anything is read (429 REQUEST_LIMIT past it). */
  const counted = (staffId: number) => takeAttempt(ctx.db, [memberLookupLimit(ctx.limits, staffId)], ctx.now())

  app.route({
    ...routeOf(E.members, { querystring: O.MemberSearchQuery, response: { 200: O.MemberSearch } }),
    ...needs('lookup'),
    handler: async (request) => {
      await counted(request.staff.id)
      const digits = request.query.q.replace(/[^0-9]/g, '')
      const rows = await searchMembers(ctx.db, digits, SEARCH_LIMIT)
      const balances = await walletBalances(ctx.db, rows.map((row) => Number(row.id)))
      await audit(ctx.db, actorOf(request), ctx.now(), {
        action: 'member.lookup',
        after: { q: digits.length >= MASK_FROM ? maskAccountNo(digits) : digits, found: rows.map((row) => String(row.id)) },
      })
      return { members: rows.map((row) => summaryOf(row, balances.get(Number(row.id)))) }
    },
  })

  app.route({
    ...routeOf(E.member, { params: O.IdParams, response: { 200: O.MemberDetail } }),
    ...needs('lookup'),
    handler: async (request) => {
      await counted(request.staff.id)
      const id = Number(request.params.id)
      const detail = await memberDetail(ctx, id, readerOf(ctx, request))
      await audit(ctx.db, actorOf(request), ctx.now(), { action: 'member.lookup', item: `member:${id}`, memberId: id })
      return detail
    },
  })

  // Issue 52 §3: what staff do for the member, by role (memberCare.ts), the page read again after it.
  app.route({
    ...routeOf(E.memberAction, { params: O.MemberActionParams, body: O.MemberActionBody, response: { 200: O.MemberDetail } }),
    ...needs('lookup'),
    handler: async (request) => {
      const id = Number(request.params.id)
      await actOnMember(ctx, id, request.params.action, request.body.reason.trim(), { ...actorOf(request), role: request.staff.role })
      return memberDetail(ctx, id, readerOf(ctx, request))
    },
  })
}

/** The member page: the member (masked), balances, last movements, withdrawals waiting, and what memberCare adds. */
async function memberDetail(ctx: ServerContext, id: number, reader: Reader): Promise<O.MemberDetail> {
  const row = await findMemberRow(ctx.db, id)
  if (!row) throw fail(404, 'NO_DATA')
  const [balances, games, movements, withdrawals, care, corrections, bonuses, chat] = await Promise.all([
    walletBalances(ctx.db, [id]), gameBalances(ctx.db, id), recentMovementsOf(ctx.db, id, MOVEMENTS), openWithdrawalsOf(ctx.db, id), careOf(ctx, id), correctionsOf(ctx.db, id),
    recentUserBonuses(ctx.db, id, BONUSES), memberChat(ctx.db, id, CHAT_MESSAGES),
  ])
  return {
    member: { ...summaryOf(row, balances.get(id)), bankAccountName: row.bank_account_name },
    suspendedAt: row.suspended_at === null ? null : iso(row.suspended_at),
    games: [...games].map(([code, balanceMinor]) => ({ code, balance: toMajor(balanceMinor) })),
    movements: movements.map((movement) => ({
      id: String(movement.id),
      kind: movement.kind,
      note: movement.note,
      createdAt: iso(movement.created_at),
      changes: movement.changes.map((change) => ({ account: change.account, amount: toMajor(change.amountMinor) })),
    })),
    withdrawals: withdrawals.map((withdrawal) => toWithdrawal(withdrawal, 'masked')),
    ...care,
    corrections,
    bonuses: bonuses.map((bonus) => ({
      code: bonus.bonus_code, name: bonus.name === null ? null : sayStored(reader, bonus.name), kind: bonus.kind === 'promotion' ? 'promotion' as const : 'bonus' as const, status: bonus.status,
      amount: toMajor(Number(bonus.bonus_minor)), turnover: toMajor(Number(bonus.turnover_minor)), turnoverTarget: toMajor(Number(bonus.turnover_target_minor)),
      createdAt: iso(bonus.created_at), endedAt: bonus.ended_at === null ? null : iso(bonus.ended_at),
    })),
    chat,
  }
}

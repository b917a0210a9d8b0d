/**
 * The member's statement (spec 2 "Statement", spec 3 "Statement entry", spec 7 "Statement"): a view
 * of what is already recorded, never a table of its own kept in step. Each row comes from one
 * source, and every movement a member sees is shown once, through the row that owns it:
 *
 *   source            rows                                         statementType
 *   movements         deposits booked directly (QR, operator),      deposit
 *                     bonus, refund, invite_bonus, spin_prize        bonus (with what it came from)
 *                     a staff correction (issue 52 §3)               deposit or withdraw by its sign, by way of `correction`
 *                     a 1.1 withdrawal (no withdrawals row)          withdraw
 *                     a 1.1 transfer (no game_transfers row)         transfer (its note says FROM>TO)
 *   deposit_slips     every slip and gift link, in its state         deposit (their credit movement is theirs)
 *   withdrawals       every withdrawal, in its state                 withdraw (withdraw, _paid, _return)
 *   game_transfers    every transfer, in its state                   transfer (transfer, transfer_*)
 *   user_bonuses      every bonus that ended                         finish_bonus (its finish_bonus movement)
 *
 * Not shown: game_round (play inside a game account, reported by its provider) and adjustment (the
 * balance carried over by the 1.1 upgrade): neither is something the player did with the wallet.
 * Pages are ordered newest first by time, then source, then id, so a page never repeats or skips
 * a row however many rows share a millisecond; the page and the total come from one query.
 */
import type { SlipStatus, StatementEntry, StatementRequest, StatementResponse, StatementType } from '../../contract'
import { zoneOffset } from '../../contract/lib/bonusLimits'
import type { Member } from '../shared/members'
import type { ServerContext } from '../shared/context'
import type { Db } from '../shared/db'
import { toMajor } from '../shared/money'
import { pageKeys, readCoupons, readEndedBonuses, readMovements, readSlips, readTransfers, readWithdrawals, type Source } from './repo'
import { maskAccountNo } from '../shared/mask'
import { type Reader, sayStored } from '../shared/inLanguages'
import { getSetting } from '../shared/settings'
import { transferReference } from '../wallet/transfers'

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()

interface Row {
  reference: string
  statementType: StatementType
  from?: string | null
  to?: string | null
  status: SlipStatus
  amountMinor: number
  /** A slip's amount as the player said it (issue 51), while it waits to be read. */
  claimedMinor?: number
  currency: string
  at: number
  note?: string | null
  link?: Partial<Pick<StatementEntry, 'bonus' | 'promotion' | 'invite' | 'refund' | 'luckydraw'>>
  destination?: StatementEntry['destination']
}

const toEntry = (row: Row): StatementEntry => ({
  reference: row.reference,
  statementType: row.statementType,
  from: row.from ?? null,
  to: row.to ?? null,
  status: row.status,
  amount: toMajor(Math.abs(row.amountMinor)),
  ...(row.claimedMinor ? { claimedAmount: toMajor(row.claimedMinor) } : {}),
  currency: row.currency,
  createdAt: iso(row.at),
  note: row.note ?? null,
  ...row.link,
  ...(row.destination ? { destination: row.destination } : {}),
})

/** A deposit way from its movement reference (`qrcode:<ref>`), and the reference the player quotes. */
function depositReference(reference: string | null, id: number): { way: string | null; reference: string } {
  const colon = reference?.indexOf(':') ?? -1
  if (!reference || colon < 0) return { way: null, reference: `M${id}` }
  return { way: reference.slice(0, colon), reference: reference.slice(colon + 1) }
}

async function movementRows(db: Db, member: Member, ids: number[], reader: Reader): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map()
  const rows = await readMovements(db, member.id, ids)
  const couponIds = rows.flatMap((row) => (row.kind === 'spin_prize' && row.reference?.startsWith('spin_coupon:') ? [Number(row.reference.slice(12))] : []))
  const coupons = couponIds.length === 0 ? [] : await readCoupons(db, couponIds)
  // The wheel running now has its name in each language the operator gave (its `names`), else
  // `name`, as the wheel's own screen says it.
  const wheel = coupons.length === 0 ? undefined : await getSetting(db, 'spin')
  const wheelName = (name: string) => (name === wheel?.name ? (wheel.names?.[reader.language] ?? name) : name)
  const prize = new Map(coupons.map((c) => [`spin_coupon:${Number(c.id)}`, c.wheel_name ? `${wheelName(c.wheel_name)}: ${c.label}` : c.label]))
  return new Map(rows.map((row): [number, Row] => {
    const id = Number(row.id)
    const base = { amountMinor: Number(row.amount), currency: row.currency, at: Number(row.created_at), status: 'SUCCESS' as const, to: 'WALLET' }
    if (row.kind === 'deposit') {
      const { way, reference } = depositReference(row.reference, id)
      return [id, { ...base, reference, statementType: 'deposit', from: way }]
    }
    if (row.kind === 'withdraw') return [id, { ...base, reference: `M${id}`, statementType: 'withdraw', from: 'WALLET', to: null }]
    // A correction by staff (issue 52 §3): into the wallet as a deposit by way of `correction`, out of it as a withdrawal to it.
    if (row.kind === 'correction') {
      const amountMinor = Number(row.amount)
      return [id, amountMinor > 0
        ? { ...base, reference: `M${id}`, statementType: 'deposit', from: 'correction' }
        : { ...base, amountMinor: -amountMinor, reference: `M${id}`, statementType: 'withdraw', from: 'WALLET', to: 'correction' }]
    }
    if (row.kind === 'transfer') {
      // Between the member's own accounts: what arrived is the amount (the postings sum to 0).
      const [from = null, to = null] = row.note.includes('>') ? row.note.split('>') : []
      return [id, { ...base, amountMinor: Number(row.credited), reference: `M${id}`, statementType: 'transfer', from, to }]
    }
    const description = { description: row.bonus_name === null ? row.note : sayStored(reader, row.bonus_name) }
    const link: Row['link'] = row.kind === 'refund' ? { refund: { description: '' } }
      : row.kind === 'invite_bonus' ? { invite: { description: '' } }
      : row.kind === 'spin_prize' ? { luckydraw: { description: prize.get(row.reference ?? '') ?? row.note } }
      : row.bonus_kind === 'promotion' ? { promotion: description } : { bonus: description }
    return [id, { ...base, reference: `M${id}`, statementType: 'bonus', from: null, link }]
  }))
}

const SLIP_STATUS: Record<string, SlipStatus> = { processing: 'PROCESSING', success: 'SUCCESS', failed: 'FAILED' }

async function slipRows(db: Db, member: Member, ids: number[]): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map()
  const rows = await readSlips(db, member.id, ids)
  return new Map(rows.map((row): [number, Row] => [Number(row.id), {
    reference: row.reference, statementType: 'deposit', from: row.kind, to: 'WALLET', status: SLIP_STATUS[row.status] ?? 'PROCESSING',
    amountMinor: Number(row.amount_minor), currency: member.currency, at: Number(row.created_at), note: row.note,
    // Said while it waits: once read, the amount read is the slip's.
    ...(row.status === 'processing' && row.claimed_minor !== null ? { claimedMinor: Number(row.claimed_minor) } : {}),
  }]))
}

const WITHDRAWAL_STATUS: Record<string, SlipStatus> = { paid: 'SUCCESS', failed: 'FAILED' }

async function withdrawalRows(db: Db, member: Member, ids: number[]): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map()
  const rows = await readWithdrawals(db, member.id, ids)
  return new Map(rows.map((row): [number, Row] => [Number(row.id), {
    reference: `W${Number(row.id)}`, statementType: 'withdraw', from: 'WALLET', to: row.bank_code,
    status: WITHDRAWAL_STATUS[row.status] ?? 'PROCESSING', note: row.status === 'review' ? 'review' : null,
    amountMinor: Number(row.amount_minor), currency: row.currency, at: Number(row.created_at),
    destination: { bankCode: row.bank_code, bankAccountName: row.bank_account_name, bankAccountNo: maskAccountNo(row.bank_account_no) },
  }]))
}

/** settled: the money reached its target; reversed or returned: it went back (the transfer failed). */
const TRANSFER_STATUS: Record<string, SlipStatus> = { settled: 'SUCCESS', reversed: 'FAILED', returned: 'FAILED' }

async function transferRows(db: Db, member: Member, ids: number[]): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map()
  const rows = await readTransfers(db, member.id, ids)
  return new Map(rows.map((row): [number, Row] => [Number(row.id), {
    reference: transferReference(Number(row.id)), statementType: 'transfer', from: row.from_code, to: row.to_code, status: TRANSFER_STATUS[row.status] ?? 'PROCESSING',
    amountMinor: Number(row.amount_minor), currency: row.currency, at: Number(row.created_at),
  }]))
}

/**
 * A bonus that ended, with what its ending removed: the finish_bonus movement booked in the same
 * transaction (at the same time) as the end; 0 when nothing was left to remove.
 */
async function bonusEndRows(db: Db, member: Member, ids: number[], reader: Reader): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map()
  const rows = await readEndedBonuses(db, member.id, ids)
  return new Map(rows.map((row): [number, Row] => {
    const description = { description: row.name === null ? row.bonus_code : sayStored(reader, row.name) }
    return [Number(row.id), {
      reference: `B${Number(row.id)}`, statementType: 'finish_bonus', from: null, to: null, status: 'SUCCESS',
      amountMinor: Number(row.removed ?? 0), currency: row.currency, at: Number(row.ended_at),
      link: row.kind === 'promotion' ? { promotion: description } : { bonus: description },
    }]
  }))
}

const DETAILS: Record<Source, (db: Db, member: Member, ids: number[], reader: Reader) => Promise<Map<number, Row>>> = {
  movement: movementRows, slip: slipRows, withdrawal: withdrawalRows, transfer: transferRows, bonusEnd: bonusEndRows,
}

/**
 * When a month (`2026-11`) begins and the next one begins, epoch ms, in `timeZone`: the operator's
 * month, as its players' clocks show it (Bangkok and Vientiane keep one clock).
 */
export function monthSpan(month: string, timeZone: string): { from: number; to: number } {
  const [year, number] = month.split('-').map(Number)
  const midnight = (wall: number) => wall - zoneOffset(wall - zoneOffset(wall, timeZone), timeZone)
  return { from: midnight(Date.UTC(year, number - 1, 1)), to: midnight(Date.UTC(year, number, 1)) }
}

/** POST /api/statement: one page of the member's statement, newest first, and how many rows there
 *  are; only the types and the month asked, when asked (issue 51). */
export async function statementPage(ctx: ServerContext, member: Member, request: StatementRequest, reader: Reader): Promise<StatementResponse> {
  const { page, limit, statementTypes, month } = request
  const span = month ? monthSpan(month, ctx.timeZone) : {}
  const { keys, total } = await pageKeys(ctx.db, member.id, page, limit, { statementTypes, ...span })
  const sources = Object.keys(DETAILS) as Source[]
  const details = await Promise.all(sources.map((source) =>
    DETAILS[source](ctx.db, member, keys.filter((key) => key.source === source).map((key) => key.id), reader)))
  const bySource = new Map(sources.map((source, i) => [source, details[i]]))
  const statements = keys.flatMap(({ source, id }) => {
    const row = bySource.get(source)?.get(id)
    return row ? [toEntry(row)] : []
  })
  return { total, statements }
}

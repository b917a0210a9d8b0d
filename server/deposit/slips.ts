// Slip uploads and TrueMoney gift links (spec 1, 3, 7, 8): both wait as processing until settled,
// and both are listed in the statement's slip table.
import { randomBytes } from 'node:crypto'
import type { Slip } from '../../src/api/types'
import type { slipReasonCodes } from '../../src/api/errorCodes'
import { isUniqueViolation, type Member } from '../account/members'
import type { ServerContext } from '../context'
import { inTransaction } from '../db'
import { fail } from '../http/errors'
import { type Limit, takeAttempt } from '../limits'
import { isSlipOpen } from '../lookup/slipWindow'
import { getContent } from '../lookup/store'
import { toMajor } from '../money'
import { randomToken, sha256 } from '../tokens'
import { creditDeposit } from './credit'
import type { SlipFiles, SlipMime } from './slipFile'
import * as store from './store'
import { decryptTruelink, maskedTruelink, truelinkVoucher } from './truelink'

export type SlipReason = (typeof slipReasonCodes)[number]

/** Spec 1: a gift link deposit is at least 2 baht. */
export const TRUELINK_MINIMUM_MINOR = 2_00

/** How long a slip image address given to its owner stays valid. */
export const SLIP_VIEW_TTL_MS = 10 * 60_000

/**
 * Per member in an hour: far above what a player sends, low enough that one account cannot fill
 * the disk with images or try voucher codes by the thousand.
 */
export const SLIP_UPLOADS_PER_HOUR = 30
export const TRUELINKS_PER_HOUR = 20

const hourly = (kind: Limit['kind'], member: Member, max: number): Limit[] => [
  { kind, subject: String(member.id), max, windowMs: 60 * 60_000, code: 'REQUEST_LIMIT' },
]

const STATUS = { processing: 'PROCESSING', success: 'SUCCESS', failed: 'FAILED' } as const

export function toSlip(row: store.SlipRow): Slip {
  return {
    createdAt: new Date(Number(row.created_at)).toISOString(),
    amount: toMajor(Number(row.amount_minor)),
    status: STATUS[row.status],
    note: row.note,
    link: row.link,
    reference: row.reference,
  }
}

/** Ours, random, letters and digits (it appears in URLs). */
const newReference = () => randomBytes(10).toString('hex').toUpperCase()

async function slipRow(ctx: ServerContext, reference: string): Promise<store.SlipRow> {
  const row = await store.findSlip(ctx.db, reference)
  if (!row) throw new Error(`slip ${reference} vanished`)
  return row
}

/**
 * Stores an uploaded slip and queues it as processing. Slip reading is simulated: the image's
 * digest stands for the bank's reference number, so the same slip sent twice is refused as
 * SLIP_REFNO_DUPLICATED by the schema's unique constraint, race or not.
 */
export async function uploadSlip(ctx: ServerContext, files: SlipFiles, member: Member, image: { bytes: Buffer; mime: SlipMime }): Promise<Slip> {
  const window = await getContent(ctx.db, 'slipWindow')
  if (window && !isSlipOpen(ctx.now(), window.closedFrom, window.closedTo, ctx.timeZone)) throw fail(400, 'SLIP_UPLOAD_FAIL')
  await takeAttempt(ctx.db, hourly('deposit_slip', member, SLIP_UPLOADS_PER_HOUR), ctx.now())
  const reference = newReference()
  const fileName = await files.save(reference, image.mime, image.bytes)
  const row: store.SlipInsert = {
    member_id: member.id,
    kind: 'slip',
    reference,
    slip_ref_no: sha256(image.bytes.toString('base64')),
    truelink_voucher: null,
    link: null,
    file_name: fileName,
    mime: image.mime,
    status: 'processing',
    note: null,
    created_at: ctx.now(),
  }
  try {
    await store.insertSlip(ctx.db, row)
  } catch (error) {
    if (!isUniqueViolation(error, store.UNIQUE.slipRefNo)) throw error
    await store.insertSlip(ctx.db, { ...row, slip_ref_no: null, status: 'failed', note: 'SLIP_REFNO_DUPLICATED' })
  }
  return toSlip(await slipRow(ctx, reference))
}

/**
 * Takes a gift link encrypted by the app with the runtime config's secret, and queues it as
 * processing (at most TRUELINKS_PER_HOUR tries a member, else 429 REQUEST_LIMIT). 400 TRUELINK_INVALID when it does not decrypt to a TrueMoney gift link, 409
 * TRUELINK_DUPLICATE when its voucher was sent before (by anyone).
 */
export async function submitTruelink(ctx: ServerContext, member: Member, encrypted: string): Promise<Slip> {
  await takeAttempt(ctx.db, hourly('deposit_truelink', member, TRUELINKS_PER_HOUR), ctx.now())
  const link = decryptTruelink(encrypted.trim(), ctx.config.current.truelinkSecret)
  const voucher = link === undefined ? undefined : truelinkVoucher(link)
  if (!voucher) throw fail(400, 'TRUELINK_INVALID')
  const reference = newReference()
  try {
    await store.insertSlip(ctx.db, {
      member_id: member.id,
      kind: 'truelink',
      reference,
      slip_ref_no: null,
      truelink_voucher: voucher,
      link: maskedTruelink(voucher),
      file_name: null,
      mime: null,
      status: 'processing',
      note: null,
      created_at: ctx.now(),
    })
  } catch (error) {
    if (isUniqueViolation(error, store.UNIQUE.truelink)) throw fail(409, 'TRUELINK_DUPLICATE')
    throw error
  }
  return toSlip(await slipRow(ctx, reference))
}

export type SlipOutcome =
  | { status: 'success'; amountMinor: number; refNo?: string }
  | { status: 'failed'; note: SlipReason }

/**
 * Settles a processing slip or gift link (the dev endpoint stands in for slip reading and the
 * voucher redemption): success credits the wallet in the same transaction, once. A success whose
 * bank reference number is another slip's fails as SLIP_REFNO_DUPLICATED instead.
 */
export async function settleSlip(ctx: ServerContext, reference: string, outcome: SlipOutcome): Promise<Slip> {
  const now = ctx.now()
  const found = await store.findSlip(ctx.db, reference)
  if (!found) throw fail(404, 'NO_DATA')
  if (outcome.status === 'success' && found.kind === 'truelink' && outcome.amountMinor < TRUELINK_MINIMUM_MINOR) {
    throw fail(400, 'KEY_INVALID')
  }
  const settle = (outcomeRow: Parameters<typeof store.settleSlip>[2]) =>
    inTransaction(ctx.db, async (trx) => {
      const settled = await store.settleSlip(trx, reference, outcomeRow, now)
      if (!settled) throw fail(409, 'NO_DATA')
      if (settled.status === 'success') {
        await creditDeposit(trx, {
          memberId: settled.member_id,
          amountMinor: Number(settled.amount_minor),
          reference,
          kind: settled.kind,
          at: now,
        })
      }
      return settled
    })
  if (outcome.status === 'failed') return toSlip(await settle({ status: 'failed', amountMinor: 0, note: outcome.note }))
  try {
    return toSlip(await settle({ status: 'success', amountMinor: outcome.amountMinor, note: null, refNo: outcome.refNo }))
  } catch (error) {
    if (!isUniqueViolation(error, store.UNIQUE.slipRefNo)) throw error
    return toSlip(await settle({ status: 'failed', amountMinor: 0, note: 'SLIP_REFNO_DUPLICATED' }))
  }
}

export async function listSlips(ctx: ServerContext, member: Member, page: number, limit: number) {
  const { rows, total } = await store.listSlips(ctx.db, member.id, page, limit)
  return { total, slips: rows.map(toSlip) }
}

/** Path under the API base of the image's address: a fresh token, only given to the slip's owner. */
export const SLIP_IMAGE_PATH = '/api/wallet/slip/image'

export async function slipImageUrl(ctx: ServerContext, member: Member, reference: string): Promise<string> {
  const token = randomToken(24)
  const issued = await store.setSlipViewToken(ctx.db, member.id, reference, sha256(token), ctx.now() + SLIP_VIEW_TTL_MS)
  if (!issued) throw fail(404, 'NO_DATA')
  return `${SLIP_IMAGE_PATH}/${token}`
}

export async function slipImage(ctx: ServerContext, files: SlipFiles, token: string) {
  const found = await store.findSlipByViewToken(ctx.db, sha256(token), ctx.now())
  const bytes = found?.file_name ? await files.read(found.file_name) : undefined
  if (!found || !bytes) throw fail(404, 'NO_DATA')
  return { bytes, mime: found.mime ?? 'application/octet-stream' }
}

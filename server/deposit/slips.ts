// Slip uploads and TrueMoney gift links (spec 1, 3, 7, 8): both wait as processing until settled,
// and both are listed in the statement's slip table.
import { randomBytes } from 'node:crypto'
import type { Slip } from '../../contract'
import type { slipReasonCodes } from '../../contract/errorCodes'
import { isUniqueViolation } from '../shared/db'
import { type Member } from '../shared/members'
import type { ServerContext } from '../shared/context'
import { type Db, inTransaction, withSavepoint } from '../shared/db'
import { fail } from '../shared/http/errors'
import { type Limit, takeAttempt } from '../shared/limits'
import { isSlipOpen } from '../lookup/slipWindow'
import { getContent } from '../lookup/repo'
import { moneyOf, toMajor } from '../shared/money'
import { randomToken, sha256 } from '../shared/tokens'
import { tell } from '../notify/events'
import { announce } from '../ops/feed'
import { creditDeposit } from './credit'
import type { SlipFiles, SlipMime } from './slipFile'
import * as repo from './repo'
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

export function toSlip(row: repo.SlipRow): Slip {
  return {
    createdAt: new Date(Number(row.created_at)).toISOString(),
    amount: toMajor(Number(row.amount_minor)),
    ...(row.status === 'processing' && row.claimed_minor !== null ? { claimedAmount: toMajor(Number(row.claimed_minor)) } : {}),
    status: STATUS[row.status],
    note: row.note,
    link: row.link,
    reference: row.reference,
  }
}

/** Ours, random, letters and digits (it appears in URLs). */
const newReference = () => randomBytes(10).toString('hex').toUpperCase()

async function slipRow(ctx: ServerContext, reference: string): Promise<repo.SlipRow> {
  const row = await repo.findSlip(ctx.db, reference)
  if (!row) throw new Error(`slip ${reference} vanished`)
  return row
}

/**
 * The image's digest, as release 1.1.x computed it (sha256 of its base64 text, hex), so that the
 * digests it stored still match the same image sent again.
 */
export const imageDigest = (bytes: Buffer) => sha256(bytes.toString('base64'))

/** An upload taken in before its row is written (receiveSlip), then recorded (recordSlip). */
export interface ReceivedSlip {
  reference: string
  fileName: string
  mime: SlipMime
  imageDigest: string
  /** What the player said the slip shows (issue 51); null when not said. */
  claimedMinor: number | null
}

/**
 * What an upload does outside the money transaction: the daily window, the hourly count (committed
 * whatever follows, so a call that fails or whose Idempotency-Key rolls back still counts, and its
 * lock is released at once), then the image on disk, so no lock or transaction waits on the disk.
 */
export async function receiveSlip(ctx: ServerContext, files: SlipFiles, member: Member, image: { bytes: Buffer; mime: SlipMime; claimedMinor: number | null }): Promise<ReceivedSlip> {
  const window = await getContent(ctx.db, 'slipWindow')
  if (window && !isSlipOpen(ctx.now(), window.closedFrom, window.closedTo, ctx.timeZone)) throw fail(400, 'SLIP_UPLOAD_FAIL')
  await takeAttempt(ctx.db, hourly('deposit_slip', member, SLIP_UPLOADS_PER_HOUR), ctx.now())
  const reference = newReference()
  const fileName = await files.save(reference, image.mime, image.bytes)
  return { reference, fileName, mime: image.mime, imageDigest: imageDigest(image.bytes), claimedMinor: image.claimedMinor }
}

/**
 * Stores a received slip and queues it as processing. Slip reading is simulated, so the image
 * stands for the slip: an image stored before (processing, credited or refused) makes this one
 * FAILED with SLIP_REFNO_DUPLICATED, by the schema's unique digest, race or not. The refused
 * insert runs under a savepoint, so an Idempotency-Key's transaction around it goes on.
 */
export async function recordSlip(ctx: ServerContext, member: Member, received: ReceivedSlip): Promise<Slip> {
  const row: repo.SlipInsert = {
    member_id: member.id,
    kind: 'slip',
    reference: received.reference,
    slip_ref_no: null,
    image_digest: received.imageDigest,
    truelink_voucher: null,
    link: null,
    file_name: received.fileName,
    mime: received.mime,
    claimed_minor: received.claimedMinor,
    status: 'processing',
    note: null,
    created_at: ctx.now(),
  }
  try {
    await withSavepoint(ctx.db, (db) => repo.insertSlip(db, row))
  } catch (error) {
    if (!isUniqueViolation(error, repo.UNIQUE.slipImage)) throw error
    await repo.insertSlip(ctx.db, { ...row, image_digest: null, status: 'failed', note: 'SLIP_REFNO_DUPLICATED' })
  }
  return toSlip(await slipRow(ctx, received.reference))
}

/**
 * Counts a gift link try (at most TRUELINKS_PER_HOUR a member, else 429 REQUEST_LIMIT), valid or
 * not, before and outside the money transaction: a try that fails rolls that transaction back, and
 * the count must stay, or anyone could test vouchers without limit.
 */
export async function admitTruelink(ctx: ServerContext, member: Member): Promise<void> {
  // A TrueMoney gift link holds baht: a kip wallet would be credited its number in kip.
  if (moneyOf(member.currency) !== 'THB') throw fail(400, 'TRUELINK_CURRENCY')
  await takeAttempt(ctx.db, hourly('deposit_truelink', member, TRUELINKS_PER_HOUR), ctx.now())
}

/**
 * Takes a gift link encrypted by the app with the runtime config's secret, and queues it as
 * processing; the caller has counted the try (admitTruelink). 400 TRUELINK_INVALID when it does
 * not decrypt to a TrueMoney gift link, 409 TRUELINK_DUPLICATE when its voucher was sent before
 * (by anyone).
 */
export async function submitTruelink(ctx: ServerContext, member: Member, encrypted: string): Promise<Slip> {
  const link = decryptTruelink(encrypted.trim(), ctx.config.current.truelinkSecret)
  const voucher = link === undefined ? undefined : truelinkVoucher(link)
  if (!voucher) throw fail(400, 'TRUELINK_INVALID')
  const reference = newReference()
  try {
    await withSavepoint(ctx.db, (db) => repo.insertSlip(db, {
      member_id: member.id,
      kind: 'truelink',
      reference,
      slip_ref_no: null,
      image_digest: null,
      truelink_voucher: voucher,
      link: maskedTruelink(voucher),
      file_name: null,
      mime: null,
      status: 'processing',
      note: null,
      created_at: ctx.now(),
    }))
  } catch (error) {
    if (isUniqueViolation(error, repo.UNIQUE.truelink)) throw fail(409, 'TRUELINK_DUPLICATE')
    throw error
  }
  return toSlip(await slipRow(ctx, reference))
}

/**
 * Tells the cashiers' consoles of an upload or gift link to read (ops/feed.ts). The routes call it
 * once the upload's transaction (with its Idempotency-Key) has committed, so a console that reloads
 * its queue finds it; one stored as failed at once (an image sent before) is no one's work.
 */
export async function announceSlip(ctx: ServerContext, slip: Slip): Promise<void> {
  if (slip.status === 'PROCESSING') await announce(ctx, 'slips', { id: slip.reference, state: 'new' })
}

export type SlipOutcome =
  | { status: 'success'; amountMinor: number; refNo?: string }
  | { status: 'failed'; note: SlipReason }

/**
 * Settles a processing slip or gift link (the dev endpoint stands in for slip reading and the
 * voucher redemption): success credits the wallet in the same transaction, once. A success whose
 * bank reference number is another slip's fails as SLIP_REFNO_DUPLICATED instead.
 */
/** What is told of a settlement inside its transaction (the operator's audit row), so the two commit together. */
export type SlipSettled = (trx: Db, settled: { memberId: number; slip: Slip }) => Promise<void>

/**
 * Approves (crediting the wallet) or rejects a slip or gift link still processing: the dev stand-in
 * and the operator API (server/ops/) both come here. Settling one already settled answers 409.
 */
export async function settleSlip(ctx: ServerContext, reference: string, outcome: SlipOutcome, onSettled?: SlipSettled): Promise<Slip> {
  const now = ctx.now()
  const found = await repo.findSlip(ctx.db, reference)
  if (!found) throw fail(404, 'NO_DATA')
  if (outcome.status === 'success' && found.kind === 'truelink') {
    if (outcome.amountMinor < TRUELINK_MINIMUM_MINOR) throw fail(400, 'KEY_INVALID')
    // Baht only, whenever the link was sent: it is never credited to a wallet of another money.
    if (moneyOf(await repo.memberCurrency(ctx.db, found.member_id)) !== 'THB') throw fail(400, 'TRUELINK_CURRENCY')
  }
  const slip = await inTransaction(ctx.db, async (trx) => {
    const settled = await settleOnce(trx, reference, outcome, now)
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
    const decided = toSlip(settled)
    if (settled.status === 'failed') {
      // The member is told why, with the refusal (issue 50); a credit is told by creditDeposit.
      const reason = settled.note ?? 'SLIP_UPLOAD_FAIL'
      await tell(trx, Number(settled.member_id), { kind: 'deposit_refused', method: settled.kind, reference, reason, currency: await repo.memberCurrency(trx, Number(settled.member_id)) }, now)
    }
    await onSettled?.(trx, { memberId: Number(settled.member_id), slip: decided })
    return decided
  })
  await announce(ctx, 'slips', { id: reference, state: 'decided' })
  return slip
}

/** The settling update; an approval whose bank reference is taken is rolled back to its savepoint and fails instead. */
async function settleOnce(trx: Db, reference: string, outcome: SlipOutcome, now: number) {
  if (outcome.status === 'failed') return repo.settleSlip(trx, reference, { status: 'failed', amountMinor: 0, note: outcome.note }, now)
  try {
    return await withSavepoint(trx, (db) =>
      repo.settleSlip(db, reference, { status: 'success', amountMinor: outcome.amountMinor, note: null, refNo: outcome.refNo }, now))
  } catch (error) {
    if (!isUniqueViolation(error, repo.UNIQUE.slipRefNo)) throw error
    return repo.settleSlip(trx, reference, { status: 'failed', amountMinor: 0, note: 'SLIP_REFNO_DUPLICATED' }, now)
  }
}

export async function listSlips(ctx: ServerContext, member: Member, page: number, limit: number) {
  const { rows, total } = await repo.listSlips(ctx.db, member.id, page, limit)
  return { total, slips: rows.map(toSlip) }
}

/** Path under the API base of the image's address: a fresh token, only given to the slip's owner. */
export const SLIP_IMAGE_PATH = '/api/wallet/slip/image'

export async function slipImageUrl(ctx: ServerContext, member: Member, reference: string): Promise<string> {
  const token = randomToken(24)
  const issued = await repo.setSlipViewToken(ctx.db, member.id, reference, sha256(token), ctx.now() + SLIP_VIEW_TTL_MS)
  if (!issued) throw fail(404, 'NO_DATA')
  return `${SLIP_IMAGE_PATH}/${token}`
}

export async function slipImage(ctx: ServerContext, files: SlipFiles, token: string) {
  const found = await repo.findSlipByViewToken(ctx.db, sha256(token), ctx.now())
  const bytes = found?.file_name ? await files.read(found.file_name) : undefined
  if (!found || !bytes) throw fail(404, 'NO_DATA')
  return { bytes, mime: found.mime ?? 'application/octet-stream' }
}

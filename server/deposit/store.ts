// The deposit tables' repository: every SQL statement of QR codes, slips and gift links.
import type { Generated } from 'kysely'
import type { QrProvider, Variant } from '../../src/api/types'
import { type Db, inTransaction } from '../db'
import type { QrSettingsPatch } from './qrSettings'

/** The deposit tables (migration deposit_0001), added to the shared schema type where used. */
export type DepositTables = {
  deposit_qrcodes: {
    id: string
    member_id: number
    provider: string
    amount_minor: number
    reference: string
    payload: string
    status: QrStatus
    created_at: number
    expires_at: number
    settled_at: number | null
  }
  deposit_slips: {
    id: Generated<number>
    member_id: number
    kind: 'slip' | 'truelink'
    reference: string
    slip_ref_no: string | null
    truelink_voucher: string | null
    link: string | null
    file_name: string | null
    mime: string | null
    amount_minor: Generated<number>
    status: SlipRowStatus
    note: string | null
    view_token_hash: string | null
    view_expires_at: number | null
    created_at: number
    settled_at: number | null
  }
}

export type QrStatus = 'open' | 'cancelled' | 'paid' | 'expired'
export type SlipRowStatus = 'processing' | 'success' | 'failed'

const tables = (db: Db) => db.withTables<DepositTables>()

/** Names of the unique constraints, as each dialect reports a violation (see isUniqueViolation). */
export const UNIQUE = {
  qrOpen: { sqlite: 'deposit_qrcodes.member_id', postgres: 'deposit_qrcodes_open' },
  qrReference: { sqlite: 'deposit_qrcodes.reference', postgres: 'deposit_qrcodes_reference' },
  slipReference: { sqlite: 'deposit_slips.reference', postgres: 'deposit_slips_reference' },
  slipRefNo: { sqlite: 'deposit_slips.slip_ref_no', postgres: 'deposit_slips_ref_no' },
  truelink: { sqlite: 'deposit_slips.truelink_voucher', postgres: 'deposit_slips_truelink' },
} as const

// ---- QR settings (one JSON value in `settings`) ----

/** Operator settings of QR deposits. Amounts are minor units. */
export interface QrSettings {
  expireMinutes: number
  minimumMinor: Record<QrProvider, number>
  maximumMinor: number
  /** A provider switched off answers `hasQrcode: false` with `offMessage`. */
  enabled: Record<QrProvider, boolean>
  offMessage: string
}

export const DEFAULT_QR_SETTINGS: QrSettings = {
  expireMinutes: 15,
  // WW and E2P minimums are spec 9's; the bank QR minimum is the operator's (not shown in the spec).
  minimumMinor: { KBANK: 10_00, WW: 100_00, E2P: 50_00 },
  maximumMinor: 200_000_00,
  enabled: { KBANK: true, WW: true, E2P: true },
  offMessage: 'ช่องทางนี้ปิดปรับปรุงชั่วคราว',
}

const QR_SETTINGS_KEY = 'depositQr'

export async function getQrSettings(db: Db): Promise<QrSettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', QR_SETTINGS_KEY).executeTakeFirst()
  const stored = row ? (JSON.parse(row.value) as QrSettingsPatch) : {}
  return mergeQrSettings(DEFAULT_QR_SETTINGS, stored)
}

export function mergeQrSettings(base: QrSettings, patch: QrSettingsPatch): QrSettings {
  return {
    ...base,
    ...patch,
    minimumMinor: { ...base.minimumMinor, ...patch.minimumMinor },
    enabled: { ...base.enabled, ...patch.enabled },
  }
}

/** Merges `patch` over the stored settings (read and written in one transaction) and returns the result. */
export async function updateQrSettings(db: Db, patch: QrSettingsPatch): Promise<QrSettings> {
  return inTransaction(db, async (trx) => {
    const settings = mergeQrSettings(await getQrSettings(trx), patch)
    const value = JSON.stringify(settings)
    await trx.insertInto('settings').values({ key: QR_SETTINGS_KEY, value })
      .onConflict((c) => c.column('key').doUpdateSet({ value })).execute()
    return settings
  })
}

// ---- QR codes ----

/** The operator's account a provider's QR pays into: its PromptPay id and name. */
export async function findQrAccount(db: Db, bankType: string, variant: Variant) {
  return db.selectFrom('deposit_accounts')
    .select(['account_no as promptPayId', 'account_name as accountName'])
    .where('bank_type', '=', bankType)
    .where((eb) => eb.or([eb('variant', 'is', null), eb('variant', '=', variant)]))
    .orderBy('sort')
    .executeTakeFirst()
}

/** Marks the member's open QRs past their expiry as expired, so they no longer hold the open slot. */
export async function expireQrs(db: Db, memberId: number, now: number): Promise<void> {
  await tables(db).updateTable('deposit_qrcodes').set({ status: 'expired' })
    .where('member_id', '=', memberId).where('status', '=', 'open').where('expires_at', '<=', now)
    .execute()
}

export async function findOpenQr(db: Db, memberId: number, provider: QrProvider, now: number) {
  return tables(db).selectFrom('deposit_qrcodes').selectAll()
    .where('member_id', '=', memberId).where('provider', '=', provider)
    .where('status', '=', 'open').where('expires_at', '>', now)
    .executeTakeFirst()
}

export type QrRow = DepositTables['deposit_qrcodes']

export async function insertQr(db: Db, row: QrRow): Promise<void> {
  await tables(db).insertInto('deposit_qrcodes').values(row).execute()
}

export async function findQr(db: Db, id: string) {
  return tables(db).selectFrom('deposit_qrcodes').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Moves an open, unexpired QR to `status`; the condition is in the update itself, so of two
 * racing calls (cancel and pay, or two pays) exactly one wins. Returns the row it settled.
 */
export async function settleQr(db: Db, id: string, status: 'cancelled' | 'paid', now: number, memberId?: number) {
  let query = tables(db).updateTable('deposit_qrcodes').set({ status, settled_at: now })
    .where('id', '=', id).where('status', '=', 'open').where('expires_at', '>', now)
  if (memberId !== undefined) query = query.where('member_id', '=', memberId)
  return query.returningAll().executeTakeFirst()
}

// ---- Slips and gift links ----

export type SlipInsert = Omit<DepositTables['deposit_slips'], 'id' | 'amount_minor' | 'view_token_hash' | 'view_expires_at' | 'settled_at'>

export async function insertSlip(db: Db, row: SlipInsert): Promise<void> {
  await tables(db).insertInto('deposit_slips').values(row).execute()
}

const slipColumns = ['id', 'member_id', 'kind', 'reference', 'link', 'file_name', 'mime', 'amount_minor', 'status', 'note', 'created_at'] as const

export async function findSlip(db: Db, reference: string) {
  return tables(db).selectFrom('deposit_slips').select(slipColumns).where('reference', '=', reference).executeTakeFirst()
}

export type SlipRow = NonNullable<Awaited<ReturnType<typeof findSlip>>>

/** A member's uploads and gift links, newest first, with their count. */
export async function listSlips(db: Db, memberId: number, page: number, limit: number) {
  const rows = await tables(db).selectFrom('deposit_slips').select(slipColumns)
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc').limit(limit).offset((page - 1) * limit)
    .execute()
  const { total } = await tables(db).selectFrom('deposit_slips')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow()
  return { rows, total: Number(total) }
}

/**
 * Settles a processing slip or gift link once (the condition is in the update). A slip's bank
 * reference number, when given, is stored in the same statement, so a duplicate one fails on the
 * unique constraint and nothing is settled.
 */
export async function settleSlip(
  db: Db,
  reference: string,
  outcome: { status: 'success' | 'failed'; amountMinor: number; note: string | null; refNo?: string },
  now: number,
) {
  return tables(db).updateTable('deposit_slips')
    .set({
      status: outcome.status,
      amount_minor: outcome.amountMinor,
      note: outcome.note,
      settled_at: now,
      ...(outcome.refNo === undefined ? {} : { slip_ref_no: outcome.refNo }),
    })
    .where('reference', '=', reference).where('status', '=', 'processing')
    .returning(slipColumns)
    .executeTakeFirst()
}

/** Gives a member's slip a new viewing token (stored hashed) valid until `expiresAt`. */
export async function setSlipViewToken(db: Db, memberId: number, reference: string, tokenHash: string, expiresAt: number) {
  const updated = await tables(db).updateTable('deposit_slips')
    .set({ view_token_hash: tokenHash, view_expires_at: expiresAt })
    .where('member_id', '=', memberId).where('reference', '=', reference).where('kind', '=', 'slip')
    .where('file_name', 'is not', null)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

export async function findSlipByViewToken(db: Db, tokenHash: string, now: number) {
  return tables(db).selectFrom('deposit_slips').select(['file_name', 'mime'])
    .where('view_token_hash', '=', tokenHash).where('view_expires_at', '>', now)
    .executeTakeFirst()
}

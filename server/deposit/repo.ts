// The deposit tables and their repository: QR codes, slip uploads and gift links, the QR settings,
// and the writes to the operator's deposit accounts and TrueMoney wallets (lookup's tables).
import { type Generated, type Insertable, sql } from 'kysely'
import type { QrProvider, Variant } from '../../contract'
import { type Db, isPostgres, type Tables } from '../shared/db'

declare module '../shared/db' {
  /** The deposit area's tables (the migrations make them). */
  interface Tables {
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
      /** When it left `open` (cancel, or a payment on time). */
      settled_at: number | null
      /** When the provider reported it paid. */
      paid_at: number | null
      /** 1 when that report came after cancel or past the countdown (booked all the same). */
      late: number
    }
    deposit_slips: {
      id: Generated<number>
      member_id: number
      kind: 'slip' | 'truelink'
      reference: string
      /** The bank's reference number, given when the slip is approved. */
      slip_ref_no: string | null
      /** sha256 of the image (as 1.1.x computed it): the same image sent again is a duplicate. */
      image_digest: string | null
      truelink_voucher: string | null
      link: string | null
      file_name: string | null
      mime: string | null
      amount_minor: Generated<number>
      /** What the player said the slip shows (issue 51), never credited; null when not said. */
      claimed_minor: number | null
      status: SlipRowStatus
      note: string | null
      view_token_hash: string | null
      view_expires_at: number | null
      created_at: number
      settled_at: number | null
    }
    /** Issue 52 §2 (migration 0039): the bank's statements staff import, and their credits. */
    bank_statement_imports: {
      id: Generated<number>
      /** 'KBANK:0481234567': the operator's account by its bank and number. */
      account: string
      format: string
      file_name: string
      staff_id: number | null
      credits_read: number
      credits_added: number
      created_at: number
    }
    bank_statement_lines: {
      id: Generated<number>
      account: string
      /** The line itself (account, time, amount, balance, words, and which of its equals it is): imported once. */
      line_key: string
      import_id: number
      posted_at: number
      amount_minor: number
      balance_minor: number | null
      description: string
      /** The deposit it is matched to: 'qrcode:<reference>' or 'slip:<reference>'. */
      deposit: string | null
      /** Why a credit with no deposit is in order, by whom and when. */
      note: string | null
      noted_by: number | null
      noted_at: number | null
    }
    /** Why a deposit with no money in the bank is in order. */
    bank_deposit_notes: { deposit: string; account: string; note: string; staff_id: number | null; at: number }
  }
}

export type QrStatus = 'open' | 'cancelled' | 'paid' | 'expired'
export type SlipRowStatus = 'processing' | 'success' | 'failed'


/** Names of the unique constraints, as each dialect reports a violation (see isUniqueViolation). */
export const UNIQUE = {
  qrOpen: { sqlite: 'deposit_qrcodes.member_id', postgres: 'deposit_qrcodes_open' },
  qrReference: { sqlite: 'deposit_qrcodes.reference', postgres: 'deposit_qrcodes_reference' },
  slipReference: { sqlite: 'deposit_slips.reference', postgres: 'deposit_slips_reference' },
  slipRefNo: { sqlite: 'deposit_slips.slip_ref_no', postgres: 'deposit_slips_ref_no' },
  slipImage: { sqlite: 'deposit_slips.image_digest', postgres: 'deposit_slips_image_digest' },
  truelink: { sqlite: 'deposit_slips.truelink_voucher', postgres: 'deposit_slips_truelink' },
} as const

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
/** `status = 'open'` written into the statement, not bound: only then can SQLite (and PostgreSQL's
 *  generic plans) find the rows through the index of open QRs, `deposit_qrcodes_open`, instead of
 *  reading every QR ever shown (tests/server/queryPlans.test.ts). */
const OPEN = sql.lit('open' as const)

export async function expireQrs(db: Db, memberId: number, now: number): Promise<void> {
  await db.updateTable('deposit_qrcodes').set({ status: 'expired' })
    .where('member_id', '=', memberId).where('status', '=', OPEN).where('expires_at', '<=', now)
    .execute()
}

export async function findOpenQr(db: Db, memberId: number, provider: QrProvider, now: number) {
  return db.selectFrom('deposit_qrcodes').selectAll()
    .where('member_id', '=', memberId).where('provider', '=', provider)
    .where('status', '=', OPEN).where('expires_at', '>', now)
    .executeTakeFirst()
}

export type QrRow = Tables['deposit_qrcodes']

export async function insertQr(db: Db, row: QrRow): Promise<void> {
  await db.insertInto('deposit_qrcodes').values(row).execute()
}

export async function findQr(db: Db, id: string) {
  return db.selectFrom('deposit_qrcodes').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Cancels an open, unexpired QR; the condition is in the update itself, so of a cancel racing a
 * payment exactly one wins. Returns the row it cancelled.
 */
export async function cancelQr(db: Db, id: string, memberId: number, now: number) {
  return db.updateTable('deposit_qrcodes').set({ status: 'cancelled', settled_at: now })
    .where('id', '=', id).where('member_id', '=', memberId)
    .where('status', '=', 'open').where('expires_at', '>', now)
    .returningAll().executeTakeFirst()
}

/** The QR a provider's report names: by our id, or by the reference the payload carried. */
/** QR codes still open and on time that were shown before `before`: what the demo bank pays. */
export async function openQrsShownBefore(db: Db, before: number, now: number, limit: number) {
  return db.selectFrom('deposit_qrcodes').select('id')
    .where('status', '=', 'open').where('created_at', '<', before).where('expires_at', '>', now)
    .orderBy('created_at').limit(limit)
    .execute()
}

export async function findReportedQr(db: Db, idOrReference: string) {
  return db.selectFrom('deposit_qrcodes').selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrReference), eb('reference', '=', idOrReference)]))
    .executeTakeFirst()
}

/**
 * Marks a QR paid, whatever its state but paid: late when it was cancelled or past its countdown.
 * The condition is in the update, so of two reports of one payment exactly one gets the row (the
 * other waits for its row lock on PostgreSQL and then finds it paid). Undefined when paid before.
 */
export async function markQrPaid(db: Db, id: string, now: number) {
  return db.updateTable('deposit_qrcodes')
    .set((eb) => ({
      status: 'paid',
      paid_at: now,
      settled_at: eb.fn.coalesce('settled_at', eb.val(now)),
      late: eb.case().when(eb.and([eb('status', '=', 'open'), eb('expires_at', '>', now)])).then(0).else(1).end(),
    }))
    .where('id', '=', id).where('status', '<>', 'paid')
    .returningAll().executeTakeFirst()
}

/** Payments reported after cancel or expiry, newest first: for the operator to look at. */
export async function lateQrPayments(db: Db, limit: number) {
  return db.selectFrom('deposit_qrcodes').selectAll()
    .where('late', '=', 1).orderBy('paid_at', 'desc').limit(limit)
    .execute()
}

// ---- Slip uploads and gift links ----

export type SlipInsert = Omit<Tables['deposit_slips'], 'id' | 'amount_minor' | 'claimed_minor' | 'view_token_hash' | 'view_expires_at' | 'settled_at'> & { claimed_minor?: number | null }

export async function insertSlip(db: Db, row: SlipInsert): Promise<void> {
  await db.insertInto('deposit_slips').values(row).execute()
}

const slipColumns = ['id', 'member_id', 'kind', 'reference', 'link', 'file_name', 'mime', 'amount_minor', 'claimed_minor', 'status', 'note', 'created_at'] as const

export async function findSlip(db: Db, reference: string) {
  return db.selectFrom('deposit_slips').select(slipColumns).where('reference', '=', reference).executeTakeFirst()
}

export type SlipRow = NonNullable<Awaited<ReturnType<typeof findSlip>>>

/** Whether the slip still waits for staff, its row held by `trx` on PostgreSQL until it ends. */
export async function slipStillProcessing(trx: Db, reference: string): Promise<boolean> {
  const query = trx.selectFrom('deposit_slips').select('status').where('reference', '=', reference)
  const row = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst()
  return row?.status === 'processing'
}

/** Uploads and gift links still processing (sent before `before`, when given), oldest first, with
 *  their member: the cashier's queue (issue 33), and the demo bank's. */
export async function processingSlips(db: Db, limit: number, before = Number.MAX_SAFE_INTEGER) {
  return db.selectFrom('deposit_slips')
    .innerJoin('members', 'members.id', 'deposit_slips.member_id')
    .select(['deposit_slips.reference', 'deposit_slips.kind', 'deposit_slips.truelink_voucher', 'deposit_slips.file_name',
      'deposit_slips.claimed_minor', 'deposit_slips.created_at', 'members.id as member_id', 'members.username', 'members.name', 'members.currency'])
    .where('deposit_slips.status', '=', 'processing').where('deposit_slips.created_at', '<', before)
    .orderBy('deposit_slips.id').limit(limit)
    .execute()
}

/** A slip's image file, for staff (the member's own view goes through a view token). */
export async function findSlipFile(db: Db, reference: string) {
  return db.selectFrom('deposit_slips').select(['file_name', 'mime']).where('reference', '=', reference).executeTakeFirst()
}

/** A member's uploads and gift links, newest first, with their count. */
export async function listSlips(db: Db, memberId: number, page: number, limit: number) {
  const rows = await db.selectFrom('deposit_slips').select(slipColumns)
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc').limit(limit).offset((page - 1) * limit)
    .execute()
  const { total } = await db.selectFrom('deposit_slips')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow()
  return { rows, total: Number(total) }
}

/** A bank's reference as kept: one slip per reference whatever its case ("kb123" is "KB123"). */
export const keptRefNo = (refNo: string): string => refNo.toUpperCase()

/**
 * Settles a processing slip or gift link once (the condition is in the update). A slip's bank
 * reference number, when given, is stored in the same statement, so a duplicate one fails on the
 * unique constraint and nothing is settled (run it under withSavepoint inside a transaction).
 */
export async function settleSlip(
  db: Db,
  reference: string,
  outcome: { status: 'success' | 'failed'; amountMinor: number; note: string | null; refNo?: string },
  now: number,
) {
  return db.updateTable('deposit_slips')
    .set({
      status: outcome.status,
      amount_minor: outcome.amountMinor,
      note: outcome.note,
      settled_at: now,
      // Kept upper case here too, whoever settles (the staff's decision already is; /dev/ is not).
      ...(outcome.refNo === undefined ? {} : { slip_ref_no: keptRefNo(outcome.refNo) }),
    })
    .where('reference', '=', reference).where('status', '=', 'processing')
    .returning(slipColumns)
    .executeTakeFirst()
}

/** Gives a member's slip a new viewing token (stored hashed) valid until `expiresAt`. */
export async function setSlipViewToken(db: Db, memberId: number, reference: string, tokenHash: string, expiresAt: number) {
  const updated = await db.updateTable('deposit_slips')
    .set({ view_token_hash: tokenHash, view_expires_at: expiresAt })
    .where('member_id', '=', memberId).where('reference', '=', reference).where('kind', '=', 'slip')
    .where('file_name', 'is not', null)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

export async function findSlipByViewToken(db: Db, tokenHash: string, now: number) {
  return db.selectFrom('deposit_slips').select(['file_name', 'mime'])
    .where('view_token_hash', '=', tokenHash).where('view_expires_at', '>', now)
    .executeTakeFirst()
}

/**
 * Approved slips of release 1.1.x whose image digest was overwritten by the bank reference number
 * (migration 0008): their images, to read the digest back from.
 */
export async function slipsWithoutDigest(db: Db) {
  return db.selectFrom('deposit_slips').select(['id', 'file_name'])
    .where('kind', '=', 'slip').where('status', '=', 'success').where('slip_ref_no', 'is not', null)
    .where('image_digest', 'is', null).where('file_name', 'is not', null)
    .execute()
}

export async function setSlipDigest(db: Db, id: number, imageDigest: string): Promise<void> {
  await db.updateTable('deposit_slips').set({ image_digest: imageDigest })
    .where('id', '=', id).where('image_digest', 'is', null)
    .execute()
}

/** The currency of a member's account (a gift link pays baht only). */
export async function memberCurrency(db: Db, memberId: number): Promise<string> {
  return (await db.selectFrom('members').select('currency').where('id', '=', memberId).executeTakeFirstOrThrow()).currency
}

// ---- QR settings: one JSON value in `settings` ----

const QR_SETTINGS_KEY = 'depositQr'

/** The stored QR settings patch as JSON; undefined when none was stored. */
export async function findQrSettingsJson(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', QR_SETTINGS_KEY).executeTakeFirst()
  return row?.value
}

export async function saveQrSettingsJson(db: Db, value: string): Promise<void> {
  await db.insertInto('settings').values({ key: QR_SETTINGS_KEY, value })
    .onConflict((c) => c.column('key').doUpdateSet({ value })).execute()
}

// ---- The operator's deposit accounts and TrueMoney wallets ----

export async function listBankCodes(db: Db): Promise<string[]> {
  return (await db.selectFrom('banks').select('code').execute()).map((row) => row.code)
}

/** Removes every deposit account, then every TrueMoney wallet. */
export async function deleteDepositAccountsAndWallets(db: Db): Promise<void> {
  await db.deleteFrom('deposit_accounts').execute()
  await db.deleteFrom('wallet_accounts').execute()
}

export async function insertWalletAccounts(db: Db, rows: Insertable<Tables['wallet_accounts']>[]): Promise<void> {
  await db.insertInto('wallet_accounts').values(rows).execute()
}

/** The highest `sort` in the table; -1 when it is empty. */
export async function lastSort(db: Db, table: 'deposit_accounts' | 'wallet_accounts'): Promise<number> {
  return Number((await db.selectFrom(table).select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst())?.sort ?? -1)
}

// ---- Matching with the bank (issue 52 §2, bankMatch.ts) ----

/** The operator's bank accounts, as the deposit modal lists them. */
export async function depositAccountsForBank(db: Db) {
  return db.selectFrom('deposit_accounts').select(['bank_code', 'bank_type', 'account_no', 'account_name', 'currency']).orderBy('sort').execute()
}

export async function insertStatementImport(db: Db, row: Insertable<Tables['bank_statement_imports']>): Promise<number> {
  const { id } = await db.insertInto('bank_statement_imports').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(id)
}

export async function setImportAdded(db: Db, id: number, added: number): Promise<void> {
  await db.updateTable('bank_statement_imports').set({ credits_added: added }).where('id', '=', id).execute()
}

/** Adds the credits whose key is new; how many were. */
export async function insertStatementLines(db: Db, rows: Insertable<Tables['bank_statement_lines']>[]): Promise<number> {
  let added = 0
  for (let at = 0; at < rows.length; at += 200) {
    const inserted = await db.insertInto('bank_statement_lines').values(rows.slice(at, at + 200))
      .onConflict((c) => c.column('line_key').doNothing()).returning('id').execute()
    added += inserted.length
  }
  return added
}

/** An account's credits with no deposit and no note, oldest first. */
export async function unmatchedLines(db: Db, account: string) {
  return db.selectFrom('bank_statement_lines').select(['id', 'posted_at', 'amount_minor', 'balance_minor', 'description'])
    .where('account', '=', account).where('deposit', 'is', null).where('note', 'is', null)
    .orderBy('posted_at').orderBy('id').execute()
}

/** The first and last time of an account's imported credits. */
export async function statementSpan(db: Db, account: string): Promise<{ from: number; to: number } | undefined> {
  const row = await db.selectFrom('bank_statement_lines')
    .select((eb) => [eb.fn.min('posted_at').as('from'), eb.fn.max('posted_at').as('to'), eb.fn.countAll().as('lines')])
    .where('account', '=', account).executeTakeFirst()
  return row && Number(row.lines) > 0 ? { from: Number(row.from), to: Number(row.to) } : undefined
}

export async function matchedLineCount(db: Db, account: string): Promise<number> {
  const row = await db.selectFrom('bank_statement_lines').select((eb) => eb.fn.countAll().as('count'))
    .where('account', '=', account).where('deposit', 'is not', null).executeTakeFirst()
  return Number(row?.count ?? 0)
}

export async function matchLine(db: Db, id: number, deposit: string): Promise<void> {
  await db.updateTable('bank_statement_lines').set({ deposit }).where('id', '=', id).where('deposit', 'is', null).execute()
}

/** The deposits of `between` that may be in the bank: QRs paid by the given providers, and slips approved (not gift links). */
export async function depositsBetween(db: Db, between: { from: number; to: number }, qrProviders: readonly string[], slips: boolean) {
  const qrs = qrProviders.length === 0 ? [] : await db.selectFrom('deposit_qrcodes as q').innerJoin('members as m', 'm.id', 'q.member_id')
    .select(['q.reference', 'q.amount_minor', 'q.paid_at as at', 'm.id as member_id', 'm.username', 'm.name', 'm.currency'])
    .where('q.paid_at', '>=', between.from).where('q.paid_at', '<=', between.to).where('q.provider', 'in', qrProviders)
    .execute()
  const sent = !slips ? [] : await db.selectFrom('deposit_slips as s').innerJoin('members as m', 'm.id', 's.member_id')
    .select(['s.reference', 's.amount_minor', 's.created_at as at', 'm.id as member_id', 'm.username', 'm.name', 'm.currency'])
    .where('s.created_at', '>=', between.from).where('s.created_at', '<=', between.to)
    .where('s.kind', '=', 'slip').where('s.status', '=', 'success')
    .execute()
  return [
    ...qrs.map((row) => ({ ...row, deposit: `qrcode:${row.reference}`, at: Number(row.at) })),
    ...sent.map((row) => ({ ...row, deposit: `slip:${row.reference}`, at: Number(row.at) })),
  ]
}

/** Of `deposits`, those already matched to a credit or noted. */
export async function settledDeposits(db: Db, deposits: readonly string[]): Promise<Set<string>> {
  if (deposits.length === 0) return new Set()
  const matched = await db.selectFrom('bank_statement_lines').select('deposit').where('deposit', 'in', deposits).execute()
  const noted = await db.selectFrom('bank_deposit_notes').select('deposit').where('deposit', 'in', deposits).execute()
  return new Set([...matched.map((row) => row.deposit ?? ''), ...noted.map((row) => row.deposit)])
}

/** Notes a credit with no deposit; false when it is not an open credit of that account. */
export async function noteLine(db: Db, account: string, id: number, note: string, staffId: number | null, at: number): Promise<boolean> {
  const result = await db.updateTable('bank_statement_lines').set({ note, noted_by: staffId, noted_at: at })
    .where('id', '=', id).where('account', '=', account).where('deposit', 'is', null).where('note', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function insertDepositNote(db: Db, row: Tables['bank_deposit_notes']): Promise<void> {
  await db.insertInto('bank_deposit_notes').values(row).execute()
}

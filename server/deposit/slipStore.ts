// The repository of slip uploads and gift links (tables in store.ts).
import { type Db } from '../shared/db'
import { type DepositTables, tables } from './store'

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
 * unique constraint and nothing is settled (run it under withSavepoint inside a transaction).
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

/**
 * Approved slips of release 1.1.x whose image digest was overwritten by the bank reference number
 * (migration 0008): their images, to read the digest back from.
 */
export async function slipsWithoutDigest(db: Db) {
  return tables(db).selectFrom('deposit_slips').select(['id', 'file_name'])
    .where('kind', '=', 'slip').where('status', '=', 'success').where('slip_ref_no', 'is not', null)
    .where('image_digest', 'is', null).where('file_name', 'is not', null)
    .execute()
}

export async function setSlipDigest(db: Db, id: number, imageDigest: string): Promise<void> {
  await tables(db).updateTable('deposit_slips').set({ image_digest: imageDigest })
    .where('id', '=', id).where('image_digest', 'is', null)
    .execute()
}

/**
 * Deposit references kept apart (issue 14, "money that arrived is booked, once").
 *
 * Slips: release 1.1.x kept two things in `slip_ref_no`: the image digest from the upload, then,
 * when a slip was approved with the bank's reference number, that number over it. The digest was
 * lost, so the same image sent again was taken and credited again. The digest now has a column of
 * its own, `image_digest`, unique; `slip_ref_no` keeps only the bank's number, as its name says.
 *
 * Which is which in an old row: a digest is what 1.1.x wrote, sha256 as 64 lowercase hex
 * characters; anything else is a bank reference (the dev endpoint took `^[A-Za-z0-9]{1,64}$`, and
 * banks' references are shorter and mostly upper case). Only an approved slip can hold a bank
 * reference, so the one ambiguous case is an approved slip whose bank reference was itself 64
 * lowercase hex characters: it is read as a digest (and would not be found as a duplicate bank
 * reference). The digest of a slip approved with a bank reference is not in the database any more;
 * the server reads it back from the stored image at start (deposit/slipDigests.ts).
 *
 * QR codes: a payment the provider reports after cancel or expiry is booked and flagged late.
 * `paid_at` is when it was reported (settled_at stays when the QR left `open`); `late` is 1 when it
 * came after the QR was cancelled or past its countdown. The operator finds them by the index.
 */
import { type Migration, sql } from 'kysely'
import { type AnyDb, isPg } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('deposit_slips').addColumn('image_digest', 'text').execute()
    const isDigest = isPg(db)
      ? sql`slip_ref_no ~ '^[0-9a-f]{64}$'`
      : sql`length(slip_ref_no) = 64 AND slip_ref_no NOT GLOB '*[^0-9a-f]*'`
    await sql`UPDATE deposit_slips SET image_digest = slip_ref_no, slip_ref_no = NULL
      WHERE kind = 'slip' AND slip_ref_no IS NOT NULL AND ${isDigest}`.execute(db)
    await db.schema.createIndex('deposit_slips_image_digest').unique().on('deposit_slips').column('image_digest').execute()

    await db.schema.alterTable('deposit_qrcodes').addColumn('paid_at', 'bigint').execute()
    await db.schema.alterTable('deposit_qrcodes').addColumn('late', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await sql`UPDATE deposit_qrcodes SET paid_at = settled_at WHERE status = 'paid'`.execute(db)
    await db.schema.createIndex('deposit_qrcodes_late').on('deposit_qrcodes').column('paid_at').where(sql.ref('late'), '=', 1).execute()
  },
}

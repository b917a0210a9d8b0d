import { sql, type Migration } from 'kysely'
import { type AnyDb, id, idType } from './shared'

/**
 * Deposits (QR, slip, gift link). Every external reference is unique in the schema, so two
 * instances racing on the same one cannot both credit it: a QR's payment reference, a slip's bank
 * reference number, a gift link's voucher. A member holds at most one open QR per provider.
 * Released in 1.1.x as deposit_0001_qrcodes_slips_truelinks; never edit it.
 */
export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('deposit_qrcodes')
      // Random, so a QR id in a URL names nothing guessable.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      /** open, cancelled, paid, expired */
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('settled_at', 'bigint')
      .addUniqueConstraint('deposit_qrcodes_reference', ['reference'])
      .execute()
    await db.schema.createIndex('deposit_qrcodes_open').unique().on('deposit_qrcodes')
      .columns(['member_id', 'provider']).where(sql.ref('status'), '=', 'open').execute()

    await db.schema.createTable('deposit_slips')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      /** slip (an uploaded transfer slip) or truelink (a TrueMoney gift link) */
      .addColumn('kind', 'text', (c) => c.notNull())
      /** Ours, random: names the upload to its owner and on the dev endpoint. */
      .addColumn('reference', 'text', (c) => c.notNull())
      /** The bank's reference number read from the slip; NULL until read, or when refused as a duplicate. */
      .addColumn('slip_ref_no', 'text')
      /** The gift link's voucher code. */
      .addColumn('truelink_voucher', 'text')
      .addColumn('link', 'text')
      .addColumn('file_name', 'text')
      .addColumn('mime', 'text')
      .addColumn('amount_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`amount_minor >= 0`))
      /** processing, success, failed */
      .addColumn('status', 'text', (c) => c.notNull())
      /** A spec 8 slip reason code when failed. */
      .addColumn('note', 'text')
      .addColumn('view_token_hash', 'text')
      .addColumn('view_expires_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('settled_at', 'bigint')
      .addUniqueConstraint('deposit_slips_reference', ['reference'])
      .addUniqueConstraint('deposit_slips_ref_no', ['slip_ref_no'])
      .addUniqueConstraint('deposit_slips_truelink', ['truelink_voucher'])
      .addUniqueConstraint('deposit_slips_view_token', ['view_token_hash'])
      .execute()
    await db.schema.createIndex('deposit_slips_member').on('deposit_slips').columns(['member_id', 'id']).execute()
  },
}


/**
 * Schema migrations (Kysely's Migrator, provided from code, applied in name order once each; see
 * db.ts). They run on SQLite and PostgreSQL alike. Never edit a released migration: add the next
 * number. Money columns are integer minor units (bigint where sums grow); times are epoch
 * milliseconds (bigint).
 */
import { doubleEntryLedger } from './wallet/schema'
import { type ColumnDefinitionBuilder, type Kysely, type Migration, type MigrationProvider, PostgresAdapter, sql } from 'kysely'

// Migrations see the schema of their own time, not today's: untyped.
type AnyDb = Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** An auto-numbered primary key: SQLite's rowid alias, PostgreSQL's bigserial. */
function idType(db: AnyDb) {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'bigserial' : 'integer'
}
const id = (c: ColumnDefinitionBuilder) => c.primaryKey()

/**
 * A SQLite file made before the move to Kysely recorded its migrations by number in a table
 * `migrations`; those already applied are taken as done, so an existing `wallet.db` still opens.
 */
async function appliedBeforeKysely(db: AnyDb, number: number): Promise<boolean> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return false
  const table = await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migrations'`.execute(db)
  if (table.rows.length === 0) return false
  const row = await sql`SELECT 1 FROM migrations WHERE id = ${number}`.execute(db)
  return row.rows.length > 0
}

const initial: Migration = {
  async up(db: AnyDb) {
    if (await appliedBeforeKysely(db, 1)) return
    const ID = idType(db)
    await db.schema.createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute()
    await db.insertInto('settings').values([
      { key: 'registerOTP', value: 'true' },
      { key: 'terminated', value: 'false' },
      { key: 'spinActive', value: 'false' },
      { key: 'enableChatWidget', value: 'false' },
    ]).execute()

    await db.schema.createTable('content')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createTable('banks')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('name_th', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute()
    await db.schema.createTable('sources')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute()
    await db.schema.createTable('deposit_accounts')
      .addColumn('id', ID, id)
      .addColumn('bank_code', 'text', (c) => c.notNull().references('banks.code'))
      .addColumn('bank_type', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('account_name', 'text', (c) => c.notNull())
      .addColumn('account_no', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('variant', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute()
    await db.schema.createTable('wallet_accounts')
      .addColumn('id', ID, id)
      .addColumn('account_name', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute()

    await db.schema.createTable('members')
      .addColumn('id', ID, id)
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('bank_code', 'text', (c) => c.notNull().references('banks.code'))
      .addColumn('bank_account_name', 'text', (c) => c.notNull())
      .addColumn('bank_account_no', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('source_code', 'text')
      .addColumn('invited_by', 'bigint', (c) => c.references('members.id'))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // Constraint names are what PostgreSQL reports on a violation (see members.ts).
      .addUniqueConstraint('members_username', ['username'])
      .execute()
    await db.schema.createIndex('members_bank_account').unique().on('members')
      .columns(['bank_code', 'bank_account_no']).execute()
    await db.schema.createTable('wallets')
      .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('members.id'))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('balance_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance_minor >= 0`))
      .execute()
    await db.schema.createTable('ledger')
      .addColumn('id', ID, id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addColumn('balance_after_minor', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('ledger_member').on('ledger').columns(['member_id', 'id']).execute()

    await db.schema.createTable('sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('sessions_member').on('sessions').column('member_id').execute()

    await db.schema.createTable('otps')
      .addColumn('id', ID, id)
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('verified_at', 'bigint')
      .execute()
    await db.schema.createIndex('otps_phone').on('otps').columns(['phone', 'id']).execute()
    await db.schema.createTable('phone_verifications')
      .addColumn('phone', 'text', (c) => c.primaryKey())
      .addColumn('verified_at', 'bigint', (c) => c.notNull())
      .execute()

    await db.schema.createTable('rate_events')
      .addColumn('id', ID, id)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('rate_events_lookup').on('rate_events').columns(['kind', 'subject', 'at']).execute()

    await db.schema.createTable('seeds')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('applied_at', 'bigint', (c) => c.notNull())
      .execute()
  },
}

const sessionSweepPayoutHold: Migration = {
  async up(db: AnyDb) {
    if (await appliedBeforeKysely(db, 2)) return
    await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute()
    await db.schema.createIndex('rate_events_kind_at').on('rate_events').columns(['kind', 'at']).execute()
    await db.schema.alterTable('members')
      .addColumn('payout_hold_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createTable('bank_account_changes')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('old_bank_code', 'text', (c) => c.notNull())
      .addColumn('old_account_no', 'text', (c) => c.notNull())
      .addColumn('old_account_name', 'text', (c) => c.notNull())
      .addColumn('new_bank_code', 'text', (c) => c.notNull())
      .addColumn('new_account_no', 'text', (c) => c.notNull())
      .addColumn('new_account_name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('bank_account_changes_member').on('bank_account_changes')
      .columns(['member_id', 'id']).execute()
  },
}

/**
 * Deposits (QR, slip, gift link). Every external reference is unique in the schema, so two
 * instances racing on the same one cannot both credit it: a QR's payment reference, a slip's bank
 * reference number, a gift link's voucher. A member holds at most one open QR per provider.
 */
const depositQrcodesSlips: Migration = {
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

/** Lost-bet refunds waiting to be received (wallet/rewards.ts). */
const refundAccruals: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('refund_accruals')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('received_at', 'bigint')
      .execute()
    await db.schema.createIndex('refund_accruals_member').on('refund_accruals').columns(['member_id', 'received_at']).execute()
  },
}

/** Every migration, by name; the Migrator applies them in name order. */
export const migrations: Record<string, Migration> = {
  '0001_settings_lookups_members_wallets_sessions_otp': initial,
  '0002_session_sweep_payout_hold_bank_audit': sessionSweepPayoutHold,
  deposit_0001_qrcodes_slips_truelinks: depositQrcodesSlips,
  ledger_0001_double_entry_games_withdrawals_idempotency: doubleEntryLedger,
  rewards_0001_refund_accruals: refundAccruals,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}

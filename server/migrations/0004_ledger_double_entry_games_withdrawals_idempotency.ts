/**
 * The double-entry ledger, game accounts, withdrawals and idempotency keys. It moves the
 * single-entry data (`wallets` balances and `ledger` rows) into movements whose postings sum to
 * zero, then drops the old tables. Released in 1.1.x as
 * ledger_0001_double_entry_games_withdrawals_idempotency; never edit it.
 */
import { type Migration, sql } from 'kysely'
import { type AnyDb, isPg } from './shared'

/** Postings (and movements) are history: a correction is a new movement, never an edit. */
async function appendOnly(db: AnyDb, table: string): Promise<void> {
  if (isPg(db)) {
    await sql`CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$`.execute(db)
    await sql.raw(`CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`).execute(db)
    // Row triggers do not see TRUNCATE.
    await sql.raw(`CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()`).execute(db)
    return
  }
  for (const event of ['UPDATE', 'DELETE']) {
    await sql.raw(`CREATE TRIGGER ${table}_no_${event.toLowerCase()} BEFORE ${event} ON ${table}
      BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END`).execute(db)
  }
}

async function createTables(db: AnyDb): Promise<void> {
  const ID = isPg(db) ? 'bigserial' : 'integer'
  await db.schema.createTable('ledger_accounts')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
    .addColumn('game_code', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // The cache can never say a member has less than nothing, whatever code runs.
    .addCheckConstraint('ledger_accounts_non_negative', sql`allow_negative = 1 OR balance_minor >= 0`)
    .execute()
  await db.schema.createIndex('ledger_accounts_member').on('ledger_accounts').column('member_id').execute()

  await db.schema.createTable('movements')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
    .addColumn('reference', 'text', (c) => c.unique())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('movements_member').on('movements').columns(['member_id', 'id']).execute()

  await db.schema.createTable('postings')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('movement_id', 'bigint', (c) => c.notNull().references('movements.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addCheckConstraint('postings_not_zero', sql`amount_minor <> 0`)
    .execute()
  await db.schema.createIndex('postings_movement').on('postings').column('movement_id').execute()
  await db.schema.createIndex('postings_account').on('postings').columns(['account_id', 'id']).execute()
  await appendOnly(db, 'postings')
  await appendOnly(db, 'movements')

  await db.schema.createTable('withdrawals')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_movement_id', 'bigint', (c) => c.notNull().references('movements.id'))
    .addColumn('settled_movement_id', 'bigint', (c) => c.references('movements.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .execute()
  await db.schema.createIndex('withdrawals_member').on('withdrawals').columns(['member_id', 'id']).execute()

  await db.schema.createTable('games')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('background', 'text', (c) => c.notNull())
    .addColumn('web', 'text')
    .addColumn('android', 'text')
    .addColumn('ios', 'text')
    .addColumn('ft_wallet_slot_x100', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('is_down', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createTable('game_accounts')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('game_code', 'text', (c) => c.notNull().references('games.code'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('activated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_accounts_pk', ['member_id', 'game_code'])
    .execute()
  await db.schema.createTable('game_launches')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema.createTable('idempotency_keys')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['member_id', 'idem_key'])
    .execute()
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute()
}

interface OldWallet { member_id: number | string; currency: string; balance_minor: number | string }
interface OldRow { id: number | string; member_id: number | string; amount_minor: number | string; kind: string; note: string; created_at: number | string }

/** Creates a house account of the migration's time (the ledger module creates the rest lazily). */
async function houseAccount(db: AnyDb, name: string, currency: string, at: number): Promise<number> {
  const key = `house:${name}:${currency}`
  const found = await db.selectFrom('ledger_accounts').select('id').where('key', '=', key).executeTakeFirst()
  if (found) return Number(found.id)
  const row = await db.insertInto('ledger_accounts')
    .values({ key, kind: 'house', currency, balance_minor: 0, allow_negative: 1, created_at: at })
    .returning('id').executeTakeFirstOrThrow()
  return Number(row.id)
}

async function post(db: AnyDb, movement: { kind: string; member_id: number; note: string; created_at: number }, postings: [number, number][]) {
  const row = await db.insertInto('movements').values(movement).returning('id').executeTakeFirstOrThrow()
  for (const [accountId, amount] of postings) {
    await db.insertInto('postings').values({ movement_id: row.id, account_id: accountId, amount_minor: amount }).execute()
    await db.updateTable('ledger_accounts').set({ balance_minor: sql`balance_minor + ${amount}` }).where('id', '=', accountId).execute()
  }
}

/**
 * Each old ledger row becomes a movement against a house account (credits from deposits-in,
 * debits to payouts-paid); a wallet whose balance disagreed with its rows gets one adjustment, so
 * the new wallet balance equals the old one and the books balance.
 */
async function moveSingleEntryData(db: AnyDb): Promise<void> {
  const at = Date.now()
  const wallets = await db.selectFrom('wallets').selectAll().execute() as OldWallet[]
  for (const wallet of wallets) {
    const memberId = Number(wallet.member_id)
    const account = await db.insertInto('ledger_accounts')
      .values({ key: `wallet:${memberId}`, kind: 'wallet', member_id: memberId, currency: wallet.currency, balance_minor: 0, allow_negative: 0, created_at: at })
      .returning('id').executeTakeFirstOrThrow()
    const accountId = Number(account.id)
    const rows = await db.selectFrom('ledger').selectAll().where('member_id', '=', memberId).orderBy('id').execute() as OldRow[]
    let sum = 0
    for (const row of rows) {
      const amount = Number(row.amount_minor)
      if (amount === 0) continue
      sum += amount
      const house = await houseAccount(db, amount > 0 ? 'deposits-in' : 'payouts-paid', wallet.currency, at)
      await post(db, { kind: row.kind, member_id: memberId, note: row.note, created_at: Number(row.created_at) }, [[accountId, amount], [house, -amount]])
    }
    const difference = Number(wallet.balance_minor) - sum
    if (difference !== 0) {
      const house = await houseAccount(db, 'adjustments', wallet.currency, at)
      await post(db, { kind: 'adjustment', member_id: memberId, note: 'single-entry balance carried over', created_at: at }, [[accountId, difference], [house, -difference]])
    }
  }
  await db.schema.dropTable('ledger').execute()
  await db.schema.dropTable('wallets').execute()
}

export const migration: Migration = {
  async up(db: AnyDb) {
    await createTables(db)
    await moveSingleEntryData(db)
  },
}

/**
 * A withdrawal keeps its destination (issue 14): the bank, account number and holder name it was
 * requested for, the only account the operator pays, so a bank account change made afterwards
 * (by a stolen session, say) cannot redirect it. Release 1.1.x kept none: its rows get the account
 * the member had when they asked, which is the old account of the first bank account change at or
 * after the request, else the member's current account. A `requested` row that a change of account
 * followed waits for review, as a change sends it now. From here on the destination is required
 * and never changes.
 */
import { type Migration, sql } from 'kysely'
import { type AnyDb, isPg } from './shared'

/** Each destination column, with the column of bank_account_changes that held it before a change. */
const DESTINATION = [
  ['bank_code', 'old_bank_code'],
  ['bank_account_no', 'old_account_no'],
  ['bank_account_name', 'old_account_name'],
] as const

// A change in the same millisecond as the request counts as after it: the older account is the
// one no payout hold was protecting at that moment.
const changesSinceRequest = sql`FROM bank_account_changes c
  WHERE c.member_id = withdrawals.member_id AND c.changed_at >= withdrawals.created_at`

async function backfill(db: AnyDb): Promise<void> {
  for (const [column, before] of DESTINATION) {
    await sql`UPDATE withdrawals SET ${sql.ref(column)} = COALESCE(
      (SELECT ${sql.ref(`c.${before}`)} ${changesSinceRequest} ORDER BY c.changed_at, c.id LIMIT 1),
      (SELECT ${sql.ref(`m.${column}`)} FROM members m WHERE m.id = withdrawals.member_id))`.execute(db)
  }
  // A correction of the holder's name alone keeps the account, as it does not send one to review now.
  await sql`UPDATE withdrawals SET status = 'review' WHERE status = 'requested' AND EXISTS (SELECT 1 ${changesSinceRequest}
    AND (c.old_bank_code <> c.new_bank_code OR c.old_account_no <> c.new_account_no))`.execute(db)
}

/** Required on insert, refused on update: what the operator is told to pay is what was asked for. */
async function requireAndFix(db: AnyDb): Promise<void> {
  const columns = DESTINATION.map(([column]) => column).join(', ')
  const message = 'a withdrawal is paid to the account it was requested for'
  if (isPg(db)) {
    for (const [column] of DESTINATION) {
      await db.schema.alterTable('withdrawals').alterColumn(column, (c) => c.setNotNull()).execute()
    }
    const changed = DESTINATION.map(([column]) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ')
    await sql.raw(`CREATE FUNCTION withdrawal_destination_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '${message}'; END $$`).execute(db)
    await sql.raw(`CREATE TRIGGER withdrawals_destination_fixed BEFORE UPDATE OF ${columns} ON withdrawals
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION withdrawal_destination_fixed()`).execute(db)
    return
  }
  // SQLite cannot add NOT NULL to a column of existing rows without rebuilding the table.
  const missing = DESTINATION.map(([column]) => `NEW.${column} IS NULL`).join(' OR ')
  const changed = DESTINATION.map(([column]) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ')
  await sql.raw(`CREATE TRIGGER withdrawals_destination_required BEFORE INSERT ON withdrawals
    WHEN ${missing} BEGIN SELECT RAISE(ABORT, '${message}'); END`).execute(db)
  await sql.raw(`CREATE TRIGGER withdrawals_destination_fixed BEFORE UPDATE OF ${columns} ON withdrawals
    WHEN ${changed} BEGIN SELECT RAISE(ABORT, '${message}'); END`).execute(db)
}

export const migration: Migration = {
  async up(db: AnyDb) {
    for (const [column] of DESTINATION) {
      await db.schema.alterTable('withdrawals').addColumn(column, 'text').execute()
    }
    await backfill(db)
    await requireAndFix(db)
  },
}

/**
 * Issue 51, "pending slips show their amount": the amount the player says the slip shows, given
 * with the upload (optional). Shown on the slip and its statement row while it waits to be read;
 * never credited: staff's reading of the slip (amount_minor) is what the wallet gets.
 */
import type { Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('deposit_slips').addColumn('claimed_minor', 'bigint').execute()
  },
}

/**
 * Issue 49 §2: the staff's queues find what waits by its state, on an index, however many
 * withdrawals and slips a year has left behind (they read the whole table in id order before).
 */
import type { Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute()
    await db.schema.createIndex('deposit_slips_status').on('deposit_slips').columns(['status', 'id']).execute()
  },
}

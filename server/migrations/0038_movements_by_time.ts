/**
 * Issue 52 §1, the day's book (wallet/dayBook.ts): a day's movements are found by when they were
 * made, and so is what reached the members' accounts after a day's close. Without this index both
 * read the whole ledger.
 */
import type { Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('movements_created').on('movements').column('created_at').execute()
  },
}

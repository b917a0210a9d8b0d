/**
 * Issue 47 §2: a database remembers that production ran on it. `database_marks` holds named facts
 * about the database itself, written once: `production`, when a production server first started
 * on it. Any other mode refuses to start on a database so marked (server/shared/productionMark.ts),
 * so a demo bank, demo seeds or /dev/ endpoints never act on real players' money.
 */
import type { Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('database_marks')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute()
  },
}

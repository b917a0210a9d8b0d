/**
 * Issue 49 §2: the retention sweep (shared/retention.ts) finds what has aged out of the tables that
 * grow with every attempt and sign-in by time alone, on an index, however big they get.
 */
import type { Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('rate_events_at').on('rate_events').column('at').execute()
    await db.schema.createIndex('otps_created_at').on('otps').column('created_at').execute()
    await db.schema.createIndex('staff_sessions_expires_at').on('staff_sessions').column('expires_at').execute()
  },
}

/**
 * Issue 47: an OTP send asks whether any member signed in from its address lately (the cap for
 * everyone lets such places through when an attack fills it): `login_addresses` by address.
 */
import type { Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('login_addresses_address').on('login_addresses').columns(['address', 'last_success_at']).execute()
  },
}

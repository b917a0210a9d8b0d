/**
 * Issue 27, accounts. `otps.used_at`: a verified OTP registers its phone once (the registration
 * sets it in the member's own transaction, account/routes.ts), so a phone verified by one player
 * cannot be registered by another who merely knows the number. `login_addresses`: where each phone
 * last signed in successfully (an IPv4 address or an IPv6 /64, see server/shared/address.ts), so the
 * delay a stranger's wrong passwords put on a phone does not reach its owner at a place they
 * signed in from before (limits.ts).
 */
import type { Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('otps').addColumn('used_at', 'bigint').execute()
    await db.schema.createTable('login_addresses')
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('last_success_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('login_addresses_pk', ['phone', 'address'])
      .execute()
  },
}

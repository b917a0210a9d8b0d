/**
 * A TrueMoney Wallet deposit account carries its wallet number (issue 18: the deposit modal shows
 * it with a copy button). Optional: accounts made before it, or an operator's that keep the number
 * in the name, have none, and the app shows the name as it was.
 */
import type { Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('wallet_accounts').addColumn('account_no', 'text').execute()
  },
}

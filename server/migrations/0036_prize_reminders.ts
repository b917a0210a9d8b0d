/**
 * Issue 50 §1, "a promotion about to expire if the operator turns that on": a wheel prize not yet
 * claimed is the member's one thing that expires. `reminded_at` says when the member was told it is
 * about to (NULL: not yet), so each prize is told once; the reminder's sweep finds the prizes still
 * to tell by their expiry among those alone.
 */
import { type Migration, sql } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('spin_coupons').addColumn('reminded_at', 'bigint').execute()
    // The prizes made before it are not told now.
    await db.updateTable('spin_coupons').set({ reminded_at: sql.ref('created_at') }).execute()
    await db.schema.createIndex('spin_coupons_to_remind').on('spin_coupons').column('expires_at')
      .where(sql.ref('claimed_at'), 'is', null).where(sql.ref('reminded_at'), 'is', null).execute()
  },
}

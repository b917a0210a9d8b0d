/**
 * The spin wheel (spec 2 "Spin modal", spec 7 "Spin wheel"; spin/spin.ts). `member_coins`: the
 * coins a member can spin with, never below zero (a spin takes one by a conditional UPDATE).
 * `spin_coupons`: the prize a spin won, claimable until `expires_at`; claiming credits the wallet
 * once, by a conditional UPDATE of `claimed_at`.
 */
import { type Migration, sql } from 'kysely'
import { type AnyDb, id, idType } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('member_coins')
      .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('members.id'))
      .addColumn('coins', 'integer', (c) => c.notNull().check(sql`coins >= 0`))
      .execute()
    await db.schema.createTable('spin_coupons')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('slice_code', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('wheel_name', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_at', 'bigint')
      .execute()
    await db.schema.createIndex('spin_coupons_member').on('spin_coupons').columns(['member_id', 'created_at']).execute()
  },
}

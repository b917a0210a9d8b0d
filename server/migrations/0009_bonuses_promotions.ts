/**
 * Bonuses and promotion codes (spec 1 bonus facts, spec 7 "Bonus and promotion"; bonus/bonuses.ts).
 *
 * `bonuses`: what the operator offers. A bonus card (kind `bonus`, received `max_received` times per
 * type limit/day/week) or a promotion code (kind `promotion`, received once per member). What it
 * pays: `percent` of the wallet at activation, at most `max_bonus_minor`; what it asks:
 * turnover of (deposit + bonus) x `turnover_multiplier`; when it may be cancelled: while the
 * member's balance is below `percent_fail` % of deposit + bonus. `quota`: how many may be given in
 * all (BONUS_FULL), counted in `claimed` by a conditional UPDATE, so two instances never give one
 * more than the quota.
 *
 * `user_bonuses`: each bonus a member received, with what it paid (`movement_id`) and how it
 * ended. At most one is active per member: the partial unique index is the rule, so two
 * activations at once, on any number of instances, give one bonus.
 */
import { type Migration, sql } from 'kysely'
import { type AnyDb, id, idType } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('bonuses')
      .addColumn('code', 'text', (c) => c.primaryKey())
      /** bonus (a card of the bonus page) or promotion (found by its code) */
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      /** limit, day or week (spec 3) */
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('max_received', 'integer', (c) => c.notNull().check(sql`max_received > 0`))
      .addColumn('percent', 'integer', (c) => c.notNull().check(sql`percent > 0`))
      .addColumn('max_bonus_minor', 'bigint', (c) => c.notNull().check(sql`max_bonus_minor > 0`))
      .addColumn('turnover_multiplier', 'integer', (c) => c.notNull().check(sql`turnover_multiplier >= 0`))
      .addColumn('percent_fail', 'integer', (c) => c.notNull().check(sql`percent_fail >= 0 AND percent_fail <= 100`))
      .addColumn('quota', 'integer')
      .addColumn('claimed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      /** The banners of the card and its modal, as JSON: [{ image, html }] */
      .addColumn('banners', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()

    await db.schema.createTable('user_bonuses')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('bonus_code', 'text', (c) => c.notNull().references('bonuses.code'))
      .addColumn('kind', 'text', (c) => c.notNull())
      /** active, then completed (turnover reached), cancelled (cleared), withdrawn (ended by a withdrawal) */
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('base_minor', 'bigint', (c) => c.notNull())
      .addColumn('bonus_minor', 'bigint', (c) => c.notNull().check(sql`bonus_minor > 0`))
      .addColumn('turnover_target_minor', 'bigint', (c) => c.notNull())
      .addColumn('turnover_minor', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('percent_fail', 'integer', (c) => c.notNull())
      .addColumn('movement_id', 'bigint', (c) => c.notNull().references('movements.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('ended_at', 'bigint')
      .execute()
    await db.schema.createIndex('user_bonuses_one_active').on('user_bonuses').column('member_id').unique()
      .where(sql.ref('status'), '=', 'active').execute()
    await db.schema.createIndex('user_bonuses_member_code').on('user_bonuses').columns(['member_id', 'bonus_code', 'created_at']).execute()
  },
}

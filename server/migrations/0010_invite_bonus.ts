/**
 * The invite bonus (spec 7 "Invite and refund"; rewards/invites.ts). `invite_turnover`: what each
 * invited friend played (a provider's round report), waiting to be gathered by the inviter's
 * collect. `invite_accruals`: the bonus a collect earned from one friend, waiting to be received
 * into the wallet (`received_at`). Each is claimed by a conditional UPDATE, so two collects or two
 * receives at once count it once.
 */
import { type Migration, sql } from 'kysely'
import { type AnyDb, id, idType } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('invite_turnover')
      .addColumn('id', idType(db), id)
      .addColumn('inviter_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('invitee_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('played_minor', 'bigint', (c) => c.notNull().check(sql`played_minor > 0`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('collected_at', 'bigint')
      .execute()
    await db.schema.createIndex('invite_turnover_waiting').on('invite_turnover').columns(['inviter_id', 'collected_at']).execute()

    await db.schema.createTable('invite_accruals')
      .addColumn('id', idType(db), id)
      .addColumn('inviter_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('invitee_id', 'bigint', (c) => c.notNull().references('members.id'))
      .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('received_at', 'bigint')
      .execute()
    await db.schema.createIndex('invite_accruals_inviter').on('invite_accruals').columns(['inviter_id', 'received_at']).execute()
  },
}

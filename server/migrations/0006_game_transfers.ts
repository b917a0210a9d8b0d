/**
 * Game transfers as steps (wallet/transfers.ts): each transfer between the wallet and a game, or
 * between two games, reserves its money in the house's in-transit account, asks the provider, then
 * settles or reverses. Its row says where the money is, so a crash in between is resolved by
 * asking the provider about the transfer's reference.
 *
 * The simulated providers (games/providers.ts) keep the references they were asked with, as a
 * real provider does, so asking twice with one reference moves money there once; and gain the
 * faults tests need: latency, and answering then dropping the connection.
 */
import { type Migration, sql } from 'kysely'
import { type AnyDb, id, idType, isPg } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('game_transfers')
      .addColumn('id', idType(db), id)
      .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
      /** WALLET or a game code, each side. */
      .addColumn('from_code', 'text', (c) => c.notNull())
      .addColumn('to_code', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
      .addColumn('currency', 'text', (c) => c.notNull())
      /** reserved, withdrawn (out of the source game, not yet in the target game), settled, reversed, returned */
      .addColumn('status', 'text', (c) => c.notNull())
      /** The reserving movement: its id is the reference every provider of this transfer is asked with. */
      .addColumn('reserve_movement_id', 'bigint', (c) => c.notNull().references('movements.id'))
      .addColumn('finish_movement_id', 'bigint', (c) => c.references('movements.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    // The sweep's way in. Every transfer writes its rows twice in its life, so nothing else is indexed.
    await db.schema.createIndex('game_transfers_open').on('game_transfers').columns(['status', 'created_at']).execute()

    await db.schema.createTable('provider_transfers')
      .addColumn('game_code', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      /** deposit (into the game) or withdraw (out of it) */
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      /** done or refused: what the provider answers for this reference, every time it is asked */
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('provider_transfers_pk', ['game_code', 'reference'])
      // On SQLite the key is the table (one b-tree, not a table and its index).
      .$call((table) => (isPg(db) ? table : table.modifyEnd(sql`without rowid`)))
      .execute()

    await db.schema.alterTable('games').addColumn('latency_ms', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable('games').addColumn('drops_answers', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  },
}

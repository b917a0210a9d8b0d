// @vitest-environment node
// Migration 0031 (issue 49 §2): each chat room keeps its current session's last message, filled
// in for the rooms already there: the last message of the session it is in (an older session's
// does not count), with its sender; a room whose session has none stays out of the inbox. On both dialects.
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { atMigration } from './helpers'

it('fills in each room its current session last message and its sender', async () => {
  const { db: old, migrateTo } = await atMigration('0030_queue_indexes')
  const rooms: [string, string][] = [['answered', 's2'], ['waiting', 's1'], ['new session', 's9']]
  for (const [owner, session] of rooms) {
    await sql`INSERT INTO chat_rooms (kind, owner, session_id, customer_read_at, created_at) VALUES ('guest', ${owner}, ${session}, NULL, 0)`.execute(old)
  }
  const id = Object.fromEntries((await sql<{ id: number; owner: string }>`SELECT id, owner FROM chat_rooms`.execute(old)).rows.map((row) => [row.owner, Number(row.id)]))
  const messages: [string, string, 'customer' | 'agent'][] = [
    ['answered', 's1', 'customer'], ['answered', 's2', 'customer'], ['answered', 's2', 'agent'],
    ['waiting', 's1', 'agent'], ['waiting', 's1', 'customer'],
    ['new session', 's8', 'customer'],
  ]
  for (const [owner, session, sender] of messages) {
    await sql`INSERT INTO chat_messages (room_id, sender, message_type, payload, client_id, session_id, created_at)
      VALUES (${id[owner]}, ${sender}, 'text', '"hi"', NULL, ${session}, 0)`.execute(old)
  }
  const lastOf = async (owner: string, session: string) => Number((await sql<{ id: number }>`
    SELECT max(id) AS id FROM chat_messages WHERE room_id = ${id[owner]} AND session_id = ${session}`.execute(old)).rows[0].id)
  const expected = { answered: [await lastOf('answered', 's2'), 'agent'], waiting: [await lastOf('waiting', 's1'), 'customer'], 'new session': [null, null] }

  await migrateTo('0031_chat_room_last_message')
  const now = await sql<{ owner: string; last_message_id: number | null; last_sender: string | null }>`
    SELECT owner, last_message_id, last_sender FROM chat_rooms`.execute(old)
  expect(Object.fromEntries(now.rows.map((row) => [row.owner, [row.last_message_id === null ? null : Number(row.last_message_id), row.last_sender]]))).toEqual(expected)
})

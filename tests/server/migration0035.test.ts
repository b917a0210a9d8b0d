// @vitest-environment node
// Migration 0035 (issue 50 §2): a delivery becomes one message to one address, so a member's two
// browsers each get theirs. The deliveries already there are kept as they were (SQLite rebuilds the
// table), the one-per-address key holds, and the worker's queue is found by status and time. On both dialects.
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { atMigration, oldSchemaMember } from './helpers'

it("keeps the deliveries there, and takes a second address of one event's channel but never the same one twice", async () => {
  const { db: old, migrateTo } = await atMigration('0034_notify_outbox')
  const member = await oldSchemaMember(old, 'BCEL')
  await sql`INSERT INTO member_events (member_id, kind, payload, created_at, read_at, outbox_at) VALUES (${member}, 'deposit_credited', '{}', 5, NULL, 6)`.execute(old)
  const event = Number((await sql<{ id: number }>`SELECT id FROM member_events`.execute(old)).rows[0].id)
  await sql`INSERT INTO notify_deliveries (event_id, member_id, channel, address, status, attempts, next_at, created_at, done_at, error)
    VALUES (${event}, ${member}, 'telegram', '777', 'sent', 1, 6, 6, 7, NULL)`.execute(old)

  await migrateTo('0035_web_push')
  const rows = await sql<Record<string, unknown>>`SELECT event_id, member_id, channel, address, status, attempts, next_at, created_at, done_at, error FROM notify_deliveries`.execute(old)
  expect(rows.rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && /^\d+$/.test(value) && key !== 'address' ? Number(value) : value]))))
    .toEqual([{ event_id: event, member_id: member, channel: 'telegram', address: '777', status: 'sent', attempts: 1, next_at: 6, created_at: 6, done_at: 7, error: null }])
  const add = (address: string) => sql`INSERT INTO notify_deliveries (event_id, member_id, channel, address, status, attempts, next_at, created_at)
    VALUES (${event}, ${member}, 'webpush', ${address}, 'pending', 0, 6, 6)`.execute(old)
  await add('1')
  await add('2')
  await expect(add('2')).rejects.toThrow(/unique|UNIQUE/)
})

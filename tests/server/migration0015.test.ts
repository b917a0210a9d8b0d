// @vitest-environment node
// Migration 0015 (issue 27): invite turnover and accruals take the money they were earned in; a
// bonus gathered from a friend of another money and not yet received goes back to waiting as
// turnover, one already received stays as booked. On both dialects.
import { Migrator, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../../server/shared/db'
import { migrationProvider } from '../../server/migrations/sequence'
import { migratedTo } from './helpers'

let db: Db | undefined
afterEach(async () => {
  await db?.destroy()
  db = undefined
})

async function migrated(name: string): Promise<Db> {
  db = await migratedTo(name)
  return db
}

describe('0015_currency_rules', () => {
  it("gives invite rows their money and returns a crossed bonus not yet received to waiting turnover", async () => {
    const old = await migrated('0014_chat')
    await sql`INSERT INTO banks (code, name_th, name_en, country, sort) VALUES ('BCEL', 'BCEL', 'BCEL', 'LA', 1)`.execute(old)
    const members: [string, string][] = [['inviter', 'BAHT'], ['kip', 'LAK'], ['baht', 'THB']]
    for (const [name, currency] of members) {
      await sql`INSERT INTO members (username, password_hash, name, bank_code, bank_account_name, bank_account_no, currency, created_at)
        VALUES (${name}, 'x', ${name}, 'BCEL', ${name}, ${name}, ${currency}, 0)`.execute(old)
    }
    const ids = Object.fromEntries((await sql<{ id: number; username: string }>`SELECT id, username FROM members`.execute(old)).rows.map((row) => [row.username, Number(row.id)]))
    await sql`UPDATE members SET invited_by = ${ids.inviter} WHERE username IN ('kip', 'baht')`.execute(old)
    // Collected at 10 and 20 (the kip friend's bonus of 20 not received, that of 10 received), and the baht friend's at 20.
    const turnover: [number, number, number | null][] = [[ids.kip, 1_000_000_00, 10], [ids.kip, 500_000_00, 20], [ids.kip, 7_00, null], [ids.baht, 300_00, 20]]
    for (const [invitee, played, collected] of turnover) {
      await sql`INSERT INTO invite_turnover (inviter_id, invitee_id, played_minor, created_at, collected_at)
        VALUES (${ids.inviter}, ${invitee}, ${played}, 0, ${collected})`.execute(old)
    }
    const accruals: [number, number, number, number | null][] = [[ids.kip, 10_000_00, 10, 15], [ids.kip, 5_000_00, 20, null], [ids.baht, 3_00, 20, null]]
    for (const [invitee, amount, created, received] of accruals) {
      await sql`INSERT INTO invite_accruals (inviter_id, invitee_id, amount_minor, created_at, received_at)
        VALUES (${ids.inviter}, ${invitee}, ${amount}, ${created}, ${received})`.execute(old)
    }

    const { error } = await new Migrator({ db: old, provider: migrationProvider }).migrateTo('0015_currency_rules')
    if (error) throw error
    const turnoverNow = await sql<{ invitee_id: number; played_minor: number; currency: string; collected_at: number | null }>`
      SELECT invitee_id, played_minor, currency, collected_at FROM invite_turnover ORDER BY id`.execute(old)
    expect(turnoverNow.rows.map((row) => [Number(row.invitee_id), Number(row.played_minor), row.currency, row.collected_at === null ? null : Number(row.collected_at)])).toEqual([
      [ids.kip, 1_000_000_00, 'LAK', 10],
      [ids.kip, 500_000_00, 'LAK', null],
      [ids.kip, 7_00, 'LAK', null],
      [ids.baht, 300_00, 'THB', 20],
    ])
    const accrualsNow = await sql<{ invitee_id: number; amount_minor: number; currency: string; received_at: number | null }>`
      SELECT invitee_id, amount_minor, currency, received_at FROM invite_accruals ORDER BY id`.execute(old)
    expect(accrualsNow.rows.map((row) => [Number(row.invitee_id), Number(row.amount_minor), row.currency, row.received_at === null ? null : Number(row.received_at)])).toEqual([
      [ids.kip, 10_000_00, 'THB', 15],
      [ids.baht, 3_00, 'THB', null],
    ])
  })
})

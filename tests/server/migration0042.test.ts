// @vitest-environment node
// Migration 0042: a slip's bank reference is one whatever its case. Those approved before are
// written upper case, but for one whose upper-case form another slip already has; of several that
// differ only in case, the oldest takes it. Afterwards the constraint refuses any case of a taken
// one, as new approvals are written upper case. On both dialects.
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { atMigration, oldSchemaMember } from './helpers'

it('writes the references approved before in upper case, keeps both of a transfer approved twice, and refuses any case of a taken one after', async () => {
  const { db: old, migrateTo } = await atMigration('0041_corrections')
  const member = await oldSchemaMember(old, 'KBANK')
  const slip = (reference: string, refNo: string | null) => sql`INSERT INTO deposit_slips (member_id, kind, reference, slip_ref_no, amount_minor, status, created_at)
    VALUES (${member}, 'slip', ${reference}, ${refNo}, 100, 'success', 1)`.execute(old)
  await slip('S1', 'kb001') // alone: upper-cased
  await slip('S2', 'KB002')
  await slip('S3', 'kb002') // its upper case taken: stays
  await slip('S4', 'kb003') // two that differ in case only: the oldest takes it
  await slip('S5', 'Kb003')
  await slip('S6', null)

  await migrateTo('0042_slip_ref_upper')
  const rows = await sql<{ reference: string; slip_ref_no: string | null }>`SELECT reference, slip_ref_no FROM deposit_slips ORDER BY reference`.execute(old)
  expect(rows.rows).toEqual([
    { reference: 'S1', slip_ref_no: 'KB001' },
    { reference: 'S2', slip_ref_no: 'KB002' },
    { reference: 'S3', slip_ref_no: 'kb002' },
    { reference: 'S4', slip_ref_no: 'KB003' },
    { reference: 'S5', slip_ref_no: 'Kb003' },
    { reference: 'S6', slip_ref_no: null },
  ])
  // An approval is written upper case (keptRefNo): any case of a reference taken before is refused.
  await expect(slip('S7', 'KB001')).rejects.toThrow(/unique|UNIQUE/)
  await expect(slip('S8', 'KB003')).rejects.toThrow(/unique|UNIQUE/)
})

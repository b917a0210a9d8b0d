// @vitest-environment node
// Migration 0008 (issue 14): release 1.1.x's `slip_ref_no` held an image digest or, once a slip was
// approved with one, the bank's reference number. Which is which, row by row, on both dialects.
import { Migrator, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../../server/shared/db'
import { migrationProvider } from '../../server/migrations/sequence'
import { sha256 } from '../../server/shared/tokens'
import { migratedTo } from './helpers'

let db: Db | undefined
afterEach(async () => {
  await db?.destroy()
  db = undefined
})

const digest = sha256('an image')

async function migrated(name: string): Promise<Db> {
  db = await migratedTo(name)
  return db
}

describe('0008_deposit_references', () => {
  it('moves digests (64 lowercase hex) to image_digest and keeps bank references in slip_ref_no', async () => {
    const old = await migrated('0005_rewards_refund_accruals')
    await sql`INSERT INTO banks (code, name_th, name_en, country, sort) VALUES ('SCB', 'SCB', 'SCB', 'TH', 1)`.execute(old)
    await sql`INSERT INTO members (username, password_hash, name, bank_code, bank_account_name, bank_account_no, currency, created_at)
      VALUES ('0800000001', 'x', 'A', 'SCB', 'A', '1', 'THB', 0)`.execute(old)
    const member = (await sql<{ id: number }>`SELECT id FROM members`.execute(old)).rows[0].id
    const rows: [string, string, string | null][] = [
      ['WAITING', 'processing', digest],
      ['REFUSED', 'failed', sha256('refused')],
      ['NOREFNO', 'success', sha256('approved without a bank reference')],
      ['WITHREFNO', 'success', 'BANKREF0001'],
      ['HEXUPPER', 'success', sha256('upper').toUpperCase()],
      ['DUPLICATE', 'failed', null],
    ]
    for (const [reference, status, refNo] of rows) {
      await sql`INSERT INTO deposit_slips (member_id, kind, reference, slip_ref_no, status, created_at)
        VALUES (${member}, 'slip', ${reference}, ${refNo}, ${status}, 0)`.execute(old)
    }
    await sql`INSERT INTO deposit_slips (member_id, kind, reference, truelink_voucher, status, created_at)
      VALUES (${member}, 'truelink', 'GIFT', 'VOUCHER0000001', 'processing', 0)`.execute(old)
    await sql`INSERT INTO deposit_qrcodes (id, member_id, provider, amount_minor, reference, payload, status, created_at, expires_at, settled_at)
      VALUES ('paid-qr', ${member}, 'KBANK', 100, 'REF1', 'p', 'paid', 0, 10, 5), ('open-qr', ${member}, 'WW', 100, 'REF2', 'p', 'open', 0, 10, NULL)`.execute(old)

    const { error } = await new Migrator({ db: old, provider: migrationProvider }).migrateTo('0008_deposit_references')
    if (error) throw error
    const slips = await sql<{ reference: string; slip_ref_no: string | null; image_digest: string | null }>`
      SELECT reference, slip_ref_no, image_digest FROM deposit_slips ORDER BY id`.execute(old)
    expect(slips.rows).toEqual([
      { reference: 'WAITING', slip_ref_no: null, image_digest: digest },
      { reference: 'REFUSED', slip_ref_no: null, image_digest: sha256('refused') },
      { reference: 'NOREFNO', slip_ref_no: null, image_digest: sha256('approved without a bank reference') },
      { reference: 'WITHREFNO', slip_ref_no: 'BANKREF0001', image_digest: null },
      // Upper case is not what 1.1.x wrote as a digest: a bank reference.
      { reference: 'HEXUPPER', slip_ref_no: sha256('upper').toUpperCase(), image_digest: null },
      { reference: 'DUPLICATE', slip_ref_no: null, image_digest: null },
      { reference: 'GIFT', slip_ref_no: null, image_digest: null },
    ])
    const qrs = await sql<{ id: string; paid_at: number | string | null; late: number }>`
      SELECT id, paid_at, late FROM deposit_qrcodes ORDER BY id`.execute(old)
    expect(qrs.rows.map((row) => ({ ...row, paid_at: row.paid_at === null ? null : Number(row.paid_at) }))).toEqual([
      { id: 'open-qr', paid_at: null, late: 0 },
      { id: 'paid-qr', paid_at: 5, late: 0 },
    ])
    // Two slips can no longer share an image.
    await expect(sql`UPDATE deposit_slips SET image_digest = ${digest} WHERE reference = 'DUPLICATE'`.execute(old)).rejects.toThrow()
  })
})

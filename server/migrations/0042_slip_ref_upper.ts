/**
 * A slip's bank reference is one whatever its case: from now on it is kept upper case
 * (deposit/repo.ts, keptRefNo), so that the unique constraint refuses "kb123" after "KB123", which it
 * had let through (a cashier approved the same transfer twice). The references approved before are
 * written upper case too, but for one whose upper-case form another slip already has (such a
 * transfer approved twice: both stay as they are, for the books to show): of several that differ
 * only in case, the oldest takes it.
 */
import { sql, type Migration } from 'kysely'
import type { AnyDb } from './shared'

export const migration: Migration = {
  async up(db: AnyDb) {
    await sql`UPDATE deposit_slips SET slip_ref_no = UPPER(slip_ref_no)
      WHERE slip_ref_no IS NOT NULL AND slip_ref_no <> UPPER(slip_ref_no)
        AND NOT EXISTS (SELECT 1 FROM deposit_slips taken WHERE taken.slip_ref_no = UPPER(deposit_slips.slip_ref_no))
        AND id = (SELECT MIN(alike.id) FROM deposit_slips alike WHERE UPPER(alike.slip_ref_no) = UPPER(deposit_slips.slip_ref_no))`.execute(db)
  },
}

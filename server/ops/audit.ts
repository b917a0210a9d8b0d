// The audit trail (issue 33): every action staff take, written in the action's own transaction so
// an action and its row commit together or not at all; read back newest first. The table refuses
// an update or a delete (migration 0021).
import type { AuditEntry } from '../../contract/ops'
import type { Db } from '../shared/db'
import { insertAudit, listAudit } from './repo'

/** Who acts and from where: a staff member, or the operator's own setup (the first admin). */
export interface Actor {
  staffId: number | null
  address: string
  /**
   * For an actor whose right to act can end while it works (the demo bank, once production joins
   * its database): checked in the action's transaction as its audit row is written, throwing when
   * the right has gone, so no action of its commits after that.
   */
  mayAct?: (trx: Db) => Promise<void>
}

export interface Action {
  action: string
  item?: string
  memberId?: number
  before?: unknown
  after?: unknown
}

export async function audit(db: Db, actor: Actor, at: number, action: Action): Promise<void> {
  await actor.mayAct?.(db)
  await insertAudit(db, {
    staffId: actor.staffId,
    action: action.action,
    item: action.item ?? null,
    memberId: action.memberId ?? null,
    before: action.before ?? null,
    after: action.after ?? null,
    address: actor.address,
    at,
  })
}

const parsed = (value: string | null): unknown => (value === null ? null : JSON.parse(value))

export async function readAudit(db: Db, query: { item?: string; beforeId?: number; limit: number }): Promise<AuditEntry[]> {
  return (await listAudit(db, query)).map((row) => ({
    id: String(row.id),
    staff: row.staff_id === null ? null : { id: String(row.staff_id), username: row.username ?? '' },
    action: row.action,
    item: row.item,
    memberId: row.member_id === null ? null : String(row.member_id),
    before: parsed(row.before),
    after: parsed(row.after),
    address: row.address,
    at: new Date(Number(row.at)).toISOString(),
  }))
}

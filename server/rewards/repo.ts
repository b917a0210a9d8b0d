// The rewards area's data: its tables' row types (its SQL joins them here as it leaves the domain modules).
import type { Generated } from 'kysely'

declare module '../shared/db' {
  /** The rewards area's tables (the migrations make them). */
  interface Tables {
    /** Lost-bet refunds (cashback) reported for a member, until received into the wallet (rewards.ts). */
    refund_accruals: {
      id: Generated<number>
      member_id: number
      amount_minor: number
      created_at: number
      /** When the refund was moved to the wallet; NULL while it waits. */
      received_at: number | null
    }
    /** What invited friends played, until the inviter's collect gathers it (rewards/invites.ts). */
    invite_turnover: { id: Generated<number>; inviter_id: number; invitee_id: number; played_minor: number; currency: string; created_at: number; collected_at: number | null }
    /** The invite bonus a collect earned from one friend, until received into the wallet. */
    invite_accruals: { id: Generated<number>; inviter_id: number; invitee_id: number; amount_minor: number; currency: string; created_at: number; received_at: number | null }
  }
}

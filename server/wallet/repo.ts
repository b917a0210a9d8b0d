// The wallet area's data: its tables' row types (its SQL joins them here as it leaves the domain modules).
import type { Generated } from 'kysely'

declare module '../shared/db' {
  /** The wallet area's tables (the migrations make them). */
  interface Tables {
    withdrawals: {
      id: Generated<number>
      member_id: number
      amount_minor: number
      currency: string
      status: string
      requested_movement_id: number
      settled_movement_id: number | null
      created_at: number
      settled_at: number | null
      /** Where it is paid: the member's bank account when it was requested; never changed (a trigger refuses). */
      bank_code: string
      bank_account_no: string
      bank_account_name: string
    }
    /** Transfers between the wallet and games, step by step (wallet/transfers.ts). */
    game_transfers: {
      id: Generated<number>
      member_id: number
      from_code: string
      to_code: string
      amount_minor: number
      currency: string
      status: string
      reserve_movement_id: number
      finish_movement_id: number | null
      created_at: number
      updated_at: number
    }
  }
}

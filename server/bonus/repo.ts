// The bonus area's data: its tables' row types (its SQL joins them here as it leaves the domain modules).
import type { Generated } from 'kysely'

declare module '../shared/db' {
  /** The bonus area's tables (the migrations make them). */
  interface Tables {
    /** What the operator offers: bonus cards and promotion codes (bonus/bonuses.ts). */
    bonuses: {
      code: string
      kind: string
      name: string
      description: Generated<string>
      type: string
      max_received: number
      percent: number
      max_bonus_minor: number
      /** The cap for kip members; null: the offer is not made to them. */
      max_bonus_lak_minor: number | null
      turnover_multiplier: number
      percent_fail: number
      quota: number | null
      claimed: Generated<number>
      active: Generated<number>
      banners: Generated<string>
      sort: Generated<number>
    }
    /** Each bonus a member received; at most one active per member. */
    user_bonuses: {
      id: Generated<number>
      member_id: number
      bonus_code: string
      kind: string
      status: string
      currency: string
      base_minor: number
      bonus_minor: number
      turnover_target_minor: number
      turnover_minor: Generated<number>
      percent_fail: number
      movement_id: number
      created_at: number
      ended_at: number | null
    }
  }
}

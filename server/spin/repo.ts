// The spin area's data: its tables' row types (its SQL joins them here as it leaves the domain modules).
import type { Generated } from 'kysely'

declare module '../shared/db' {
  /** The spin area's tables (the migrations make them). */
  interface Tables {
    /** The coins a member can spin the wheel with (spin/spin.ts). */
    member_coins: { member_id: number; coins: number }
    /** A prize a spin won, claimable until it expires. */
    spin_coupons: {
      id: Generated<number>
      member_id: number
      slice_code: string
      label: string
      wheel_name: string
      amount_minor: number
      created_at: number
      expires_at: number
      claimed_at: number | null
    }
  }
}

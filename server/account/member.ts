// The member as every area sees it: a type with no dependency on the modules that read or write
// members, so any area may name it without a circle back through account/repo.ts.
import type { Currency } from '../../src/api/contract'

/** A member row as the routes see it. */
export interface Member {
  id: number
  username: string
  passwordHash: string
  name: string
  bankCode: string
  bankAccountName: string
  bankAccountNo: string
  currency: Currency
  sourceCode: string | null
  invitedBy: number | null
  isActive: boolean
  createdAt: number
  /** Epoch ms until which payouts wait: a changed payout bank account starts a hold. */
  payoutHoldUntil: number
}

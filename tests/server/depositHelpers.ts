// Shared by the deposit tests: the demo member's wallet, read where the deposit credits land.
import type { FastifyInstance } from 'fastify'
import { walletBalance } from '../../server/wallet/ledger'

export const DEMO_MEMBER_ID = 123
/** The demo member's seeded balance, in minor units. */
export const DEMO_START_MINOR = 1_500_00

/** A member's wallet balance in minor units (through the ledger module, whatever it becomes). */
export async function balanceOf(app: FastifyInstance, memberId = DEMO_MEMBER_ID): Promise<number> {
  return (await walletBalance(app.wallet.db, memberId)) ?? Number.NaN
}

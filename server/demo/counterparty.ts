// The other side of the counter in demo mode (issue 33 §3): a demo bank that pays a QR code a few
// seconds after it is shown, reads a slip and redeems a gift link after a short wait, and pays a
// withdrawal after a minute, so a newcomer sees every money flow end. It takes the path staff take
// (the same decisions, the same audit rows, with `demo bank` as who did it), so the staff console
// shows what it did. Only demo mode runs it (app.ts); production never does.
//
// It works in passes over what is waiting, each pass one query per queue: several instances may
// pass at once, and what one decides the others find decided (409 ALREADY_DECIDED, taken in stride).
import type { ServerContext } from '../shared/context'
import { Refusal } from '../shared/http/errors'
import { moneyOf } from '../shared/money'
import { type Actor, audit } from '../ops/audit'
import { decideSlip } from '../deposit/decision'
import { payQr } from '../deposit/qrcode'
import { openQrsShownBefore, processingSlips } from '../deposit/repo'
import { decideWithdrawal } from '../wallet/decision'
import { waitingWithdrawals } from '../wallet/repo'
import { refuseOnceProduction } from '../seed/productionMark'

/** How long each kind waits before the demo bank acts: as a bank would, not at once. */
export const DEMO_DELAYS = {
  qr: 5_000,
  slip: 10_000,
  withdrawal: 60_000,
} as const

/** What the demo bank "reads" on a slip and in a gift link, in the member's money (major units). */
const SLIP_AMOUNT = { THB: 100, LAK: 100_000 } as const
const GIFT_AMOUNT = 50

/** Each of its decisions checks, in its transaction, that production has not joined the database. */
export const DEMO_BANK: Actor = { staffId: null, address: 'demo bank', mayAct: refuseOnceProduction }

/** At most this many of each queue in one pass. */
const BATCH = 50

/** One pass of the demo bank: what had waited long enough at `now` is paid, approved or redeemed. */
export async function demoBankPass(ctx: ServerContext, now = ctx.now()): Promise<{ qrs: number; slips: number; withdrawals: number }> {
  const done = { qrs: 0, slips: 0, withdrawals: 0 }

  for (const { id } of await openQrsShownBefore(ctx.db, now - DEMO_DELAYS.qr, now, BATCH)) {
    const paid = await payQr(ctx, id, (trx, qr) => audit(trx, DEMO_BANK, ctx.now(), {
      action: 'qr.paid', item: `qr:${qr.qrId}`, memberId: qr.memberId, before: { status: 'open' }, after: { status: 'paid', amountMinor: qr.amountMinor },
    }))
    if (paid) done.qrs += 1
  }

  for (const slip of await processingSlips(ctx.db, BATCH, now - DEMO_DELAYS.slip)) {
    const amount = slip.kind === 'truelink' ? GIFT_AMOUNT : SLIP_AMOUNT[moneyOf(slip.currency)]
    if (await decidedHere(() => decideSlip(ctx, slip.reference, { status: 'success', amount, refNo: `DEMO${slip.reference}`.slice(0, 64) }, DEMO_BANK))) done.slips += 1
  }

  for (const withdrawal of await waitingWithdrawals(ctx.db, BATCH, ['requested'], now - DEMO_DELAYS.withdrawal)) {
    const id = Number(withdrawal.id)
    if (await decidedHere(() => decideWithdrawal(ctx, id, { status: 'paid', bankReference: `DEMO-${id}` }, DEMO_BANK))) done.withdrawals += 1
  }
  return done
}

/** True when this pass decided it; false when another instance (or staff) had a moment before. */
async function decidedHere(decide: () => Promise<unknown>): Promise<boolean> {
  try {
    await decide()
    return true
  } catch (error) {
    if (error instanceof Refusal && error.code === 'ALREADY_DECIDED') return false
    throw error
  }
}

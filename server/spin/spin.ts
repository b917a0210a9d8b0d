/**
 * The spin wheel (spec 2 "Spin modal", spec 4 "Spin", spec 7 "Spin wheel"). The wheel is the
 * operator's `spin` setting and runs while `spinActive` is on. A spin takes one of the member's
 * coins and, in the same transaction, records the prize the server drew from the slices' weights
 * as a coupon (a slice without an amount wins nothing); claiming a coupon before it expires moves
 * its amount into the wallet as one movement from the house's bonuses account. Coins come from
 * deposits (`grantDepositCoins`, one per `coinPerDepositMinor` of a deposit) and the dev endpoint.
 *
 * Races: the coin is taken by `UPDATE ... WHERE coins >= 1`, so two spins at once with one coin
 * spin once; a coupon is claimed by `UPDATE ... WHERE claimed_at IS NULL`, so it pays once.
 */
import { randomInt } from 'node:crypto'
import type { CouponClaimResponse, SpinCoupon, SpinResult, SpinSetup } from '../../contract'
import type { Member } from '../shared/members'
import type { ServerContext } from '../shared/context'
import { type Db, inTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { toMajor } from '../shared/money'
import { getSetting, type SpinRule } from '../shared/settings'
import { type Reader, sayTo } from '../shared/inLanguages'
import { holdsBonus } from '../bonus/bonuses'
import { creditWallet } from '../shared/ledger'
import { tell } from '../notify/events'
import { readTogether } from '../shared/sql'
import { addCoins, coinsRead, findMemberCoupon, insertCoupon, listNewestCoupons, markCouponClaimed, takeCoin } from './repo'

const DAY_MS = 24 * 60 * 60 * 1000
/** The coupons listed: the newest this many. */
const COUPONS_LISTED = 60

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()

export async function coinsOf(db: Db, memberId: number): Promise<number> {
  const [coins] = await readTogether(db, [coinsRead(memberId)])
  return coins
}

/** Adds `coins` (above 0) to the member's coins. */
export async function grantCoins(db: Db, memberId: number, coins: number): Promise<void> {
  if (!Number.isSafeInteger(coins) || coins <= 0) throw new Error('coins granted are a positive integer')
  await addCoins(db, memberId, coins)
}

/** The operator's rule: a deposit of `amountMinor` grants a coin per `coinPerDepositMinor` (in the deposit's transaction). */
export async function grantDepositCoins(db: Db, memberId: number, amountMinor: number): Promise<void> {
  const rule = await getSetting(db, 'spin')
  if (rule.coinPerDepositMinor <= 0) return
  const coins = Math.floor(amountMinor / rule.coinPerDepositMinor)
  if (coins > 0) await grantCoins(db, memberId, coins)
}

/** GET /api/spinwheel/active */
export const spinActive = async (db: Db): Promise<{ isActive: boolean }> => ({ isActive: await getSetting(db, 'spinActive') })

/** GET /api/spinwheel/setup: the wheel while the campaign runs, and the member's coins. */
export async function spinSetup(ctx: ServerContext, member: Member, reader: Reader): Promise<SpinSetup> {
  const [active, rule, coins] = await Promise.all([getSetting(ctx.db, 'spinActive'), getSetting(ctx.db, 'spin'), coinsOf(ctx.db, member.id)])
  return {
    result: {
      activeSpinwheel: active
        ? {
          name: rule.name,
          ...(rule.names && { names: rule.names }),
          slices: rule.slices.map(({ code, label, bgColor, textColor, htmlDescription }) =>
            ({ code, label, bgColor, textColor, ...(htmlDescription && { htmlDescription: sayTo(reader, htmlDescription) }) })),
        }
        : null,
      userCoin: coins,
    },
  }
}

/** The slice drawn: each with probability weight / total weight. */
export function drawSlice(slices: SpinRule['slices'], random: (below: number) => number = randomInt): SpinRule['slices'][number] {
  const total = slices.reduce((sum, slice) => sum + slice.weight, 0)
  if (total <= 0) throw fail(400, 'SPIN_INACTIVE')
  let ticket = random(total)
  for (const slice of slices) {
    if (ticket < slice.weight) return slice
    ticket -= slice.weight
  }
  return slices[slices.length - 1]
}

/** POST /api/spinwheel/spin: one coin for the prize the server draws, booked together. */
export async function spin(ctx: ServerContext, member: Member): Promise<SpinResult> {
  const [active, rule] = await Promise.all([getSetting(ctx.db, 'spinActive'), getSetting(ctx.db, 'spin')])
  if (!active) throw fail(400, 'SPIN_INACTIVE')
  const at = ctx.now()
  return inTransaction(ctx.db, async (trx) => {
    const left = await takeCoin(trx, member.id)
    if (left === undefined) throw fail(400, 'NO_COIN')
    const slice = drawSlice(rule.slices)
    if (slice.amountMinor > 0) {
      await insertCoupon(trx, {
        member_id: member.id, slice_code: slice.code, label: slice.label, wheel_name: rule.name, amount_minor: slice.amountMinor,
        created_at: at, expires_at: at + rule.couponDays * DAY_MS, claimed_at: null,
      })
    }
    return {
      success: true,
      error: null,
      result: { code: slice.code, label: slice.label, remainingCoin: left, amount: toMajor(slice.amountMinor) },
    }
  })
}

/** GET /api/spinwheel/coupon: the prizes won, newest first. */
export async function listCoupons(ctx: ServerContext, member: Member): Promise<SpinCoupon[]> {
  const [rows, rule] = await Promise.all([
    listNewestCoupons(ctx.db, member.id, COUPONS_LISTED),
    getSetting(ctx.db, 'spin'),
  ])
  return rows.map((row) => ({
    _id: String(row.id),
    // A coupon of the wheel running now carries that wheel's names in each language too.
    prize: { slice: { label: row.label }, name: row.wheel_name, ...(rule.names && row.wheel_name === rule.name && { names: rule.names }) },
    amount: toMajor(Number(row.amount_minor)),
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    claimed: row.claimed_at !== null,
  }))
}

/**
 * POST /api/spinwheel/coupon/claim: the coupon's amount into the wallet, once. INVALID_CODE: not a
 * coupon id; NO_CLAIMABLE_COUPON: not the member's, or claimed already; COUPON_EXPIRED; the prize's
 * slice no longer on the wheel: INVALID_PRIZE_CODE; while a bonus is held: BONUS_REMAINING.
 */
export async function claimCoupon(ctx: ServerContext, member: Member, couponId: string): Promise<CouponClaimResponse> {
  if (!/^\d{1,18}$/.test(couponId)) throw fail(400, 'INVALID_CODE')
  const rule = await getSetting(ctx.db, 'spin')
  const at = ctx.now()
  return inTransaction(ctx.db, async (trx) => {
    const coupon = await findMemberCoupon(trx, member.id, Number(couponId))
    if (!coupon || coupon.claimed_at !== null) throw fail(400, 'NO_CLAIMABLE_COUPON')
    if (Number(coupon.expires_at) <= at) throw fail(400, 'COUPON_EXPIRED')
    if (!rule.slices.some((slice) => slice.code === coupon.slice_code)) throw fail(400, 'INVALID_PRIZE_CODE')
    if (await holdsBonus(trx, member.id)) throw fail(400, 'BONUS_REMAINING')
    if (!(await markCouponClaimed(trx, Number(coupon.id), at))) throw fail(400, 'NO_CLAIMABLE_COUPON')
    const amountMinor = Number(coupon.amount_minor)
    const { balanceMinor, currency, movementId } = await creditWallet(trx, { memberId: member.id, amountMinor, at, from: 'bonuses', kind: 'spin_prize', reference: `spin_coupon:${coupon.id}`, note: coupon.slice_code })
    await tell(trx, member.id, { kind: 'reward_received', reward: 'wheel', reference: String(movementId), amountMinor, currency, balanceMinor }, at)
    return { message: 'SUCCESS', prize: { label: coupon.label, amount: toMajor(Number(coupon.amount_minor)) } }
  })
}

/**
 * Bonuses and promotion codes (spec 1 bonus facts, spec 4 "Bonus card", spec 7 "Bonus and
 * promotion"). The operator's offers are rows of `bonuses` (migration 0009): a bonus card is
 * received up to `max_received` times per type limit/day/week (days and weeks in Asia/Bangkok,
 * lib/bonusLimits, the same rule the app's cards use); a promotion code once per member.
 *
 * Receiving one pays `percent` of the wallet (the deposit), at most `max_bonus_minor`, as one
 * movement from the house's `bonuses` account, and records it in `user_bonuses`, active. While it
 * is active:
 * - it ends as completed once the member's play (game rounds, `recordTurnover`) reaches
 *   (deposit + bonus) x `turnover_multiplier`;
 * - it can be cancelled (`clearBonus`) only while the member's whole balance is below
 *   `percent_fail` % of deposit + bonus (BONUS_CONDITION); cancelling clears every game balance
 *   into the house's `bonus-forfeits` account (spec 1: "game balance is cleared on cancel");
 * - a withdrawal must take the whole balance: money still in a game is refused (BONUS_REMAINING,
 *   move it to the wallet first), and what the withdrawal leaves in the wallet is removed into
 *   `bonus-forfeits` (`endBonusByWithdrawal`, in the withdrawal's transaction);
 * - a lost-bet refund cannot be received (REFUND_CONDITION, rewards.ts).
 *
 * Races: at most one active bonus per member is a unique index, so two activations at once (on
 * any number of instances) give one; the quota is a conditional UPDATE of `claimed`; ending a
 * bonus is `UPDATE ... WHERE status = 'active'`, so a cancel and a withdrawal at once end it once.
 */
import type { BonusActiveCheck, BonusItem, BonusMinimum, PromotionOrEmpty, UserBonus } from '../../contract'
import { type BonusType, receivedInPeriod } from '../../contract/lib/bonusLimits'
import type { Member } from '../shared/members'
import type { ServerContext } from '../shared/context'
import { type Db, inTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { moneyOf, toMajor } from '../shared/money'
import { postMovement } from '../shared/ledger'
import { tell } from '../notify/events'
import { type Reader, saidTo, sayStored, storedText } from '../shared/inLanguages'
import {
  addTurnover, anyGameBalanceAboveZero, type BonusKind, completeTurnoverReached, countOfferClaim, endUserBonus, findActiveOffer,
  findActiveUserBonus, type HeldRow, insertActiveUserBonus, listActiveBonusCards, listGameBalancesAboveZero, listUserBonuses,
  lockWalletBalance, sumWalletAndGameBalances, upsertOffer,
} from './repo'

// An offer's schema is the contract's: BONUS_OFFERS (env.ts), /dev/bonuses and the operator API check the same one.
import { BonusOffer, BonusOffers } from '../../contract/opsSettings'

export { BonusOffer, BonusOffers }

const iso = (ms: number | string) => new Date(Number(ms)).toISOString()

/** An offer's cap in the member's money; undefined when the offer is not made in it. */
const capFor = (offer: { max_bonus_minor: number | string; max_bonus_lak_minor: number | string | null }, member: Member): number | undefined => {
  const cap = moneyOf(member.currency) === 'LAK' ? offer.max_bonus_lak_minor : offer.max_bonus_minor
  return cap === null ? undefined : Number(cap)
}

/** Adds the operator's offers, or changes those with the same code (seed, dev endpoint). */
export async function upsertOffers(db: Db, offers: readonly BonusOffer[]): Promise<void> {
  for (const offer of offers) {
    const row = {
      code: offer.code,
      kind: offer.kind,
      name: storedText(offer.name),
      description: storedText(offer.description ?? ''),
      type: offer.kind === 'promotion' ? 'limit' : offer.type,
      max_received: offer.kind === 'promotion' ? 1 : offer.maxReceived,
      percent: offer.percent,
      max_bonus_minor: typeof offer.maxBonusMinor === 'number' ? offer.maxBonusMinor : offer.maxBonusMinor.THB,
      max_bonus_lak_minor: typeof offer.maxBonusMinor === 'number' ? null : (offer.maxBonusMinor.LAK ?? null),
      turnover_multiplier: offer.turnoverMultiplier,
      percent_fail: offer.percentFail,
      quota: offer.quota ?? null,
      active: offer.active === false ? 0 : 1,
      banners: JSON.stringify(offer.banners ?? []),
      sort: offer.sort ?? 0,
    }
    await upsertOffer(db, row)
  }
}

/** GET /api/bonus/check/active: whether the member holds a bonus, and which. */
export async function activeCheck(db: Db, memberId: number, reader: Reader): Promise<BonusActiveCheck> {
  const held = await findActiveUserBonus(db, memberId)
  if (!held) return { status: false, type: null }
  const target = Number(held.turnover_target_minor)
  return {
    status: true, type: held.kind, code: held.bonus_code, name: sayStored(reader, held.name),
    ...(target > 0 && { turnover: { played: toMajor(Math.min(Number(held.turnover_minor), target)), target: toMajor(target) } }),
  }
}

export const holdsBonus = async (db: Db, memberId: number): Promise<boolean> => (await findActiveUserBonus(db, memberId)) !== undefined

/** Below this whole balance (minor units) the held bonus may be cancelled (spec 1). */
const cancelThreshold = (held: HeldRow): number =>
  Math.floor(((Number(held.base_minor) + Number(held.bonus_minor)) * held.percent_fail) / 100)

/** GET /api/bonus/check/minimum: whether the held bonus may be cancelled now, and below what balance. */
export async function minimumCheck(db: Db, memberId: number): Promise<BonusMinimum> {
  const held = await findActiveUserBonus(db, memberId)
  if (!held) return { status: false, minimum: 0 }
  const threshold = cancelThreshold(held)
  return { status: (await sumWalletAndGameBalances(db, memberId)) < threshold, minimum: toMajor(threshold) }
}

/** When each bonus of `codes` was received by the member, by code, oldest first. */
async function receivedTimes(db: Db, memberId: number): Promise<Map<string, { id: number; status: string; at: number }[]>> {
  const rows = await listUserBonuses(db, memberId)
  const byCode = new Map<string, { id: number; status: string; at: number }[]>()
  for (const row of rows) {
    const list = byCode.get(row.bonus_code) ?? []
    list.push({ id: Number(row.id), status: row.status, at: Number(row.created_at) })
    byCode.set(row.bonus_code, list)
  }
  return byCode
}

const userBonusOf = (records: { id: number; status: string; at: number }[] | undefined): UserBonus | null => {
  if (!records || records.length === 0) return null
  const latest = records[records.length - 1]
  return { _id: String(latest.id), isActive: latest.status === 'active', received: records.map((r) => ({ updatedAt: iso(r.at) })) }
}

const parseBanners = (text: string): BonusItem['banners'] => {
  const value: unknown = JSON.parse(text)
  return Array.isArray(value) ? (value as BonusItem['banners']) : []
}

/** GET /api/bonus: the bonus cards offered in the member's money, with the member's record of each. */
export async function listBonuses(db: Db, member: Member, reader: Reader): Promise<BonusItem[]> {
  const offers = await listActiveBonusCards(db)
  const received = await receivedTimes(db, member.id)
  return offers.flatMap((offer) => {
    const cap = capFor(offer, member)
    return cap === undefined ? [] : [{
      code: offer.code,
      name: sayStored(reader, offer.name),
      type: offer.type as BonusType,
      maxReceived: offer.max_received,
      percentFail: offer.percent_fail,
      percent: offer.percent,
      maxBonus: toMajor(cap),
      turnover: offer.turnover_multiplier,
      banners: saidTo(reader, parseBanners(offer.banners)) as BonusItem['banners'],
      userBonus: userBonusOf(received.get(offer.code)),
    }]
  })
}

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string } | undefined)?.code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

/**
 * Receives a bonus card (kind bonus) or a promotion code (kind promotion) for the member: the
 * checks of spec 8, then the payment and the record in one transaction. The answer is the
 * member's record of it (spec 4: "Activating sets the user bonus to the response").
 */
export async function activate(ctx: ServerContext, member: Member, kind: BonusKind, rawCode: string): Promise<UserBonus> {
  const code = kind === 'promotion' ? rawCode.toUpperCase() : rawCode
  const offer = await findActiveOffer(ctx.db, kind, code)
  const cap = offer && capFor(offer, member)
  if (!offer || cap === undefined) throw fail(400, kind === 'promotion' ? 'NO_PROMOTION' : 'NO_DATA')
  const at = ctx.now()
  return inTransaction(ctx.db, async (trx) => {
    if (await findActiveUserBonus(trx, member.id)) throw fail(400, 'BONUS_ALREADY_ACTIVE')
    const records = (await receivedTimes(trx, member.id)).get(offer.code) ?? []
    if (receivedInPeriod(offer.type as BonusType, records.map((r) => r.at), at) >= offer.max_received) {
      throw fail(400, kind === 'promotion' ? 'PROMOTION_RECEIVED' : 'BONUS_MAX_CLAIMED')
    }
    const baseMinor = await lockWalletBalance(trx, member.id)
    if (baseMinor === undefined) throw fail(400, 'NO_WALLET')
    const bonusMinor = Math.min(Math.floor((baseMinor * offer.percent) / 100), cap)
    if (bonusMinor <= 0) throw fail(400, 'MONEY_NOT_ENOUGH')
    if (!(await countOfferClaim(trx, offer.code))) throw fail(400, 'BONUS_FULL')
    const { movementId, balances } = await postMovement(trx, {
      kind: 'bonus',
      memberId: member.id,
      note: offer.code,
      at,
      postings: [
        { account: { wallet: member.id }, amountMinor: bonusMinor },
        { account: { house: 'bonuses', currency: member.currency }, amountMinor: -bonusMinor },
      ],
    })
    let id: number
    try {
      id = await insertActiveUserBonus(trx, {
        memberId: member.id, bonusCode: offer.code, kind, currency: member.currency, baseMinor, bonusMinor,
        turnoverTargetMinor: (baseMinor + bonusMinor) * offer.turnover_multiplier, percentFail: offer.percent_fail, movementId, createdAt: at,
      })
    } catch (error) {
      // Another activation committed first (the one-active index): this one moved nothing.
      if (isUniqueViolation(error)) throw fail(400, 'BONUS_ALREADY_ACTIVE')
      throw error
    }
    await tell(trx, member.id, { kind: 'reward_received', reward: 'bonus', reference: String(movementId), amountMinor: bonusMinor, currency: member.currency, balanceMinor: balances[0] }, at)
    return { _id: String(id), isActive: true, received: [...records.map((r) => ({ updatedAt: iso(r.at) })), { updatedAt: iso(at) }] }
  })
}

/** Moves every game balance of the member (above 0) into bonus-forfeits, as one movement. */
async function clearGameBalances(trx: Db, member: Member, kind: string, note: string, at: number): Promise<void> {
  const games = await listGameBalancesAboveZero(trx, member.id)
  const total = games.reduce((sum, game) => sum + Number(game.balance_minor), 0)
  if (total === 0) return
  await postMovement(trx, {
    kind,
    memberId: member.id,
    note,
    at,
    postings: [
      ...games.map((game) => ({ account: { game: game.game_code ?? '', memberId: member.id }, amountMinor: -Number(game.balance_minor) })),
      { account: { house: 'bonus-forfeits', currency: member.currency }, amountMinor: total },
    ],
  })
}

/** GET /api/bonus/clear: cancels the held bonus under its threshold, clearing the game balances. */
export async function clearBonus(ctx: ServerContext, member: Member): Promise<{ message: string }> {
  const at = ctx.now()
  return inTransaction(ctx.db, async (trx) => {
    const held = await findActiveUserBonus(trx, member.id, true)
    if (!held) throw fail(400, 'NO_DATA')
    const balance = await sumWalletAndGameBalances(trx, member.id)
    const threshold = cancelThreshold(held)
    // Said with its figures: the balance now and what it must be under.
    if (balance >= threshold) throw fail(400, 'BONUS_CONDITION', toMajor(threshold), { balance: toMajor(balance), currency: member.currency })
    if (!(await endUserBonus(trx, held.id, 'cancelled', at))) throw fail(400, 'NO_DATA')
    await clearGameBalances(trx, member, 'finish_bonus', held.bonus_code, at)
    return { message: 'BONUS_CLEAR' }
  })
}

/**
 * A withdrawal while a bonus is held (spec 1), inside the withdrawal's transaction and before its
 * movement: money left in a game is refused (BONUS_REMAINING); otherwise the bonus ends and the
 * wallet beyond `amountMinor` is removed. Nothing happens without a held bonus.
 */
export async function endBonusByWithdrawal(trx: Db, member: Member, amountMinor: number, at: number): Promise<void> {
  const held = await findActiveUserBonus(trx, member.id, true)
  if (!held) return
  if (await anyGameBalanceAboveZero(trx, member.id)) throw fail(400, 'BONUS_REMAINING')
  const remainder = ((await lockWalletBalance(trx, member.id)) ?? 0) - amountMinor
  if (remainder < 0) throw fail(400, 'MONEY_NOT_ENOUGH')
  if (!(await endUserBonus(trx, held.id, 'withdrawn', at))) return
  if (remainder === 0) return
  await postMovement(trx, {
    kind: 'finish_bonus',
    memberId: member.id,
    note: held.bonus_code,
    at,
    postings: [
      { account: { wallet: member.id }, amountMinor: -remainder },
      { account: { house: 'bonus-forfeits', currency: member.currency }, amountMinor: remainder },
    ],
  })
}

/** A game round played (the provider's report): its stake counts toward the held bonus's turnover. */
export async function recordTurnover(trx: Db, memberId: number, playedMinor: number, at: number): Promise<void> {
  if (playedMinor <= 0) return
  await addTurnover(trx, memberId, playedMinor)
  await completeTurnoverReached(trx, memberId, at)
}

/** GET /api/promotion/find/{code}: the promotion by that code (upper-cased) offered in the member's money, or {}. */
export async function findPromotion(db: Db, member: Member, rawCode: string, reader: Reader): Promise<PromotionOrEmpty> {
  const offer = await findActiveOffer(db, 'promotion', rawCode.toUpperCase())
  return offer && capFor(offer, member) !== undefined ? { code: offer.code, percentFail: offer.percent_fail, description: sayStored(reader, offer.description) } : {}
}

/** GET /api/promotion/current: the promotion the member holds, or {}. */
export async function currentPromotion(db: Db, member: Member, reader: Reader): Promise<PromotionOrEmpty> {
  const held = await findActiveUserBonus(db, member.id)
  if (!held || held.kind !== 'promotion') return {}
  return findPromotion(db, member, held.bonus_code, reader)
}

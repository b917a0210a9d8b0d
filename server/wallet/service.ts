/**
 * The wallet (spec 7 "Wallet"): the member's main wallet and the balances of their game accounts,
 * transfers between them (in steps, transfers.ts) and the rounds the providers report. Every
 * balance change is one ledger movement (shared/ledger.ts); the accounts themselves are the games
 * area's (games/service.ts).
 */
import type { Slot, TransferResponse, WalletAmount, WalletResponse } from '../../contract'
import { findBank } from '../lookup/repo'
import { type Member, profileOf } from '../shared/members'
import type { ServerContext } from '../shared/context'
import { inTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { toMajor } from '../shared/money'
import { ceilingFor, MIN_TRANSFER_MINOR, parseAmount } from '../shared/amount'
import * as games from '../games/repo'
import { type AccountCache, balancesRead, gameBalances, type MemberBalances, memberBalances, postMovement, walletBalance } from '../shared/ledger'
import { recordTurnover } from '../bonus/bonuses'
import { coinsRead } from '../spin/repo'
import { inviteSummaryRead, recordInviteeTurnover } from '../rewards/invites'
import { readTogether } from '../shared/sql'
import { accrueRefund } from '../rewards/rewards'
import { driveTransfer, findTransfer, type GameSide, type GameTransfer, gameAtFault, isOpen, type Known, reserveTransfer, transferReference, WALLET } from './transfers'

async function walletAmount(ctx: ServerContext, member: Member): Promise<WalletAmount> {
  return walletOf(member, await walletBalance(ctx.db, member.id))
}

const walletOf = (member: Member, minor: number | undefined): WalletAmount => {
  if (minor === undefined) throw fail(400, 'NO_WALLET')
  return { amount: toMajor(minor), currency: member.currency }
}

/**
 * The wallet and every game as a card for this member, from one read of the ledger: a game is
 * active when the member has its account (opened in the ledger with the activation, activateGame).
 */
export async function balancesView(ctx: ServerContext, member: Member): Promise<{ wallet: WalletAmount; slots: Slot[] }> {
  const [all, balances] = await Promise.all([games.listGamesRecent(ctx.db), memberBalances(ctx.db, member.id)])
  return cardsOf(member, all, balances)
}

function cardsOf(member: Member, all: readonly games.Game[], balances: MemberBalances): { wallet: WalletAmount; slots: Slot[] } {
  const slots = all.map((game) => ({
    code: game.code,
    name: game.name,
    category: game.category,
    isActive: balances.games.has(game.code),
    amount: toMajor(balances.games.get(game.code) ?? 0),
    ftWalletSlot: game.ftWalletSlot,
    logo: game.logo,
    background: game.background,
    web: game.web,
    android: game.android,
    ios: game.ios,
  }))
  return { wallet: walletOf(member, balances.wallet), slots }
}

export async function walletView(ctx: ServerContext, member: Member): Promise<WalletResponse> {
  // The balances, the invites and the coins in one statement (readTogether).
  const [{ bankAccount }, all, [balances, invited, coin]] = await Promise.all([
    findBank(ctx.db, member.bankCode).then((bank) => profileOf(member, bank)), games.listGamesRecent(ctx.db),
    readTogether(ctx.db, [balancesRead(member.id), inviteSummaryRead(member), coinsRead(member.id)]),
  ])
  const { wallet, slots } = cardsOf(member, all, balances)
  return {
    profile: { _id: String(member.id), name: member.name, username: member.username, coin },
    bankAccount,
    wallet,
    invite: invited,
    slots,
  }
}

/**
 * A round the member played at a provider, as the provider reports it (the dev stand-in posts it):
 * a win moves money from the provider's house account into the game account, a loss the other
 * way. A loss larger than the game balance is refused (MONEY_NOT_ENOUGH). A net loss also accrues
 * the lost-bet refund the operator gives back (`refundPercent`, 0 to turn it off).
 */
export async function settleRound(ctx: ServerContext, member: Member, code: string, amountMinor: number, refundPercent: number): Promise<void> {
  const { side } = await transferAccount(ctx, member, code)
  if (!side || !Number.isSafeInteger(amountMinor) || amountMinor === 0) throw fail(400, 'KEY_INVALID')
  const { game } = side
  await inTransaction(ctx.db, async (trx) => {
    await postMovement(trx, {
      kind: 'game_round',
      memberId: member.id,
      note: game.code,
      at: ctx.now(),
      postings: [
        { account: { game: game.code, memberId: member.id }, amountMinor },
        { account: { house: `provider:${game.code}`, currency: member.currency }, amountMinor: -amountMinor },
      ],
    })
    const refundMinor = Math.floor((-amountMinor * refundPercent) / 100)
    if (refundMinor > 0) await accrueRefund({ ...ctx, db: trx }, member.id, refundMinor)
    await recordTurnover(trx, member.id, Math.abs(amountMinor), ctx.now())
    await recordInviteeTurnover(trx, member.id, Math.abs(amountMinor), ctx.now())
  })
}

/** WALLET or an active game account of the member, by its canonical code (with the game and account read, in one go). */
async function transferAccount(ctx: ServerContext, member: Member, code: string): Promise<{ code: string; side?: GameSide }> {
  if (code.toUpperCase() === WALLET) return { code: WALLET }
  const found = await games.findGameWithAccount(ctx.db, member.id, code)
  if (!found || !found.game.hasAccount) throw fail(400, 'NO_GAME')
  if (!found.account) throw fail(400, 'SLOT_NO_ACCOUNT')
  return { code: found.game.code, side: { game: found.game, account: found.account } }
}

/** What a transfer call keeps with its Idempotency-Key between its steps: its transfers as reserved. */
export interface TransferBegun { transfers: GameTransfer[] }

/** The steps of a transfer call (idempotentSteps): reserve, then ask and book; resume recovers. */
export interface TransferSteps {
  begin: (ctx: ServerContext) => Promise<TransferBegun>
  finish: (begun: TransferBegun) => Promise<TransferResponse>
  resume: (begun: TransferBegun) => Promise<TransferResponse>
  /** One transfer's reserve is one movement with its record: all or nothing without a transaction around it. */
  beginIsAtomic: boolean
}

/**
 * The wallet as the answer gives it: one transfer's balance right after its movement that touched
 * the wallet, which this request booked (no read then); otherwise, read now.
 */
async function walletAfter(ctx: ServerContext, member: Member, transfers: readonly GameTransfer[]): Promise<WalletAmount> {
  const [only] = transfers
  if (transfers.length === 1 && only.walletAfterMinor !== undefined) return walletOf(member, only.walletAfterMinor)
  return walletAmount(ctx, member)
}

/**
 * The answer once the providers have spoken: what reached its target, and the games that could
 * not be reached (their money stayed or came back). Nothing reached: TRANSFER_FAIL when every
 * transfer came back (spec 8: the funds are back), TRANSFER_PENDING while one is still in transit.
 */
async function answerOf(ctx: ServerContext, member: Member, transfers: readonly GameTransfer[]): Promise<TransferResponse> {
  const settled = transfers.filter((transfer) => transfer.status === 'settled')
  if (settled.length === 0) throw transfers.some(isOpen) ? fail(504, 'TRANSFER_PENDING') : fail(502, 'TRANSFER_FAIL')
  const unreachable = [...new Set(transfers.filter((transfer) => transfer.status !== 'settled').map(gameAtFault))]
  return {
    message: 'SUCCESS',
    amount: toMajor(settled.reduce((sum, transfer) => sum + transfer.amountMinor, 0)),
    wallet: await walletAfter(ctx, member, transfers),
    references: settled.map((transfer) => transferReference(transfer.id)),
    ...(unreachable.length > 0 ? { unreachable } : {}),
  }
}

/**
 * The steps of one transfer call. `reserve` gets the request's account cache, so the settling
 * movements find the accounts the reservation resolved (Known in transfers.ts).
 */
function stepsOf(
  ctx: ServerContext,
  member: Member,
  sides: ReadonlyMap<string, GameSide>,
  reserve: (ctx: ServerContext, accounts: AccountCache) => Promise<GameTransfer[]>,
  beginIsAtomic = false,
): TransferSteps {
  const accounts: AccountCache = new Map()
  const known: Known = { sides, accounts }
  return {
    begin: async (scoped) => ({ transfers: await reserve(scoped, accounts) }),
    finish: async ({ transfers }) => answerOf(ctx, member, await Promise.all(transfers.map((transfer) => driveTransfer(ctx, transfer, { known })))),
    // A retry reads each transfer again: a sweep or another instance may have moved it on.
    resume: async ({ transfers }) => answerOf(ctx, member, await Promise.all(transfers.map(async ({ id }) =>
      driveTransfer(ctx, await findTransfer(ctx.db, id), { recovering: true, known: { sides } })))),
    beginIsAtomic,
  }
}

const sidesOf = (...ends: { code: string; side?: GameSide }[]): ReadonlyMap<string, GameSide> =>
  new Map(ends.flatMap((end) => (end.side ? [[end.code, end.side] as const] : [])))

/** POST /api/wallet/transfer: the request is checked here; its money is reserved in `begin`. */
export async function transferSteps(ctx: ServerContext, member: Member, from: string, to: string, amount: number | string): Promise<TransferSteps> {
  if (from.toUpperCase() === to.toUpperCase()) throw fail(400, 'KEY_INVALID')
  const amountMinor = parseAmount(amount, ceilingFor(ctx.maxAmountMinor, member.currency))
  if (amountMinor < MIN_TRANSFER_MINOR) throw fail(400, 'TRANSFER_MINIMUM')
  const source = await transferAccount(ctx, member, from)
  const target = await transferAccount(ctx, member, to)
  return stepsOf(ctx, member, sidesOf(source, target), async (scoped, accounts) => [
    await reserveTransfer(scoped.db, { memberId: member.id, from: source.code, to: target.code, amountMinor, currency: member.currency, at: ctx.now() }, accounts),
  ], true)
}

/** POST /api/wallet/transferAll: one transfer per account holding money (wallet and other games) into `to`. */
export async function transferAllSteps(ctx: ServerContext, member: Member, to: string): Promise<TransferSteps> {
  const target = await transferAccount(ctx, member, to)
  return stepsOf(ctx, member, sidesOf(target), async (scoped, accounts) => {
    const balances = await gameBalances(scoped.db, member.id)
    const sources = [...balances].map(([code, minor]) => ({ code, minor }))
    sources.push({ code: WALLET, minor: (await walletBalance(scoped.db, member.id)) ?? 0 })
    const moving = sources.filter((source) => source.minor > 0 && source.code !== target.code)
    if (moving.length === 0) throw fail(400, 'TRANSFER_MINIMUM')
    const reserved: GameTransfer[] = []
    for (const source of moving) {
      reserved.push(await reserveTransfer(scoped.db, { memberId: member.id, from: source.code, to: target.code, amountMinor: source.minor, currency: member.currency, at: ctx.now() }, accounts))
    }
    return reserved
  })
}

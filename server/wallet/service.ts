/**
 * The wallet (spec 7 "Wallet"): the member's main wallet and game accounts, activation and
 * credentials at the (simulated) providers, transfers between them (in steps, transfers.ts) and
 * auto-login links. Every balance change is one ledger movement (ledger.ts).
 */
import type { Slot, TransferResponse, WalletAmount, WalletResponse } from '../../src/api/contract'
import { toProfileResponse } from '../account/routes'
import type { Member } from '../account/member'
import type { ServerContext } from '../context'
import { inTransaction } from '../db'
import { fail } from '../http/errors'
import { toMajor } from '../money'
import { ceilingFor, MIN_TRANSFER_MINOR, parseAmount } from './amount'
import * as games from './games'
import { AUTO_LOGIN_BY_PASSWORD, AUTO_LOGIN_BY_USERNAME } from './gamesData'
import { type AccountCache, gameBalances, memberBalances, openGameAccount, postMovement, walletBalance } from './ledger'
import { ProviderRefused, ProviderUnreachable, withinTime } from './providers'
import { recordTurnover } from './bonuses'
import { coinsOf } from './spin'
import { inviteSummary, recordInviteeTurnover } from './invites'
import { accrueRefund } from './rewards'
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
  const [{ bankAccount }, { wallet, slots }, invited, coin] = await Promise.all([
    toProfileResponse(ctx, member), balancesView(ctx, member), inviteSummary(ctx, member), coinsOf(ctx.db, member.id),
  ])
  return {
    profile: { _id: String(member.id), name: member.name, username: member.username, coin },
    bankAccount,
    wallet,
    invite: invited,
    slots,
  }
}

/** A game with accounts (one of spec 2's account-flow codes), any case; NO_GAME otherwise. */
async function accountGame(ctx: ServerContext, code: string): Promise<games.Game> {
  const game = await games.findGame(ctx.db, code)
  if (!game || !game.hasAccount) throw fail(400, 'NO_GAME')
  return game
}

async function accountOf(ctx: ServerContext, member: Member, game: games.Game): Promise<games.GameAccount> {
  const account = await games.findGameAccount(ctx.db, member.id, game.code)
  if (!account) throw fail(400, 'SLOT_NO_ACCOUNT')
  return account
}

/** Runs a provider call that moves no money, within the provider timeout; its failure becomes `code`. */
async function atProvider<T>(ctx: ServerContext, call: () => Promise<T>, code: 'SLOT_ACTIVATE_FAIL' | 'SLOT_RESET_PASSWORD_FAIL' | 'TRANSFER_FAIL'): Promise<T> {
  try {
    return await withinTime(call(), ctx.providerTimeoutMs)
  } catch (error) {
    if (error instanceof ProviderRefused || error instanceof ProviderUnreachable) throw fail(502, code)
    throw error
  }
}

export async function activateGame(ctx: ServerContext, member: Member, code: string): Promise<void> {
  const game = await accountGame(ctx, code)
  if (await games.findGameAccount(ctx.db, member.id, game.code)) throw fail(409, 'SLOT_ALREADY_ACTIVE')
  const credentials = await atProvider(ctx, () => ctx.provider.activate(game, member.id), 'SLOT_ACTIVATE_FAIL')
  const at = ctx.now()
  await inTransaction(ctx.db, async (trx) => {
    // Two taps at once: the second finds the account the first opened.
    if (!(await games.insertGameAccount(trx, { memberId: member.id, gameCode: game.code, ...credentials, activatedAt: at }))) {
      throw fail(409, 'SLOT_ALREADY_ACTIVE')
    }
    await openGameAccount(trx, member.id, game.code, member.currency, at)
  })
}

export async function gameCredentials(ctx: ServerContext, member: Member, code: string): Promise<{ username: string; password: string }> {
  const account = await accountOf(ctx, member, await accountGame(ctx, code))
  return { username: account.username, password: account.password }
}

export async function resetGamePassword(ctx: ServerContext, member: Member, code: string): Promise<{ username: string; password: string }> {
  const game = await accountGame(ctx, code)
  const account = await accountOf(ctx, member, game)
  const password = await atProvider(ctx, () => ctx.provider.resetPassword(game, account), 'SLOT_RESET_PASSWORD_FAIL')
  await games.updateGamePassword(ctx.db, member.id, game.code, password)
  return { username: account.username, password }
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
    wallet: await walletAmount(ctx, member),
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
): TransferSteps {
  const accounts: AccountCache = new Map()
  const known: Known = { sides, accounts }
  return {
    begin: async (scoped) => ({ transfers: await reserve(scoped, accounts) }),
    finish: async ({ transfers }) => answerOf(ctx, member, await Promise.all(transfers.map((transfer) => driveTransfer(ctx, transfer, { known })))),
    // A retry reads each transfer again: a sweep or another instance may have moved it on.
    resume: async ({ transfers }) => answerOf(ctx, member, await Promise.all(transfers.map(async ({ id }) =>
      driveTransfer(ctx, await findTransfer(ctx.db, id), { recovering: true, known: { sides } })))),
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
  ])
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

/**
 * Spec 7 "Auto-login": the username path for some providers, username and password for others.
 * The link opens the reference server's demo game page for this member's account.
 */
export async function autoLoginPath(ctx: ServerContext, member: Member, gameCode: string, username: string, password?: string): Promise<string> {
  const lower = gameCode.toLowerCase()
  const byPassword = AUTO_LOGIN_BY_PASSWORD.includes(lower)
  if (!(password === undefined ? AUTO_LOGIN_BY_USERNAME.includes(lower) : byPassword)) throw fail(400, 'NO_GAME')
  const game = await accountGame(ctx, gameCode)
  const account = await accountOf(ctx, member, game)
  if (account.username !== username || (password !== undefined && account.password !== password)) throw fail(400, 'WRONG_CREDENTIAL')
  return atProvider(ctx, () => ctx.provider.launchPath(ctx.db, game, account, ctx.now()), 'TRANSFER_FAIL')
}

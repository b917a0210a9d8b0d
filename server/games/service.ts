/**
 * A member's game accounts at the (simulated) providers (spec 7 "Wallet" and "Auto-login"):
 * activation, credentials, a new password, and the auto-login link. Opening an account opens its
 * ledger account (shared/ledger.ts); moving money to and from it is the wallet's (wallet/transfers.ts).
 */
import type { Member } from '../shared/members'
import type { ServerContext } from '../shared/context'
import { inTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { openGameAccount } from '../shared/ledger'
import * as repo from './repo'
import { AUTO_LOGIN_BY_PASSWORD, AUTO_LOGIN_BY_USERNAME } from './gamesData'
import { ProviderRefused, ProviderUnreachable, withinTime } from './providers'

/** A game with accounts (one of spec 2's account-flow codes), any case; NO_GAME otherwise. */
async function accountGame(ctx: ServerContext, code: string): Promise<repo.Game> {
  const game = await repo.findGame(ctx.db, code)
  if (!game || !game.hasAccount) throw fail(400, 'NO_GAME')
  return game
}

async function accountOf(ctx: ServerContext, member: Member, game: repo.Game): Promise<repo.GameAccount> {
  const account = await repo.findGameAccount(ctx.db, member.id, game.code)
  if (!account) throw fail(400, 'SLOT_NO_ACCOUNT')
  return account
}

/** Runs a provider call that moves no money, within the provider timeout; its failure becomes `code`. */
async function atProvider<T>(ctx: ServerContext, call: () => Promise<T>, code: 'SLOT_ACTIVATE_FAIL' | 'SLOT_RESET_PASSWORD_FAIL' | 'GAME_LAUNCH_FAIL'): Promise<T> {
  try {
    return await withinTime(call(), ctx.providerTimeoutMs)
  } catch (error) {
    if (error instanceof ProviderRefused || error instanceof ProviderUnreachable) throw fail(502, code)
    throw error
  }
}

export async function activateGame(ctx: ServerContext, member: Member, code: string): Promise<void> {
  const game = await accountGame(ctx, code)
  if (await repo.findGameAccount(ctx.db, member.id, game.code)) throw fail(409, 'SLOT_ALREADY_ACTIVE')
  const credentials = await atProvider(ctx, () => ctx.provider.activate(game, member.id), 'SLOT_ACTIVATE_FAIL')
  const at = ctx.now()
  await inTransaction(ctx.db, async (trx) => {
    // Two taps at once: the second finds the account the first opened.
    if (!(await repo.insertGameAccount(trx, { memberId: member.id, gameCode: game.code, ...credentials, activatedAt: at }))) {
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
  await repo.updateGamePassword(ctx.db, member.id, game.code, password)
  return { username: account.username, password }
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
  // Not TRANSFER_FAIL, which tells the player their money came back (spec 8): no money moved.
  return atProvider(ctx, () => ctx.provider.launchPath(ctx.db, game, account, ctx.now()), 'GAME_LAUNCH_FAIL')
}

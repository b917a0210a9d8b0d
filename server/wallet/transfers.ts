/**
 * Transfers between the wallet and game accounts, in steps, because a game provider is an outside
 * party that can answer late, twice or never:
 * 1. Reserve: one movement takes the amount from the source into the house's in-transit account.
 *    Every refusal (MONEY_NOT_ENOUGH, ...) happens here, before any provider is asked.
 * 2. Ask the provider(s), outside any database transaction, with the reserving movement's id as
 *    the reference: out of the source game (withdraw), then into the target game (deposit).
 * 3. Settle (in-transit to the target) or reverse (back to the source; or to the wallet when the
 *    money already left the source game), each one movement whose reference names the transfer,
 *    by a conditional update of the transfer's row: of two finishers, one books.
 * 4. Recover: a transfer still in transit after `transferRecoveryAfterMs` (a crash, a timeout) is
 *    resolved by asking the provider about its reference, then sending the step again with the
 *    same reference when the provider never saw it (the provider moves money once per reference).
 */
import type { FastifyInstance } from 'fastify'
import { type Job, keepJob } from '../shared/job'
import type { ServerContext } from '../shared/context'
import { type Db, whenDurable } from '../shared/db'
import { Refusal } from '../shared/http/errors'
import * as games from '../games/repo'
import { type AccountCache, type AccountRef, ClaimLost, postMovement, resolveAccounts } from '../shared/ledger'
import { type ProviderDirection, ProviderRefused, type ProviderTransferStatus, ProviderUnreachable, withinTime } from '../games/providers'
import * as repo from './repo'

export const WALLET = 'WALLET'

/**
 * reserved: out of the source (in the ledger), nothing confirmed by a provider yet.
 * withdrawn: a game-to-game transfer whose source provider paid out; the target not yet asked.
 * settled: in the target. reversed: back in the source. returned: back in the wallet (the target
 * game refused money that had already left the source game).
 */
export type TransferStatus = 'reserved' | 'withdrawn' | 'settled' | 'reversed' | 'returned'

export interface GameTransfer {
  id: number
  memberId: number
  /** WALLET or a game code. */
  from: string
  to: string
  amountMinor: number
  currency: string
  /** The reserving movement's id: what every provider of this transfer is asked with. */
  reference: string
  status: TransferStatus
  createdAt: number
  /**
   * The member's wallet balance right after this transfer's last movement that touched the wallet
   * (the reserve out of it, the finish into it), when this request booked one: the answer's balance.
   */
  walletAfterMinor?: number
}

export const inTransit = (currency: string): AccountRef => ({ house: 'in-transit', currency })

const accountOf = (code: string, memberId: number): AccountRef =>
  code === WALLET ? { wallet: memberId } : { game: code, memberId }

const fromRow = (row: repo.TransferRow): GameTransfer => ({
  id: Number(row.id),
  memberId: Number(row.member_id),
  from: row.from_code,
  to: row.to_code,
  amountMinor: Number(row.amount_minor),
  currency: row.currency,
  reference: String(row.reserve_movement_id),
  status: row.status as TransferStatus,
  createdAt: Number(row.created_at),
})

export const isOpen = (transfer: GameTransfer): boolean => transfer.status === 'reserved' || transfer.status === 'withdrawn'

export type TransferRequest = repo.NewTransfer

/**
 * Step 1, in the caller's transaction when `db` is one: the money leaves the source for in-transit.
 * The target's account is resolved with the others, into `accounts`, so settling reads none again.
 */
export async function reserveTransfer(db: Db, request: TransferRequest, accounts: AccountCache = new Map()): Promise<GameTransfer> {
  await resolveAccounts(db, [accountOf(request.from, request.memberId), inTransit(request.currency), accountOf(request.to, request.memberId)], request.at, accounts)
  // The transfer's row is the movement's record: both are written, or neither (one statement on PostgreSQL).
  const { movementId, recordId, balances } = await postMovement(db, {
    kind: 'transfer',
    memberId: request.memberId,
    note: `${request.from}>${request.to}`,
    at: request.at,
    postings: [
      { account: accountOf(request.from, request.memberId), amountMinor: -request.amountMinor },
      { account: inTransit(request.currency), amountMinor: request.amountMinor },
    ],
    record: repo.transferRecord(request),
  }, accounts)
  return {
    ...request, id: Number(recordId), reference: String(movementId), status: 'reserved', createdAt: request.at,
    ...(request.from === WALLET ? { walletAfterMinor: balances[0] } : {}),
  }
}

/** How the statement and the receipt name a transfer: the reference a player quotes. */
export const transferReference = (id: number): string => `T${id}`

export async function findTransfer(db: Db, id: number): Promise<GameTransfer> {
  return fromRow(await repo.findTransferRow(db, id))
}

/** The step still to do: out of the source game, or into the target game. */
function openStep(transfer: GameTransfer): { code: string; direction: ProviderDirection } {
  return transfer.status === 'reserved' && transfer.from !== WALLET
    ? { code: transfer.from, direction: 'withdraw' }
    : { code: transfer.to, direction: 'deposit' }
}

/** The game whose provider a transfer still waits for, or failed at. */
export function gameAtFault(transfer: GameTransfer): string {
  if (transfer.status === 'returned') return transfer.to
  if (transfer.status === 'reversed') return transfer.from === WALLET ? transfer.to : transfer.from
  return openStep(transfer).code
}

type StepOutcome = 'done' | 'refused' | 'unknown'

async function askProvider(ctx: ServerContext, call: () => Promise<void>): Promise<StepOutcome> {
  // The provider acts on the reserve: it must be on disk before anyone outside hears of it.
  await whenDurable(ctx.db)
  try {
    await withinTime(call(), ctx.providerTimeoutMs)
    return 'done'
  } catch (error) {
    if (error instanceof ProviderRefused) return 'refused'
    // Anything else (a timeout, a dropped connection, a bug in an integration) leaves the outcome
    // unknown: the money stays in transit until the provider says what it did.
    if (!(error instanceof ProviderUnreachable)) console.error(`game provider failed: ${(error as Error).message}`)
    return 'unknown'
  }
}

/** A game and the member's account there, as a step needs them. */
export interface GameSide {
  game: games.Game
  account: games.GameAccount
}

/** What the request already read, so the steps do not read it again: game sides by code, ledger accounts. */
export interface Known {
  sides?: ReadonlyMap<string, GameSide>
  accounts?: AccountCache
}

async function sideOf(ctx: ServerContext, transfer: GameTransfer, code: string, known?: Known): Promise<GameSide> {
  const found = known?.sides?.get(code)
  if (found) return found
  const game = await games.findGame(ctx.db, code)
  const account = await games.findGameAccount(ctx.db, transfer.memberId, code)
  if (!game || !account) throw new Error(`transfer ${transfer.id}: no game account ${code}`)
  return { game, account }
}

/**
 * Step 2 for the open step. When recovering, the provider is first asked what it did with the
 * reference: done and refused are its record; a reference it never saw is sent again, and only
 * a done counts then, because the first request may still be on its way (a refusal to connect
 * now says nothing about it): the next sweep asks again.
 */
async function runStep(ctx: ServerContext, transfer: GameTransfer, recovering: boolean, known?: Known): Promise<StepOutcome> {
  const { code, direction } = openStep(transfer)
  const { game, account } = await sideOf(ctx, transfer, code, known)
  const send = () => askProvider(ctx, () => ctx.provider.transfer(game, account, { reference: transfer.reference, direction, amountMinor: transfer.amountMinor }))
  if (!recovering) return send()
  let status: ProviderTransferStatus = 'unknown'
  const asked = await askProvider(ctx, async () => {
    status = await ctx.provider.transferStatus(game, transfer.reference)
  })
  if (asked !== 'done') return 'unknown'
  if (status !== 'unknown') return status
  return (await send()) === 'done' ? 'done' : 'unknown'
}

/**
 * Step 3: books where the money ends, once, and returns the transfer as it now stands. The
 * finishing movement claims the transfer's row from the state this finisher saw (postMovement's
 * claim: one statement on PostgreSQL), so of two finishers (the request, a retry, a sweep) the
 * second books nothing; its reference names the transfer too, so it cannot be booked twice.
 */
async function finish(ctx: ServerContext, transfer: GameTransfer, outcome: 'settled' | 'reversed' | 'returned', known?: Known): Promise<GameTransfer> {
  const to = outcome === 'settled' ? transfer.to : outcome === 'reversed' ? transfer.from : WALLET
  const at = ctx.now()
  try {
    const { balances } = await postMovement(ctx.db, {
      kind: `transfer_${outcome}`,
      memberId: transfer.memberId,
      reference: `transfer:${transfer.id}`,
      note: `${transfer.from}>${transfer.to}`,
      at,
      postings: [
        { account: inTransit(transfer.currency), amountMinor: -transfer.amountMinor },
        { account: accountOf(to, transfer.memberId), amountMinor: transfer.amountMinor },
      ],
      claim: repo.transferFinishClaim({ id: transfer.id, fromStatus: transfer.status, outcome, at }),
    }, known?.accounts)
    return { ...transfer, status: outcome, ...(to === WALLET ? { walletAfterMinor: balances[1] } : {}) }
  } catch (error) {
    const first = error instanceof ClaimLost || (error instanceof Refusal && error.status === 409)
    if (!first) throw error
    return findTransfer(ctx.db, transfer.id)
  }
}

async function markWithdrawn(ctx: ServerContext, transfer: GameTransfer): Promise<GameTransfer> {
  const row = await repo.markTransferWithdrawn(ctx.db, transfer.id, ctx.now())
  return row ? fromRow(row) : findTransfer(ctx.db, transfer.id)
}

/**
 * Steps 2 and 3, outside any transaction: asks the provider(s) and books the outcome. A transfer
 * whose provider did not answer stays open (in transit) for a retry or the sweep.
 */
export async function driveTransfer(
  ctx: ServerContext,
  start: GameTransfer,
  { recovering = false, known }: { recovering?: boolean; known?: Known } = {},
): Promise<GameTransfer> {
  let transfer = start
  while (isOpen(transfer)) {
    const leavingGame = transfer.status === 'reserved' && transfer.from !== WALLET
    const outcome = await runStep(ctx, transfer, recovering, known)
    if (outcome === 'unknown') return findTransfer(ctx.db, transfer.id)
    if (outcome === 'refused') return finish(ctx, transfer, leavingGame || transfer.from === WALLET ? 'reversed' : 'returned', known)
    if (leavingGame && transfer.to !== WALLET) transfer = await markWithdrawn(ctx, transfer)
    else transfer = await finish(ctx, transfer, 'settled', known)
  }
  return transfer
}

/** How many open transfers the sweep reads at a time. */
export const SWEEP_PAGE = 100

/**
 * Step 4: resolves the transfers left in transit longer than the recovery delay; how many were
 * resolved. It goes through all of them a page at a time, so transfers its provider still cannot
 * answer for (they stay open) never keep the ones after them waiting.
 */
export async function recoverTransfers(ctx: ServerContext): Promise<number> {
  const olderThan = ctx.now() - ctx.transferRecoveryAfterMs
  let resolved = 0
  let after = 0
  for (;;) {
    const rows = await repo.openTransfersPage(ctx.db, olderThan, after, SWEEP_PAGE)
    for (const row of rows) {
      try {
        if (!isOpen(await driveTransfer(ctx, fromRow(row), { recovering: true }))) resolved += 1
      } catch (error) {
        console.error(`transfer ${row.id} not recovered: ${(error as Error).message}`)
      }
    }
    if (rows.length < SWEEP_PAGE) return resolved
    after = Number(rows[rows.length - 1].id)
  }
}

/** How often the sweep runs by default; it also runs once when the server is ready. */
export const DEFAULT_TRANSFER_SWEEP_MS = 30_000

/** The wallet area's job: the transfer sweep, at start and then every `everyMs` (0: at start only). */
export const keepTransferSweep = (app: FastifyInstance, ctx: ServerContext, everyMs: number): Job =>
  keepJob(app, 'transfer sweep', everyMs, () => recoverTransfers(ctx))

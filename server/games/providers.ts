import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { randomToken, sha256 } from '../shared/tokens'
import type { Db } from '../shared/db'
import { within } from '../shared/within'
import {
  bookProviderTransfer, findProviderOutcome, type Game, type GameAccount, insertLaunch, LAUNCH_TTL_MS, moveProviderBalance,
} from './repo'

declare module '../shared/context' {
  interface ServerContext {
    /** The game providers (simulated in the reference server). */
    provider: GameProvider
    /** How long a provider may take to answer before its outcome counts as unknown. */
    providerTimeoutMs: number
  }
}

/** Where the simulated providers' auto-login links open the demo game (games/routes.ts), by a launch token. */
export const DEMO_GAME_PATH = '/demo-game'

/** Money into the game account at the provider, or out of it. */
export type ProviderDirection = 'deposit' | 'withdraw'

export interface ProviderTransfer {
  /** Ours, unique: the provider moves money once per reference, however often it is asked. */
  reference: string
  direction: ProviderDirection
  amountMinor: number
}

/** What a provider says it did with a reference: moved the money, refused it, or never saw it. */
export type ProviderTransferStatus = 'done' | 'refused' | 'unknown'

/**
 * What the server needs from a game provider. The reference server simulates every provider:
 * accounts are made up, the transfers it was asked for are kept by reference, and the auto-login
 * link opens the local demo game page (`/demo-game/:token`). A real integration implements the
 * same calls per provider. Two kinds of failure, because money depends on telling them apart:
 * - ProviderRefused: the provider certainly did not move the money (it said no, or could not be
 *   reached at all, so nothing was sent).
 * - ProviderUnreachable: the request went out and no answer came back (a timeout, a dropped
 *   connection): the money may or may not have moved; only asking about the reference tells.
 */
export interface GameProvider {
  /** Opens the member's account at the provider; its credentials. */
  activate(game: Game, memberId: number): Promise<{ username: string; password: string }>
  /** A new password for the account. */
  resetPassword(game: Game, account: GameAccount): Promise<string>
  /** Moves money at the provider, once per reference. */
  transfer(game: Game, account: GameAccount, transfer: ProviderTransfer): Promise<void>
  /** What became of a reference. */
  transferStatus(game: Game, reference: string): Promise<ProviderTransferStatus>
  /** A link that signs the member in to the game (path only; the route makes it absolute). */
  launchPath(db: Db, game: Game, account: GameAccount, now: number): Promise<string>
}

export class ProviderRefused extends Error {}
export class ProviderUnreachable extends Error {}

const password = () => randomBytes(9).toString('base64url').replace(/[-_]/g, 'x').slice(0, 10)

/** The simulation's faults: latency first (the request travels), then an outage refuses it. */
async function reach(game: Game): Promise<void> {
  if (game.latencyMs > 0) await sleep(game.latencyMs)
  if (game.isDown) throw new ProviderRefused(`${game.code} is down`)
}

/**
 * A round played at a simulated provider (the dev stand-in reports it to us after): a win adds to
 * the account there, a loss takes from it; a loss beyond what the account holds is refused (false).
 */
export async function playAtProvider(db: Db, gameCode: string, username: string, signedMinor: number): Promise<boolean> {
  // One statement: atomic without a transaction of its own.
  return moveProviderBalance(db, gameCode, username, signedMinor)
}

/**
 * The simulated providers, with their own book of references in `provider_transfers` and their
 * own balance per account in `provider_accounts` (a real provider's, not our ledger): the first
 * request with a reference records it, every later one answers what was recorded; a payout of more
 * than the account holds there is refused, and the reference stays refused. Kept in the database,
 * so every instance talks to the same provider.
 */
export function simulatedProvider(db: Db, now: () => number): GameProvider {
  return {
    async activate(game, memberId) {
      await reach(game)
      return { username: `${game.code.toLowerCase()}${memberId}${randomBytes(2).toString('hex')}`, password: password() }
    },
    async resetPassword(game) {
      await reach(game)
      return password()
    },
    async transfer(game, account, transfer) {
      await reach(game)
      // The provider's own book: the first request with a reference writes it and moves the
      // account's balance there (or is refused, for good, when a payout exceeds it); a later one reads it.
      const outcome = await bookProviderTransfer(db, {
        gameCode: game.code, reference: transfer.reference, direction: transfer.direction, username: account.username, amountMinor: transfer.amountMinor, at: now(),
      })
      // A real provider answers once its book is on its own disk. This one's book shares our WAL,
      // which is written in order: whatever we commit after hearing this answer (the settle) is
      // on disk only with the book before it, and every reply waits for that (app.ts). A power
      // loss that took the book takes the settle too, and recovery asks again (transfers.ts).
      // So it does not hold the request for a sync of its own.
      if (outcome === 'refused') throw new ProviderRefused(`${game.code} refused ${transfer.reference}`)
      if (game.dropsAnswers) throw new ProviderUnreachable(`${game.code} did ${transfer.reference}, then the connection dropped`)
    },
    async transferStatus(game, reference) {
      await reach(game)
      return ((await findProviderOutcome(db, game.code, reference)) ?? 'unknown') as ProviderTransferStatus
    },
    async launchPath(db, game, account, now) {
      await reach(game)
      const token = randomToken(24)
      await insertLaunch(db, { tokenHash: sha256(token), memberId: account.memberId, gameCode: game.code, expiresAt: now + LAUNCH_TTL_MS })
      return `${DEMO_GAME_PATH}/${token}`
    },
  }
}

/** A provider call that has not answered within `ms` is unreachable: its outcome is unknown. */
export const withinTime = <T>(call: Promise<T>, ms: number): Promise<T> =>
  within(call, ms, () => {
    throw new ProviderUnreachable(`no answer within ${ms} ms`)
  })

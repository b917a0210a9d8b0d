import { randomBytes } from 'node:crypto'
import { randomToken, sha256 } from '../tokens'
import type { Db } from '../db'
import { type Game, type GameAccount, insertLaunch, LAUNCH_TTL_MS } from './games'

/**
 * What the server needs from a game provider. The reference server simulates every provider:
 * accounts are made up, balances are the member game accounts in the ledger, and the auto-login
 * link opens the local demo game page (`/demo-game/:token`). A real integration implements the
 * same four calls per provider.
 */
export interface GameProvider {
  /** Opens the member's account at the provider; its credentials. */
  activate(game: Game, memberId: number): Promise<{ username: string; password: string }>
  /** A new password for the account. */
  resetPassword(game: Game, account: GameAccount): Promise<string>
  /** Checks a transfer with the provider before the ledger books it. */
  transfer(game: Game, account: GameAccount, amountMinor: number): Promise<void>
  /** A link that signs the member in to the game (path only; the route makes it absolute). */
  launchPath(db: Db, game: Game, account: GameAccount, now: number): Promise<string>
}

export class ProviderError extends Error {}

const password = () => randomBytes(9).toString('base64url').replace(/[-_]/g, 'x').slice(0, 10)

function checkUp(game: Game): void {
  // The simulation's outage switch: a provider that is down refuses everything.
  if (game.isDown) throw new ProviderError(`${game.code} is down`)
}

export const simulatedProvider: GameProvider = {
  async activate(game, memberId) {
    checkUp(game)
    return { username: `${game.code.toLowerCase()}${memberId}${randomBytes(2).toString('hex')}`, password: password() }
  },
  async resetPassword(game) {
    checkUp(game)
    return password()
  },
  async transfer(game) {
    checkUp(game)
  },
  async launchPath(db, game, account, now) {
    checkUp(game)
    const token = randomToken(24)
    await insertLaunch(db, { tokenHash: sha256(token), memberId: account.memberId, gameCode: game.code, expiresAt: now + LAUNCH_TTL_MS })
    return `/demo-game/${token}`
  },
}

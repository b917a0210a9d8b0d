// The game card rules of spec 2 (Home) and the auto-login paths of spec 7, shared by the wallet
// home and the slot account detail. Operators send game codes in any case, so codes are compared
// upper-cased. Field names are spec 3's; the wire type is api/contract/wallet.ts's Slot, which fits GameAccount.
import { sumAmounts } from '../../contract/lib/money'
import { safeUrl } from './url'

export type GameCategory = 'slot' | 'sport' | 'lotto'

/** The fields of spec 3's slot/game account these rules read. */
export interface GameAccount {
  code: string
  name: string
  category: GameCategory
  isActive: boolean
  amount: number
  ftWalletSlot: number
  web: string | null
}

/** Spec 2: the games opened through their account flow (activate, credentials, auto-login). */
export const ACCOUNT_FLOW_GAMES: readonly string[] = [
  'JOKER',
  'SEXYGAME',
  'BETFLIX',
  'ASKMEBET',
  'UFABET',
  'SUPERSLOT',
  'PG',
  'SLOTXO',
  'IMI',
  'USUN',
  'AREASLOT',
  'CIRCUS',
  'SLOTRACHA',
  'PGSLOT',
  'JOKER2',
  'HUAYHD',
]

const normal = (code: string): string => code.trim().toUpperCase()

export const opensAccountFlow = (code: string): boolean => ACCOUNT_FLOW_GAMES.includes(normal(code))

/** An absolute http(s) URL, or undefined: only those are opened outside the app (a path on this
 *  origin, which safeUrl allows for links, is not a game's web address). */
export function externalUrl(value: string | null | undefined): string | undefined {
  const url = safeUrl(value)
  return url && !url.startsWith('/') ? url : undefined
}

export type GameCardAction = { kind: 'account' } | { kind: 'external'; url: string } | { kind: 'none' }

/** What tapping a card does: the account flow, its web URL outside the app, or nothing. */
export function gameCardAction(game: Pick<GameAccount, 'code' | 'web'>): GameCardAction {
  if (opensAccountFlow(game.code)) return { kind: 'account' }
  const url = externalUrl(game.web)
  return url ? { kind: 'external', url } : { kind: 'none' }
}

/** The card's value: balance × ftWalletSlot (floating noise below 1e-6 dropped). */
export function cardValue(game: Pick<GameAccount, 'amount' | 'ftWalletSlot'>): number {
  const value = game.amount * game.ftWalletSlot
  return Number.isFinite(value) ? Math.round(value * 1e6) / 1e6 : 0
}

/** Spec 1: the total is the main wallet plus every game account balance. */
export const totalBalance = (walletAmount: number, games: readonly Pick<GameAccount, 'amount'>[]): number =>
  sumAmounts([walletAmount, ...games.map((game) => game.amount)])

/** The three carousels of spec 2, in the server's order; unknown categories are left out. */
export function gamesByCategory<T extends Pick<GameAccount, 'category'>>(games: readonly T[]): Record<GameCategory, T[]> {
  const groups: Record<GameCategory, T[]> = { slot: [], sport: [], lotto: [] }
  for (const game of games) groups[game.category]?.push(game)
  return groups
}

// ---- Auto-login (spec 7) ----

/** Games whose auto-login path takes the username only. */
export const AUTO_LOGIN_USERNAME: readonly string[] = ['pg', 'betflix', 'joker2', 'areaslot', 'huayhd']
/** Games whose auto-login path takes the username and the password. */
export const AUTO_LOGIN_USERNAME_PASSWORD: readonly string[] = ['askmebet', 'imi', 'usun', 'circus', 'slotracha', 'pgslot']

/** What a game's auto-login call takes (spec 7 "Auto-login"): the username, and for some games the password. */
export type AutoLoginParams = { game: string; username: string } | { game: string; username: string; password: string }

/**
 * The auto-login call's parameters, the game lower-case (`/api/autoLogin/{game}/{username}` or
 * `/{username}/{password}`); null for a game without auto-login or with a credential missing.
 */
export function autoLoginParams(code: string, credentials: { username: string; password: string }): AutoLoginParams | null {
  const game = code.trim().toLowerCase()
  // '.' and '..' would stay dot segments after encoding and move the path.
  const usable = (value: string) => value !== '' && value !== '.' && value !== '..'
  if (!usable(credentials.username)) return null
  if (AUTO_LOGIN_USERNAME.includes(game)) return { game, username: credentials.username }
  if (AUTO_LOGIN_USERNAME_PASSWORD.includes(game) && usable(credentials.password)) {
    return { game, username: credentials.username, password: credentials.password }
  }
  return null
}

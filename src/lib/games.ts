// Game cards of the wallet home (spec 2) and their auto-login paths (spec 7). Operators send
// codes in any case: `pg` is PG.

/** The games opened through their account flow (spec 2); any other opens its web URL. */
export const ACCOUNT_FLOW_GAMES: readonly string[] = [
  'JOKER', 'SEXYGAME', 'BETFLIX', 'ASKMEBET', 'UFABET', 'SUPERSLOT', 'PG', 'SLOTXO',
  'IMI', 'USUN', 'AREASLOT', 'CIRCUS', 'SLOTRACHA', 'PGSLOT', 'JOKER2', 'HUAYHD',
]

/** Auto-login by username only, and by username and password (spec 7). */
const LOGIN_BY_USERNAME: readonly string[] = ['pg', 'betflix', 'joker2', 'areaslot', 'huayhd']
const LOGIN_BY_PASSWORD: readonly string[] = ['askmebet', 'imi', 'usun', 'circus', 'slotracha', 'pgslot']

const normal = (code: string) => code.trim().toUpperCase()

export const opensAccountFlow = (code: string): boolean => ACCOUNT_FLOW_GAMES.includes(normal(code))

/** What a card's tap does: the account flow, the game's web page outside the app, or nothing
 *  when the game has neither (a missing or non-http(s) URL is never opened). */
export function cardAction(game: { code: string; web?: string | null }): { kind: 'account' } | { kind: 'web'; url: string } | { kind: 'none' } {
  if (opensAccountFlow(game.code)) return { kind: 'account' }
  if (game.web && /^https?:\/\//i.test(game.web)) return { kind: 'web', url: game.web }
  return { kind: 'none' }
}

/** The card's second value: balance times the game's ftWalletSlot (spec 2). */
export const cardValue = (amount: number, ftWalletSlot: number | null | undefined): number =>
  amount * (typeof ftWalletSlot === 'number' && Number.isFinite(ftWalletSlot) ? ftWalletSlot : 0)

/** The auto-login path for a game, or null when spec 7 names no auto-login for it. */
export function autoLoginPath(code: string, credentials: { username: string; password: string }): string | null {
  const game = code.trim().toLowerCase()
  const user = encodeURIComponent(credentials.username)
  if (LOGIN_BY_USERNAME.includes(game)) return `/api/autoLogin/${game}/${user}`
  if (LOGIN_BY_PASSWORD.includes(game)) return `/api/autoLogin/${game}/${user}/${encodeURIComponent(credentials.password)}`
  return null
}

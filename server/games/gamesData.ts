import type { SlotCategory } from '../../contract'

/** Spec 2 (Home, game cards): these codes open the account flow; any other game opens its web URL. */
export const ACCOUNT_FLOW_CODES: readonly string[] = [
  'JOKER', 'SEXYGAME', 'BETFLIX', 'ASKMEBET', 'UFABET', 'SUPERSLOT', 'PG', 'SLOTXO', 'IMI', 'USUN',
  'AREASLOT', 'CIRCUS', 'SLOTRACHA', 'PGSLOT', 'JOKER2', 'HUAYHD',
]

/** Spec 7 (Auto-login): the path carries the username only, or the username and the password. */
export const AUTO_LOGIN_BY_USERNAME: readonly string[] = ['pg', 'betflix', 'joker2', 'areaslot', 'huayhd']
export const AUTO_LOGIN_BY_PASSWORD: readonly string[] = ['askmebet', 'imi', 'usun', 'circus', 'slotracha', 'pgslot']

export interface SeedGame {
  code: string
  name: string
  category: SlotCategory
  /** Web-only games: the URL opened outside the webview. */
  web?: string
  ftWalletSlot?: number
}

/** First-start games in all three categories: every account-flow code plus a few web-only ones. */
export const seedGames: readonly SeedGame[] = [
  { code: 'PG', name: 'PG Soft', category: 'slot' },
  { code: 'JOKER', name: 'Joker Gaming', category: 'slot' },
  { code: 'JOKER2', name: 'Joker Gaming 2', category: 'slot' },
  { code: 'SLOTXO', name: 'SlotXO', category: 'slot' },
  { code: 'SUPERSLOT', name: 'Superslot', category: 'slot' },
  { code: 'PGSLOT', name: 'PG Slot', category: 'slot', ftWalletSlot: 0.5 },
  { code: 'SLOTRACHA', name: 'Slot Racha', category: 'slot' },
  { code: 'AREASLOT', name: 'Area Slot', category: 'slot' },
  { code: 'PPLAY', name: 'Pragmatic Play', category: 'slot', web: 'https://games.wallet-demo.example/pplay' },
  { code: 'SPADE', name: 'Spade Gaming', category: 'slot', web: 'https://games.wallet-demo.example/spade' },
  { code: 'UFABET', name: 'UFABET', category: 'sport' },
  { code: 'BETFLIX', name: 'Betflix', category: 'sport' },
  { code: 'SEXYGAME', name: 'Sexy Gaming', category: 'sport' },
  { code: 'ASKMEBET', name: 'AskMeBet', category: 'sport' },
  { code: 'IMI', name: 'IMI Sport', category: 'sport' },
  { code: 'USUN', name: 'USUN', category: 'sport' },
  { code: 'CIRCUS', name: 'Circus', category: 'sport' },
  { code: 'SBO', name: 'SBO Sport', category: 'sport', web: 'https://games.wallet-demo.example/sbo' },
  { code: 'HUAYHD', name: 'Huay HD', category: 'lotto' },
  { code: 'LOTTOVIP', name: 'Lotto VIP', category: 'lotto', web: 'https://games.wallet-demo.example/lottovip' },
  { code: 'RUAY', name: 'Ruay', category: 'lotto', web: 'https://games.wallet-demo.example/ruay' },
]

export const gameLogo = (code: string): string => `/games/${code.toLowerCase()}.svg`
/** Each game's own card art (scripts/game-art.ts draws it); /games/bg-<category>.svg stays for older databases. */
export const gameBackground = (code: string): string => `/games/art-${code.toLowerCase()}.svg`

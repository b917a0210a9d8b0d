import { describe, expect, it } from 'vitest'
import { gameEndpoints } from '../../contract/games'
import { fillPath } from '../../contract/endpoint'
import {
  autoLoginParams,
  cardValue,
  externalUrl,
  gameCardAction,
  gamesByCategory,
  opensAccountFlow,
  totalBalance,
  type GameAccount,
} from '../../src/lib/games'

const SPEC_CODES = 'JOKER, SEXYGAME, BETFLIX, ASKMEBET, UFABET, SUPERSLOT, PG, SLOTXO, IMI, USUN, AREASLOT, CIRCUS, SLOTRACHA, PGSLOT, JOKER2, HUAYHD'.split(', ')

const game = (over: Partial<GameAccount>): GameAccount => ({
  code: 'X',
  name: 'X',
  category: 'slot',
  isActive: true,
  amount: 0,
  ftWalletSlot: 1,
  web: null,
  ...over,
})

describe('game card: account flow or web (spec 2)', () => {
  it.each(SPEC_CODES)('%s opens the account flow, in any case', (code) => {
    expect(opensAccountFlow(code)).toBe(true)
    expect(opensAccountFlow(code.toLowerCase())).toBe(true)
    expect(opensAccountFlow(` ${code[0]}${code.slice(1).toLowerCase()} `)).toBe(true)
    expect(gameCardAction({ code: code.toLowerCase(), web: 'https://game.test' })).toEqual({ kind: 'account' })
  })

  it.each(['SBOBET', 'LOTTO', 'JOKER3', 'PG2', '', 'SLOT'])('%j is not one of the 16', (code) => {
    expect(opensAccountFlow(code)).toBe(false)
  })

  it('opens any other game at its web URL when it is http(s)', () => {
    expect(gameCardAction({ code: 'SBOBET', web: 'https://sbo.test/play?x=1' })).toEqual({ kind: 'external', url: 'https://sbo.test/play?x=1' })
    expect(gameCardAction({ code: 'SBOBET', web: 'http://sbo.test' })).toEqual({ kind: 'external', url: 'http://sbo.test' })
  })

  it.each([null, '', 'javascript:alert(1)', 'data:text/html,x', '/relative/path', '//evil.test', 'ftp://x.test'])(
    'does nothing for a web value of %j',
    (web) => {
      expect(gameCardAction({ code: 'SBOBET', web })).toEqual({ kind: 'none' })
      expect(externalUrl(web)).toBeUndefined()
    },
  )
})

describe('card value and total (spec 1, 2)', () => {
  it('is balance × ftWalletSlot', () => {
    expect(cardValue({ amount: 100, ftWalletSlot: 1 })).toBe(100)
    expect(cardValue({ amount: 100.5, ftWalletSlot: 1.25 })).toBe(125.625)
    expect(cardValue({ amount: 250, ftWalletSlot: 0.5 })).toBe(125)
    expect(cardValue({ amount: 0.1, ftWalletSlot: 3 })).toBe(0.3)
    expect(cardValue({ amount: 10, ftWalletSlot: Number.NaN })).toBe(0)
  })

  it('totals the main wallet plus every game balance, without drift', () => {
    expect(totalBalance(1500, [game({ amount: 20.1 }), game({ amount: 0.2 }), game({ amount: 0 })])).toBe(1520.3)
    expect(totalBalance(0.1, [game({ amount: 0.2 })])).toBe(0.3)
    expect(totalBalance(12, [])).toBe(12)
  })

  it('groups games into the three carousels in the server order', () => {
    const games = [
      game({ code: 'A', category: 'sport' }),
      game({ code: 'B', category: 'slot' }),
      game({ code: 'C', category: 'lotto' }),
      game({ code: 'D', category: 'slot' }),
      { ...game({ code: 'E' }), category: 'casino' as GameAccount['category'] },
    ]
    const groups = gamesByCategory(games)
    expect(groups.slot.map((g) => g.code)).toEqual(['B', 'D'])
    expect(groups.sport.map((g) => g.code)).toEqual(['A'])
    expect(groups.lotto.map((g) => g.code)).toEqual(['C'])
  })
})

describe('auto-login paths (spec 7)', () => {
  const credentials = { username: 'user01', password: 'p@ss/1' }
  /** The path the app calls: the descriptor's, filled with the parameters. */
  const autoLoginPath = (code: string, given: { username: string; password: string }) => {
    const params = autoLoginParams(code, given)
    if (!params) return null
    return 'password' in params ? fillPath(gameEndpoints.autoLoginWithPassword.path, params) : fillPath(gameEndpoints.autoLogin.path, params)
  }

  it.each(['pg', 'betflix', 'joker2', 'areaslot', 'huayhd'])('%s takes /{username}', (game) => {
    expect(autoLoginPath(game.toUpperCase(), credentials)).toBe(`/api/autoLogin/${game}/user01`)
  })

  it.each(['askmebet', 'imi', 'usun', 'circus', 'slotracha', 'pgslot'])('%s takes /{username}/{password}', (game) => {
    expect(autoLoginPath(game.toUpperCase(), credentials)).toBe(`/api/autoLogin/${game}/user01/p%40ss%2F1`)
  })

  it.each(['JOKER', 'SEXYGAME', 'UFABET', 'SUPERSLOT', 'SLOTXO', 'SBOBET'])('%s has no auto-login', (game) => {
    expect(autoLoginPath(game, credentials)).toBeNull()
  })

  it('needs the credentials the path takes', () => {
    expect(autoLoginPath('PG', { username: '', password: 'x' })).toBeNull()
    expect(autoLoginPath('PG', { username: 'u', password: '' })).toBe('/api/autoLogin/pg/u')
    expect(autoLoginPath('IMI', { username: 'u', password: '' })).toBeNull()
    expect(autoLoginPath('PG', { username: '..', password: 'x' })).toBeNull()
    expect(autoLoginPath('IMI', { username: 'u', password: '.' })).toBeNull()
  })

  it('keeps each credential one path segment', () => {
    expect(autoLoginPath('circus', { username: '../admin', password: 'a b?c#d' })).toBe('/api/autoLogin/circus/..%2Fadmin/a%20b%3Fc%23d')
  })
})

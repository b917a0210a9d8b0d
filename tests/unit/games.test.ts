import { describe, expect, it } from 'vitest'
import { ACCOUNT_FLOW_GAMES, autoLoginPath, cardAction, cardValue, opensAccountFlow } from '../../src/lib/games'

describe('game cards (spec 2)', () => {
  it('opens the 16 account-flow codes in any case through the account flow', () => {
    expect(ACCOUNT_FLOW_GAMES).toHaveLength(16)
    for (const code of ['JOKER', 'pg', 'Huayhd', ' slotxo ']) expect(opensAccountFlow(code), code).toBe(true)
    expect(cardAction({ code: 'ufabet', web: 'https://ufa.example' })).toEqual({ kind: 'account' })
  })

  it("opens any other game's http(s) page, and nothing for a missing or unsafe one", () => {
    expect(cardAction({ code: 'LOTTOVIP', web: 'https://lotto.example/play' })).toEqual({ kind: 'web', url: 'https://lotto.example/play' })
    expect(cardAction({ code: 'LOTTOVIP', web: null })).toEqual({ kind: 'none' })
    expect(cardAction({ code: 'LOTTOVIP', web: 'javascript:alert(1)' })).toEqual({ kind: 'none' })
  })

  it('values a card at balance times ftWalletSlot', () => {
    expect(cardValue(250, 2)).toBe(500)
    expect(cardValue(250, 0.5)).toBe(125)
    expect(cardValue(250, null)).toBe(0)
  })
})

describe('auto-login paths (spec 7)', () => {
  const credentials = { username: 'u 1', password: 'p/w' }
  it('takes the username alone for pg, betflix, joker2, areaslot, huayhd', () => {
    expect(autoLoginPath('PG', credentials)).toBe('/api/autoLogin/pg/u%201')
    expect(autoLoginPath('HuayHD', credentials)).toBe('/api/autoLogin/huayhd/u%201')
  })
  it('adds the password for askmebet, imi, usun, circus, slotracha, pgslot', () => {
    expect(autoLoginPath('PGSLOT', credentials)).toBe('/api/autoLogin/pgslot/u%201/p%2Fw')
    expect(autoLoginPath('circus', credentials)).toBe('/api/autoLogin/circus/u%201/p%2Fw')
  })
  it('has none for the other account-flow games', () => {
    expect(autoLoginPath('JOKER', credentials)).toBeNull()
    expect(autoLoginPath('UFABET', credentials)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { formatMoney, parseAmount, toMinor } from '../../src/lib/money'

describe('formatMoney (spec 9: at least 2 decimals)', () => {
  it("shows baht and kip in the player's language", () => {
    expect(formatMoney(1234567.5, 'th', 'THB')).toBe('฿1,234,567.50')
    expect(formatMoney(1234567.5, 'en', 'THB')).toBe('฿1,234,567.50')
    // Lao groups with dots and marks decimals with a comma.
    expect(formatMoney(1234567.5, 'la', 'LAK')).toBe('₭1.234.567,50')
  })

  it("reads the Lao variant's BAHT as baht, in any case", () => {
    expect(formatMoney(20, 'la', 'BAHT')).toBe('฿20,00')
    expect(formatMoney(20, 'en', 'thb')).toBe('฿20.00')
  })

  it('keeps two decimals for whole amounts and zero, and a plain number for an unknown currency', () => {
    expect(formatMoney(0, 'en', 'THB')).toBe('฿0.00')
    expect(formatMoney(7, 'en', 'LAK')).toBe('₭7.00')
    expect(formatMoney(1500, 'en', 'XYZ')).toBe('1,500.00')
  })
})

describe('parseAmount', () => {
  it('takes digits with up to 2 decimals, group commas and spaces', () => {
    expect(parseAmount('100')).toBe(100)
    expect(parseAmount('1,000.5')).toBe(1000.5)
    expect(parseAmount(' 20.25 ')).toBe(20.25)
  })

  it('refuses zero, negatives, 3 decimals, words and empty text', () => {
    for (const text of ['0', '0.00', '-5', '1.005', '1e3', 'abc', '', '.5', '5.']) expect(parseAmount(text), text).toBeNull()
  })
})

describe('toMinor', () => {
  it('converts without float drift', () => {
    expect(toMinor(0.29)).toBe(29)
    expect(toMinor(19.99)).toBe(1999)
  })
})

import { describe, expect, it } from 'vitest'
import { formatAmount, formatMoney, fromMinor, isoCurrency, sumAmounts, toMinor } from '../../src/lib/money'

describe('formatAmount (spec 9: at least 2 decimals)', () => {
  it.each([
    ['en', 1234.5, '1,234.50'],
    ['th', 1234.5, '1,234.50'],
    ['la', 1234.5, '1.234,50'],
    ['en', 0, '0.00'],
    ['la', 0, '0,00'],
    ['th', 1500, '1,500.00'],
  ] as const)('%s %d → %s', (language, amount, expected) => {
    expect(formatAmount(amount, language)).toBe(expected)
  })

  it('keeps decimals beyond two when the value has them, up to 4', () => {
    expect(formatAmount(125.625, 'en')).toBe('125.625')
    expect(formatAmount(1.23456, 'th')).toBe('1.2346')
    expect(formatAmount(125.625, 'la')).toBe('125,625')
  })

  it('hides floating noise', () => {
    expect(formatAmount(0.1 * 3, 'en')).toBe('0.30')
  })

  it('shows a non-finite value as zero rather than NaN', () => {
    expect(formatAmount(Number.NaN, 'en')).toBe('0.00')
    expect(formatAmount(Number.POSITIVE_INFINITY, 'th')).toBe('0.00')
  })
})

describe('formatMoney (currency of the member)', () => {
  it.each([
    ['th', 'THB', 1234.5, '฿1,234.50'],
    ['en', 'THB', 1234.5, '฿1,234.50'],
    ['la', 'LAK', 1234.5, '₭1.234,50'],
    ['en', 'LAK', 1234.5, '₭1,234.50'],
    ['th', 'LAK', 10, '₭10'],
    ['la', 'LAK', 1_250_000, '₭1.250.000'],
  ] as const)('%s %s %d → %s', (language, currency, amount, expected) => {
    expect(formatMoney(amount, language, currency)).toBe(expected)
  })

  it('reads the Lao variant BAHT as Thai baht', () => {
    expect(isoCurrency('BAHT')).toBe('THB')
    expect(isoCurrency('LAK')).toBe('LAK')
    expect(formatMoney(50, 'la', 'BAHT')).toBe('฿50,00')
    expect(formatMoney(50, 'en', 'BAHT')).toBe('฿50.00')
  })

  it('writes whole kip without decimals (issue 29), and kip with decimals with them', () => {
    expect(formatMoney(5000, 'la', 'LAK')).toBe('₭5.000')
    expect(formatMoney(0, 'la', 'LAK')).toBe('₭0')
    expect(formatMoney(0.5, 'en', 'LAK')).toBe('₭0.50')
    expect(formatMoney(5000, 'la', 'THB')).toBe('฿5.000,00')
  })
})

describe('minor units', () => {
  it('converts without drift', () => {
    expect(toMinor(10.1)).toBe(1010)
    expect(toMinor(1.005)).toBe(101)
    expect(toMinor(0.29)).toBe(29)
    expect(fromMinor(1010)).toBe(10.1)
  })

  it('sums amounts exactly', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3)
    expect(sumAmounts([1500, 20.55, 0.45])).toBe(1521)
    expect(sumAmounts([])).toBe(0)
    expect(sumAmounts([5, Number.NaN])).toBe(5)
  })
})

import { describe, expect, it, vi } from 'vitest'
import { formatAmount, formatMoney, formatWhole, fromMinor, isoCurrency, MAX_FRACTION_DIGITS, numberLocale, sumAmounts, toMinor } from '../../contract/lib/money'

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

describe('Thai and English written without Intl (issue 32: no ICU number data before the first paint)', () => {
  // Values of every kind: halves at the fourth decimal (rounded on the exact double), noise, -0,
  // what rounds to 0 from below, the largest amount, and a spread of random ones.
  let seed = 7
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647)
  const values = [
    0, -0, 1, -1, 0.5, 0.00005, -0.00004, -0.00005, 1.00005, 2.00015, 9.99995, 999.99995, 0.1 * 3, 1234.5, 1_250_000, -1234.5678,
    12.3456, 125.625, 1.005, 1e15, 90_071_992_547_409.9, 123_456_789.123_45,
    ...Array.from({ length: 400 }, (_, i) => (random() - 0.3) * 10 ** (i % 12)),
  ]
  const intl = (language: 'th' | 'en', currency: 'THB' | 'LAK' | undefined, minimum: number) =>
    new Intl.NumberFormat(numberLocale[language], {
      minimumFractionDigits: minimum,
      maximumFractionDigits: MAX_FRACTION_DIGITS,
      ...(currency ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } : {}),
    })

  it.each(['th', 'en'] as const)('%s: every amount, sum of money and whole number as Intl writes it', (language) => {
    for (const value of values) {
      expect(formatAmount(value, language), String(value)).toBe(intl(language, undefined, 2).format(value))
      expect(formatWhole(value, language), String(value)).toBe(intl(language, undefined, 0).format(value))
      for (const currency of ['THB', 'BAHT', 'LAK'] as const) {
        const iso = isoCurrency(currency)
        expect(formatWhole(value, language, currency), String(value)).toBe(intl(language, iso, 0).format(value))
        const whole = iso === 'LAK' && Number.isInteger(value)
        expect(formatMoney(value, language, currency), `${value} ${currency}`).toBe(intl(language, iso, whole ? 0 : 2).format(value))
      }
    }
  })

  it('makes no Intl.NumberFormat for them (Lao, with a fresh module, does)', async () => {
    vi.resetModules()
    const fresh = await import('../../contract/lib/money')
    const Original = Intl.NumberFormat
    let made = 0
    Intl.NumberFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args)
        made += 1
      }
    } as typeof Intl.NumberFormat
    try {
      fresh.formatMoney(1500, 'th', 'THB')
      fresh.formatAmount(-2.5, 'en')
      fresh.formatWhole(3, 'th', 'LAK')
      expect(made).toBe(0)
      expect(fresh.formatMoney(1500, 'la', 'LAK')).toBe('₭1.500')
      expect(made).toBe(1)
    } finally {
      Intl.NumberFormat = Original
    }
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

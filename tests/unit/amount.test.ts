// The one reader of typed amounts (issue 14): what the player typed, in the player's language, the
// way the screen writes amounts; what could mean two amounts is refused with a reason.
import { describe, expect, it } from 'vitest'
import type { Language } from '../../contract/lib/language'
import { amountText, numberSigns, readAmount, type AmountRefusal } from '../../src/lib/amount'
import { formatAmount, formatMoney, MAX_AMOUNT, toMinor } from '../../contract/lib/money'

const refusal = (text: string, language: Language): AmountRefusal | number => {
  const reading = readAmount(text, language)
  return reading.ok ? reading.amount : reading.refusal
}

describe('the signs come from Intl', () => {
  it('groups with a comma and writes the decimal point as a dot in Thai and English', () => {
    expect(numberSigns('th')).toEqual({ group: ',', decimal: '.' })
    expect(numberSigns('en')).toEqual({ group: ',', decimal: '.' })
  })

  it('groups with a dot and writes the decimal sign as a comma in Lao (ICU lo)', () => {
    expect(numberSigns('la')).toEqual({ group: '.', decimal: ',' })
  })
})

describe.each([
  // language, typed, amount
  ['en', '1,500', 1500],
  ['en', '1.5', 1.5],
  ['en', '1,234.50', 1234.5],
  ['en', '1,234,567.05', 1234567.05],
  ['en', '1500', 1500],
  ['en', '0.5', 0.5],
  ['en', '10.25', 10.25],
  ['th', '1,500', 1500],
  ['th', '1.5', 1.5],
  ['th', '๑๕๐', 150],
  ['th', '๑,๕๐๐.๕๐', 1500.5],
  ['th', '฿1,500.00', 1500],
  ['la', '1.500', 1500],
  ['la', '1,5', 1.5],
  ['la', '1.234,50', 1234.5],
  ['la', '1.234.567,05', 1234567.05],
  ['la', '1234,5', 1234.5],
  ['la', '໑໕໐', 150],
  ['la', '໑.໕໐໐', 1500],
  ['la', '₭1.234,50', 1234.5],
] as const)('%s reads %j', (language, typed, amount) => {
  it(`as ${amount}`, () => {
    expect(readAmount(typed, language)).toEqual({ ok: true, amount })
  })
})

describe('around the number', () => {
  it('ignores spaces, the no-break spaces Intl writes and a baht or kip sign', () => {
    expect(refusal('  250.1 ', 'en')).toBe(250.1)
    expect(refusal('\u00a0฿\u00a01,500.00\u202f', 'th')).toBe(1500)
    expect(refusal('฿ 20', 'en')).toBe(20)
    expect(refusal('1.500 ₭', 'la')).toBe(1500)
    expect(refusal('\u202f₭1.500,00', 'la')).toBe(1500)
  })

  it('reads back every amount the app writes, in every language', () => {
    for (const language of ['th', 'la', 'en'] as const) {
      for (const amount of [0.01, 1, 20, 1000, 1234.5, 987654321.99]) {
        expect(refusal(formatAmount(amount, language), language)).toBe(amount)
        expect(refusal(formatMoney(amount, language, language === 'la' ? 'LAK' : 'THB'), language)).toBe(amount)
        expect(refusal(amountText(amount, language), language)).toBe(amount)
      }
    }
  })
})

describe('what could mean two amounts is refused, not guessed', () => {
  it.each([
    // A dot and 1 or 2 digits in Lao: the decimal sign of Thai and English, Lao's grouping sign.
    ['la', '1.5'],
    ['la', '1.50'],
    ['la', '1234.5'],
    // A comma and 3 digits in Lao: a Thai or English grouping, or 3 Lao decimals.
    ['la', '1,500'],
    // A Thai or English amount on a Lao screen, and the other way round.
    ['la', '1,234.50'],
    ['en', '1.234,50'],
    ['th', '1.234,50'],
    ['en', '1,5'],
    ['th', '1,50'],
    ['en', '1.500'],
    ['th', '1.500.000'],
    ['en', '๑,๕'],
  ] as const)('%s %j', (language, typed) => {
    expect(readAmount(typed, language)).toEqual({ ok: false, refusal: 'ambiguous' })
  })
})

describe('no text means one amount on a Lao screen and another on a Thai or English one', () => {
  it('holds for every string of up to 7 digits and signs', () => {
    const alphabet = ['1', '0', '5', '.', ',']
    let texts = ['']
    let checked = 0
    for (let length = 1; length <= 7; length += 1) {
      texts = texts.flatMap((start) => alphabet.map((sign) => start + sign))
      for (const typed of texts) {
        const lao = readAmount(typed, 'la')
        const english = readAmount(typed, 'en')
        if (lao.ok && english.ok) {
          checked += 1
          expect(lao.amount, typed).toBe(english.amount)
          expect(typed).toMatch(/^\d+$/)
        }
      }
    }
    // Plain digits read the same everywhere; they are the only texts both screens take.
    expect(checked).toBeGreaterThan(1000)
  })
})

describe('more than 2 decimals', () => {
  it.each([
    ['en', '1.2345'],
    ['en', '1,234.567'],
    ['th', '0.0015'],
    ['la', '1,2345'],
    ['la', '1.234,567'],
  ] as const)('%s %j', (language, typed) => {
    expect(refusal(typed, language)).toBe('decimals')
  })
})

describe('not an amount', () => {
  it.each([
    ' ',
    '',
    '฿',
  ])('%j is empty', (typed) => {
    for (const language of ['th', 'la', 'en'] as const) expect(refusal(typed, language)).toBe('empty')
  })

  it.each(['-5', '+5', '1e3', '.5', '5.', '01', '00', 'abc', '12a', 'NaN', 'Infinity', '١٢', '1 500', '1..5', '1.2.3', '12,34,567', '1,2,3', '5 ฿ 5'])(
    '%j in every language',
    (typed) => {
      for (const language of ['th', 'en'] as const) expect(refusal(typed, language)).toBe('invalid')
      // Lao reads the same text with the signs the other way round; none of these is an amount there either.
      expect(refusal(typed.replace(/[.,]/g, (sign) => (sign === '.' ? ',' : '.')), 'la')).toBe('invalid')
    },
  )

  it('two decimal signs in Lao, grouping after the decimal sign', () => {
    expect(refusal('1,5,0', 'la')).toBe('invalid')
    expect(refusal('1,50.000', 'la')).toBe('invalid')
    expect(refusal(',5', 'la')).toBe('invalid')
  })
})

describe('limits', () => {
  it('reads 0 so a rule can say it is below the minimum', () => {
    expect(refusal('0', 'en')).toBe(0)
    expect(refusal('0,00', 'la')).toBe(0)
  })

  it('stops at MAX_AMOUNT, whose minor units are still a safe integer', () => {
    expect(refusal(String(MAX_AMOUNT), 'en')).toBe(MAX_AMOUNT)
    expect(refusal(amountText(MAX_AMOUNT, 'la'), 'la')).toBe(MAX_AMOUNT)
    expect(refusal(`${MAX_AMOUNT}.01`, 'en')).toBe('invalid')
    expect(refusal(String(MAX_AMOUNT + 1), 'th')).toBe('invalid')
    expect(refusal('99999999999999999999', 'en')).toBe('invalid')
    expect(refusal('9'.repeat(400), 'la')).toBe('invalid')
  })

  it('gives major units that go through minor units without drift', () => {
    for (const [typed, minor] of [['0,29', 29], ['10,10', 1010], ['1,01', 101], ['1.234.567,89', 123456789]] as const) {
      const reading = readAmount(typed, 'la')
      expect(reading.ok && toMinor(reading.amount)).toBe(minor)
    }
    expect(readAmount('0.1', 'en')).toEqual({ ok: true, amount: 0.1 })
  })
})

describe('amountText: what a quick amount writes into the field', () => {
  it('writes the amount as the player would, with 2 decimals', () => {
    expect(amountText(1000, 'en')).toBe('1,000.00')
    expect(amountText(1000, 'th')).toBe('1,000.00')
    expect(amountText(1000, 'la')).toBe('1.000,00')
    expect(amountText(20, 'la')).toBe('20,00')
  })
})

import { truelinkVoucher } from '../../server/deposit/truelink'
import { beforeAll, describe, expect, it } from 'vitest'
import { changeLanguage, ensureAllStrings, i18n, initI18n } from '../../src/i18n/i18n'
import type { Currency } from '../../contract'
import type { Language } from '../../contract/lib/language'
import { readAmount } from '../../src/lib/amount'
import { accountNameEditRule, accountNameInput, offerAccountNameEdit, transferRule, withdrawCeiling, withdrawRule } from '../../src/features/wallet/rules'
import { GIFT_LINK_MINIMUM, giftLinkRule, giftLinkSendDisabled, parseGiftLink, QR_QUICK_AMOUNTS, qrAmountRule, qrCreateDisabled, qrMinimum } from '../../src/features/deposit/rules'
import { problemText, slotTransferDisabled, type Problem } from '../../src/lib/walletRules'

const limits = { withdrawMin: 100, withdrawMax: 50_000 }
/** A typed amount as an English screen reads it; a number is a picked amount. */
const en = (text: string) => readAmount(text, 'en')
const typed = (amount: string | number) => (typeof amount === 'string' ? en(amount) : amount)

describe('transfer rule (spec 5)', () => {
  it.each([
    [{ from: '', to: 'PG', amount: en('10') }],
    [{ from: undefined, to: undefined, amount: en('10') }],
    [{ from: '  ', to: 'WALLET', amount: en('10') }],
  ])('asks for both accounts: %j', (draft) => {
    expect(transferRule(draft)).toEqual({ key: 'validation.transferSelectAccount' })
  })

  it.each([
    [{ from: 'WALLET', to: null, amount: en('10') }],
    [{ from: 'PG', to: ' ', amount: en('10') }],
  ])('with the source chosen, asks for the target alone: %j', (draft) => {
    expect(transferRule(draft)).toEqual({ key: 'validation.transferSelectTo' })
  })

  it('refuses the same account on both sides, whatever its case', () => {
    expect(transferRule({ from: 'WALLET', to: 'WALLET', amount: en('10') })).toEqual({ key: 'validation.transferSameAccount' })
    expect(transferRule({ from: 'joker', to: 'JOKER', amount: en('10') })).toEqual({ key: 'validation.transferSameAccount' })
  })

  it.each(['0', '0.99', 0.5, 0])('asks for at least 1 baht, naming the limit: %j', (amount) => {
    expect(transferRule({ from: 'WALLET', to: 'PG', amount: typed(amount) })).toEqual({ key: 'validation.transferMin', values: { min: 1 } })
  })

  it.each(['1', '1.00', '250.75', 1, 1000])('accepts %j', (amount) => {
    expect(transferRule({ from: 'WALLET', to: 'PG', amount: typed(amount) })).toBeNull()
    expect(transferRule({ from: 'PG', to: 'WALLET', amount: typed(amount) })).toBeNull()
  })

  it('flags an empty or malformed amount', () => {
    expect(transferRule({ from: 'WALLET', to: 'PG', amount: en('') })).toEqual({ key: 'validation.required' })
    expect(transferRule({ from: 'WALLET', to: 'PG', amount: en('-5') })).toEqual({ key: 'wallet.amountInvalid' })
    expect(transferRule({ from: 'WALLET', to: 'PG', amount: 1.005 })).toEqual({ key: 'wallet.amountInvalid' })
    expect(transferRule({ from: 'WALLET', to: 'PG', amount: Number.NaN })).toEqual({ key: 'wallet.amountInvalid' })
    expect(transferRule({ from: 'WALLET', to: 'PG', amount: Number.POSITIVE_INFINITY })).toEqual({ key: 'wallet.amountInvalid' })
    expect(transferRule({ from: 'WALLET', to: 'PG', amount: 1e20 })).toEqual({ key: 'wallet.amountInvalid' })
  })

  it('says why a typed amount could not be read: unclear signs, too many decimals, not a number', () => {
    const rule = (text: string, language: Language) => transferRule({ from: 'WALLET', to: 'PG', amount: readAmount(text, language) })
    // 1.005 could be 1005 written the Lao way: refused as unclear, not read as 3 decimals.
    expect(rule('1.005', 'en')).toEqual({ key: 'wallet.amountAmbiguous' })
    expect(rule('1.5', 'la')).toEqual({ key: 'wallet.amountAmbiguous' })
    expect(rule('1,5', 'th')).toEqual({ key: 'wallet.amountAmbiguous' })
    expect(rule('1.0055', 'en')).toEqual({ key: 'wallet.amountDecimals' })
    expect(rule('1,234', 'la')).toEqual({ key: 'wallet.amountAmbiguous' })
    expect(rule('1,2345', 'la')).toEqual({ key: 'wallet.amountDecimals' })
    expect(rule('12a', 'th')).toEqual({ key: 'wallet.amountInvalid' })
    expect(rule('1.500', 'la')).toBeNull()
    expect(rule('0,5', 'la')).toEqual({ key: 'validation.transferMin', values: { min: 1 } })
  })

  it('disables the slot transfer buttons at a wallet of 0 or below', () => {
    expect(slotTransferDisabled(0)).toBe(true)
    expect(slotTransferDisabled(-1)).toBe(true)
    expect(slotTransferDisabled(Number.NaN)).toBe(true)
    expect(slotTransferDisabled(0.01)).toBe(false)
  })
})

describe('withdraw rule (spec 5: limits from the server)', () => {
  it('names the minimum below withdrawMin', () => {
    expect(withdrawRule(en('99.99'), limits)).toEqual({ key: 'validation.withdrawMin', values: { min: 100 } })
    expect(withdrawRule(en('0'), limits)).toEqual({ key: 'validation.withdrawMin', values: { min: 100 } })
  })

  it('names the maximum above withdrawMax', () => {
    expect(withdrawRule(en('50000.01'), limits)).toEqual({ key: 'validation.withdrawMax', values: { max: 50_000 } })
  })

  it.each(['100', '50000', '1234.5', 100])('accepts %j within the limits (both ends included)', (amount) => {
    expect(withdrawRule(typed(amount), limits)).toBeNull()
  })

  it('uses the limits it is given', () => {
    expect(withdrawRule(en('150'), { withdrawMin: 200, withdrawMax: 300 })).toEqual({ key: 'validation.withdrawMin', values: { min: 200 } })
    expect(withdrawRule(en('350'), { withdrawMin: 200, withdrawMax: 300 })).toEqual({ key: 'validation.withdrawMax', values: { max: 300 } })
  })

  it('refuses more than the balance, naming the balance; the maximum while the balance is larger', () => {
    expect(withdrawRule(en('500'), limits, 300)).toEqual({ key: 'validation.withdrawOverBalance', values: { max: 300 } })
    expect(withdrawRule(en('300'), limits, 300)).toBeNull()
    expect(withdrawRule(en('300.01'), limits, 300)).toEqual({ key: 'validation.withdrawOverBalance', values: { max: 300 } })
    expect(withdrawRule(en('60000'), limits, 80_000)).toEqual({ key: 'validation.withdrawMax', values: { max: 50_000 } })
    expect(withdrawRule(en('60000'), limits, 50_000)).toEqual({ key: 'validation.withdrawMax', values: { max: 50_000 } })
    // Below the minimum it is the minimum that is said, whatever the balance.
    expect(withdrawRule(en('50'), limits, 30)).toEqual({ key: 'validation.withdrawMin', values: { min: 100 } })
  })

  it('says when the balance is below the minimum: no amount can be withdrawn', () => {
    expect(withdrawRule(en('100'), limits, 50)).toEqual({ key: 'validation.withdrawBalanceBelowMin', values: { min: 100, max: 50 } })
    expect(withdrawRule(en('100'), limits, -5)).toEqual({ key: 'validation.withdrawBalanceBelowMin', values: { min: 100, max: 0 } })
  })

  it('shows as the most a withdrawal can take the smaller of the maximum and the balance', () => {
    expect(withdrawCeiling(limits, 300)).toBe(300)
    expect(withdrawCeiling(limits, 80_000)).toBe(50_000)
    expect(withdrawCeiling(limits)).toBe(50_000)
    expect(withdrawCeiling(limits, -1)).toBe(0)
  })
})

describe('QR amount (spec 5, 9)', () => {
  it('disables bank QR creation at 0 or below only', () => {
    expect(qrCreateDisabled('KBANK', en('0'))).toBe(true)
    expect(qrCreateDisabled('KBANK', en(''))).toBe(true)
    expect(qrCreateDisabled('KBANK', 0)).toBe(true)
    expect(qrCreateDisabled('KBANK', en('0.01'))).toBe(false)
    expect(qrCreateDisabled('WW', en('0'))).toBe(false)
    expect(qrCreateDisabled('E2P', en(''))).toBe(false)
  })

  it.each(['KBANK', 'WW', 'E2P'] as const)('%s: skips creating under 1 or when empty', (provider) => {
    expect(qrAmountRule(provider, en('0.99'))).toBe('skip')
    expect(qrAmountRule(provider, en('0'))).toBe('skip')
    expect(qrAmountRule(provider, en(''))).toBe('skip')
  })

  it('WW needs 100, E2P 50', () => {
    expect(qrAmountRule('WW', en('99'))).toEqual({ key: 'wallet.qrMin', values: { min: 100 } })
    expect(qrAmountRule('WW', en('100'))).toBeNull()
    expect(qrAmountRule('E2P', en('49.99'))).toEqual({ key: 'wallet.qrMin', values: { min: 50 } })
    expect(qrAmountRule('E2P', en('50'))).toBeNull()
  })

  it('the bank QR takes its minimum from the server', () => {
    expect(qrAmountRule('KBANK', en('19'), 20)).toEqual({ key: 'wallet.qrMin', values: { min: 20 } })
    expect(qrAmountRule('KBANK', en('20'), 20)).toBeNull()
    expect(qrAmountRule('KBANK', en('1'))).toBeNull()
    expect(qrMinimum('KBANK', 300)).toBe(300)
    expect(qrMinimum('KBANK', 0)).toBe(1)
    expect(qrMinimum('WW', 300)).toBe(100)
  })

  it('flags a malformed amount', () => {
    expect(qrAmountRule('WW', en('100.0001'))).toEqual({ key: 'wallet.amountDecimals' })
    expect(qrAmountRule('WW', en('1OO'))).toEqual({ key: 'wallet.amountInvalid' })
    expect(qrAmountRule('WW', readAmount('100.5', 'la'))).toEqual({ key: 'wallet.amountAmbiguous' })
    // Unreadable, the button stays on so that a tap says why.
    expect(qrCreateDisabled('KBANK', readAmount('0.5', 'la'))).toBe(false)
    expect(qrCreateDisabled('KBANK', readAmount('0,00', 'la'))).toBe(true)
  })

  it('offers the quick amounts of spec 9, each at or above its minimum', () => {
    expect(QR_QUICK_AMOUNTS).toEqual({
      KBANK: [10, 20, 50, 100, 500, 1000],
      WW: [100, 200, 300, 500, 1000],
      E2P: [50, 100, 200, 500, 1000],
    })
    for (const provider of ['WW', 'E2P'] as const) {
      for (const amount of QR_QUICK_AMOUNTS[provider]) expect(qrAmountRule(provider, amount)).toBeNull()
    }
  })
})

describe('TrueMoney gift link (spec 1, 5)', () => {
  const link = 'https://gift.truemoney.com/campaign/?v=0a1B2c3D4e5F'

  it('reads a gift link, also inside a shared message, in one canonical form', () => {
    expect(parseGiftLink(link)).toBe(link)
    expect(parseGiftLink(`  ${link}  `)).toBe(link)
    expect(parseGiftLink(`ซองของขวัญ ${link} รับเลย`)).toBe(link)
    expect(parseGiftLink('https://GIFT.TRUEMONEY.COM/campaign?v=0a1B2c3D4e5F')).toBe(link)
    expect(parseGiftLink(`${link}&utm=share`)).toBe(link)
  })

  it.each([
    'https://gift.truemoney.com/campaign/?v=',
    'http://gift.truemoney.com/campaign/?v=abc',
    'https://gift.truemoney.com.evil.test/campaign/?v=abc',
    'https://evil.test/?u=https://gift.truemoney.com/campaign/?v=abc',
    'https://gift.truemoney.com/campaign/?v=abc<script>',
    'https://gift.truemoney.com/other/?v=abc',
    // The voucher rule the server keeps too (api/contract/giftVoucher.ts): 10 to 64 letters and digits.
    'https://gift.truemoney.com/campaign/?v=abc123xyz',
    `https://gift.truemoney.com/campaign/?v=${'a'.repeat(65)}`,
    'abc123',
    '',
  ])('rejects %j', (text) => {
    expect(parseGiftLink(text)).toBeNull()
  })

  it('takes the shortest and longest voucher the server takes', () => {
    expect(parseGiftLink('https://gift.truemoney.com/campaign/?v=abc123xyz0')).not.toBeNull()
    expect(parseGiftLink(`https://gift.truemoney.com/campaign/?v=${'a'.repeat(64)}`)).not.toBeNull()
    expect(truelinkVoucher('https://gift.truemoney.com/campaign/?v=abc123xyz0')).toBe('abc123xyz0')
    expect(truelinkVoucher('https://gift.truemoney.com/campaign/?v=abc123xyz')).toBeUndefined()
  })

  it('requires a value, then a gift link', () => {
    expect(giftLinkRule('')).toEqual({ key: 'validation.required' })
    expect(giftLinkRule('https://example.com')).toEqual({ key: 'wallet.giftLinkInvalid' })
    expect(giftLinkRule(link)).toBeNull()
  })

  it('keeps send disabled while empty', () => {
    expect(giftLinkSendDisabled('')).toBe(true)
    expect(giftLinkSendDisabled('   ')).toBe(true)
    expect(giftLinkSendDisabled('x')).toBe(false)
  })

  it('states the 2-baht minimum', () => {
    expect(GIFT_LINK_MINIMUM).toBe(2)
  })
})

describe('bank account name edit (spec 5)', () => {
  it.each(['KTB', 'TMB', 'BBL', 'ktb'])('is offered for %s when the registered name is not English', (bank) => {
    expect(offerAccountNameEdit(bank, 'สมชาย ใจดี')).toBe(true)
    expect(offerAccountNameEdit(bank, 'SOMCHAI ใจดี')).toBe(true)
    expect(offerAccountNameEdit(bank, 'SOMCHAI JAIDEE')).toBe(false)
  })

  it.each(['KBANK', 'SCB', 'BCEL'])('is not offered for %s', (bank) => {
    expect(offerAccountNameEdit(bank, 'สมชาย ใจดี')).toBe(false)
  })

  it('requires English letters and spaces only', () => {
    expect(accountNameEditRule('')).toEqual({ key: 'validation.required' })
    expect(accountNameEditRule('   ')).toEqual({ key: 'validation.required' })
    expect(accountNameEditRule('สมชาย ใจดี')).toEqual({ key: 'validation.requiredEngLang' })
    expect(accountNameEditRule('SOMCHAI J.')).toEqual({ key: 'validation.requiredEngLang' })
    expect(accountNameEditRule('SOMCHAI 2')).toEqual({ key: 'validation.requiredEngLang' })
    expect(accountNameEditRule('SOMCHAI JAIDEE')).toBeNull()
  })

  it('upper-cases what is typed', () => {
    expect(accountNameInput('somchai Jaidee')).toBe('SOMCHAI JAIDEE')
  })
})

describe('messages through i18n (en, th, la)', () => {
  beforeAll(async () => {
    await initI18n('en')
    await ensureAllStrings()
  })

  const text = async (problem: Problem, language: Language, currency: Currency = 'THB') => {
    await changeLanguage(language, { store: false })
    await ensureAllStrings()
    return problemText(problem, (key, values) => i18n.t(key, values), language, currency)
  }

  it('writes the limits as money in English', async () => {
    expect(await text(transferRule({ from: 'WALLET', to: 'PG', amount: en('0.5') })!, 'en')).toBe('The minimum amount is ฿1.00')
    expect(await text(withdrawRule(en('10'), limits)!, 'en')).toBe('The minimum withdrawal is ฿100.00')
    expect(await text(withdrawRule(en('60000'), limits)!, 'en')).toBe('The maximum withdrawal is ฿50,000.00')
    expect(await text(withdrawRule(en('400'), limits, 300)!, 'en')).toBe('That is more than your balance. You can withdraw up to ฿300.00')
    expect(await text(withdrawRule(en('100'), limits, 50)!, 'en')).toBe('Your balance (฿50.00) is below the minimum withdrawal of ฿100.00')
    expect(await text(qrAmountRule('WW', en('99')) as Problem, 'en')).toBe('The minimum deposit is ฿100.00')
    expect(await text(transferRule({ from: 'PG', to: 'PG', amount: en('5') })!, 'en')).toBe('Cannot transfer to the same account')
  })

  it('and in Thai and Lao, in the member\'s money', async () => {
    expect(await text(transferRule({ from: 'WALLET', to: 'PG', amount: en('0') })!, 'th')).toBe('จำนวนเงินขั้น\u2060ต่ำคือ ฿1.00')
    // A LAK member's minimum is 1 kip, not 1 baht; their withdrawal limits are kip.
    expect(await text(transferRule({ from: 'WALLET', to: 'PG', amount: en('0') })!, 'la', 'LAK')).toBe('ຈຳນວນເງິນຂັ້ນ\u2060ຕ່ຳແມ່ນ ₭1')
    expect(await text(withdrawRule(en('40000000'), { withdrawMin: 60_000, withdrawMax: 30_000_000 })!, 'la', 'LAK')).toBe('ຍອດຖອນສູງສຸດແມ່ນ ₭30.000.000')
    expect(await text(withdrawRule(en('60000'), limits)!, 'th')).toBe('ยอดถอนสูงสุดคือ ฿50,000.00')
    expect(await text(qrAmountRule('E2P', en('20')) as Problem, 'th')).toBe('ยอดฝากขั้น\u2060ต่ำคือ ฿50.00')
    expect(await text(accountNameEditRule('สมชาย')!, 'th')).toBe('กรุณากรอกชื่อบัญชีเป็นตัวอักษรภาษาอังกฤษเท่านั้น')
    expect(await text(giftLinkRule('nope')!, 'th')).toContain('ลิงก์นี้ไม่ใช่ลิงก์ซองของขวัญ TrueMoney')
  })

  it('shows the expected way of writing an amount in each language when one is refused', async () => {
    const unclear: Problem = { key: 'wallet.amountAmbiguous' }
    expect(await text(unclear, 'en')).toBe('This amount is unclear: write it like 1,234.50')
    expect(await text(unclear, 'th')).toBe('จำนวนเงินนี้อ่านได้ไม่ชัดเจน กรุณากรอกแบบ 1,234.50')
    expect(await text(unclear, 'la')).toBe('ຈຳນວນເງິນນີ້ອ່ານບໍ່ຊັດເຈນ ກະລຸນາປ້ອນແບບ 1.234,50')
    expect(await text({ key: 'wallet.amountDecimals' }, 'la')).toBe('ທົດສະນິຍົມໄດ້ບໍ່ເກີນ 2 ຕຳແໜ່ງ ເຊັ່ນ 1.234,50')
    expect(await text({ key: 'wallet.amountInvalid' }, 'th')).toBe('กรุณากรอกจำนวนเงินเป็นตัวเลข เช่น 1,234.50')
  })

  it('every key a rule can answer has a text in every language', async () => {
    const keys: Problem['key'][] = [
      'validation.required',
      'validation.transferSelectAccount',
      'validation.transferSelectTo',
      'validation.transferSameAccount',
      'validation.transferMin',
      'validation.withdrawMin',
      'validation.withdrawMax',
      'validation.withdrawOverBalance',
      'validation.withdrawBalanceBelowMin',
      'validation.requiredEngLang',
      'wallet.amountInvalid',
      'wallet.amountAmbiguous',
      'wallet.amountDecimals',
      'wallet.qrMin',
      'wallet.giftLinkInvalid',
    ]
    for (const language of ['en', 'th', 'la'] as const) {
      await changeLanguage(language, { store: false })
      await ensureAllStrings()
      for (const key of keys) expect(i18n.exists(key), `${language} ${key}`).toBe(true)
    }
  })
})

import { describe, expect, it } from 'vitest'
import type { DepositLookup } from '../../contract'
import { depositBankName, depositMethods, qrProviderOf, type DepositBankEntry, type DepositLookupInput } from '../../src/features/deposit/methods'

const bank = (over: Partial<DepositBankEntry>): DepositBankEntry => ({
  bankCode: 'SCB',
  bankType: 'BANK',
  mode: 'MANUAL',
  bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
  bankAccountName: 'WALLET DEMO CO LTD',
  bankAccountNo: '4071234567',
  currency: 'THB',
  ...over,
})

const lookup = (over: Partial<DepositLookupInput>): DepositLookupInput => ({ banks: [], wallets: [], isManual: false, ...over })

describe('deposit methods (spec 2 Deposit)', () => {
  it('the wire type of the deposit lookup fits', () => {
    const wire: DepositLookup = { banks: [], wallets: [], isManual: true }
    expect(depositMethods(wire).list).toBe('manual')
  })

  it('reads the bank list as manual or automatic from isManual', () => {
    expect(depositMethods(lookup({ isManual: true })).list).toBe('manual')
    expect(depositMethods(lookup({ isManual: false })).list).toBe('automatic')
  })

  it.each(['SCB', 'KBANK', 'GSB', 'BCEL', 'scb', ' gsb '])('shows a bank account of %j', (bankCode) => {
    const { banks } = depositMethods(lookup({ banks: [bank({ bankCode, currency: '' })] }))
    expect(banks.map((method) => method.bankCode)).toEqual([bankCode.trim().toUpperCase()])
  })

  it("offers only what the member's currency can pay: a kip member neither baht accounts nor QR nor TrueMoney", () => {
    const all = lookup({
      banks: [
        bank({ bankCode: 'BCEL', currency: 'LAK' }),
        bank({ bankCode: 'SCB', currency: 'THB' }),
        bank({ bankCode: 'KBANK', bankType: 'QR', mode: 'QR', currency: 'THB' }),
        bank({ bankCode: 'WW', bankType: 'WW', mode: 'AUTO', currency: 'THB' }),
      ],
      wallets: [{ walletAccountName: 'WALLET', mode: 'AUTO' }, { walletAccountName: 'GIFT', mode: 'LINK' }],
    })
    const kip = depositMethods(all, 'LAK')
    expect(kip.banks.map((method) => method.bankCode)).toEqual(['BCEL'])
    expect(kip).toMatchObject({ qr: [], trueWallets: [], giftLink: false })
    // The Lao variant's BAHT is the Thai baht.
    for (const currency of ['THB', 'BAHT'] as const) {
      const baht = depositMethods(all, currency)
      expect(baht.banks.map((method) => method.bankCode)).toEqual(['SCB'])
      expect(baht).toMatchObject({ qr: ['KBANK', 'WW'], giftLink: true })
      expect(baht.trueWallets).toHaveLength(1)
    }
  })

  it.each(['KTB', 'BBL', 'TMB', 'BAY', ''])('leaves out a bank the modal does not handle: %j', (bankCode) => {
    expect(depositMethods(lookup({ banks: [bank({ bankCode })] })).banks).toEqual([])
  })

  it('tells automatic accounts from manual ones by mode AUTO', () => {
    const { banks } = depositMethods(
      lookup({ banks: [bank({ bankCode: 'KBANK', bankType: 'AUTO', mode: 'auto' }), bank({ bankCode: 'SCB', mode: 'MANUAL' })] }),
    )
    expect(banks.map((method) => [method.bankCode, method.auto])).toEqual([
      ['KBANK', true],
      ['SCB', false],
    ])
  })

  it('turns KBANK in QR mode into the bank QR, not an account', () => {
    const methods = depositMethods(lookup({ banks: [bank({ bankCode: 'KBANK', bankType: 'BANK', mode: 'QR' })] }))
    expect(methods.banks).toEqual([])
    expect(methods.qr).toEqual(['KBANK'])
  })

  it('offers KBANK both ways when both entries exist', () => {
    const methods = depositMethods(
      lookup({ banks: [bank({ bankCode: 'KBANK', mode: 'QR' }), bank({ bankCode: 'KBANK', mode: 'AUTO' })] }),
    )
    expect(methods.qr).toEqual(['KBANK'])
    expect(methods.banks.map((method) => [method.bankCode, method.auto])).toEqual([['KBANK', true]])
  })

  it('offers WW and E2P as QR deposits, once each, in the order KBANK, WW, E2P', () => {
    const methods = depositMethods(
      lookup({
        banks: [
          bank({ bankCode: 'E2P', bankType: 'E2P', mode: 'AUTO' }),
          bank({ bankCode: 'ww', bankType: 'WW', mode: 'AUTO' }),
          bank({ bankCode: 'KBANK', mode: 'QR' }),
          bank({ bankCode: 'E2P', bankType: 'E2P', mode: 'AUTO' }),
        ],
      }),
    )
    expect(methods.qr).toEqual(['KBANK', 'WW', 'E2P'])
    expect(methods.banks).toEqual([])
  })

  it('reads WW and E2P from bankType as well', () => {
    expect(qrProviderOf({ bankCode: 'SOMEPAY', bankType: 'ww', mode: 'AUTO' })).toBe('WW')
    expect(qrProviderOf({ bankCode: 'SCB', bankType: 'BANK', mode: 'AUTO' })).toBeNull()
    expect(qrProviderOf({ bankCode: 'SCB', bankType: 'BANK', mode: 'QR' })).toBeNull()
  })

  it('offers TrueWallet by transfer for mode AUTO and the gift link otherwise', () => {
    const auto = { walletAccountName: 'WALLET DEMO', mode: 'AUTO' }
    const link = { walletAccountName: 'WALLET GIFT', mode: 'LINK' }
    expect(depositMethods(lookup({ wallets: [auto] }))).toMatchObject({ trueWallets: [auto], giftLink: false })
    expect(depositMethods(lookup({ wallets: [link] }))).toMatchObject({ trueWallets: [], giftLink: true })
    expect(depositMethods(lookup({ wallets: [auto, link] }))).toMatchObject({ trueWallets: [auto], giftLink: true })
    expect(depositMethods(lookup({ wallets: [] }))).toMatchObject({ trueWallets: [], giftLink: false })
  })

  it('offers slip upload when a bank account is shown', () => {
    expect(depositMethods(lookup({ banks: [bank({})] })).slipUpload).toBe(true)
    expect(depositMethods(lookup({ banks: [bank({ bankCode: 'KBANK', mode: 'QR' })] })).slipUpload).toBe(false)
  })

  it('reads the reference server seed as a manual SCB, an automatic KBANK and a TrueWallet', () => {
    const methods = depositMethods({
      isManual: false,
      banks: [
        bank({ bankCode: 'KBANK', bankType: 'AUTO', mode: 'AUTO', bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' } }),
        bank({ bankCode: 'SCB', bankType: 'BANK', mode: 'MANUAL' }),
      ],
      wallets: [{ walletAccountName: 'WALLET DEMO', mode: 'AUTO' }],
    })
    expect(methods.banks.map((method) => `${method.bankCode}:${method.auto}`)).toEqual(['KBANK:true', 'SCB:false'])
    expect(methods.trueWallets).toHaveLength(1)
  })
})

describe('deposit bank name', () => {
  const kbank = bank({ bankCode: 'KBANK', mode: 'AUTO', bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' } })

  it.each(['la', 'en'] as const)('shows an automatic account in upper case (%s)', (language) => {
    expect(depositBankName({ auto: true, entry: kbank }, language)).toBe('KASIKORNBANK')
  })

  it('shows an automatic account in Thai on a Thai screen: no capitals beside Thai names', () => {
    expect(depositBankName({ auto: true, entry: kbank }, 'th')).toBe('ธนาคารกสิกรไทย')
  })

  it('shows a manual account in the player language', () => {
    const scb = bank({})
    expect(depositBankName({ auto: false, entry: scb }, 'th')).toBe('ธนาคารไทยพาณิชย์')
    expect(depositBankName({ auto: false, entry: scb }, 'en')).toBe('Siam Commercial Bank')
    expect(depositBankName({ auto: false, entry: scb }, 'la')).toBe('Siam Commercial Bank')
  })

  it('falls back to the other name, then the code', () => {
    expect(depositBankName({ auto: true, entry: bank({ bank: { nameTH: '', nameEN: '' }, bankCode: 'gsb' }) }, 'en')).toBe('GSB')
    expect(depositBankName({ auto: false, entry: bank({ bank: { nameTH: '', nameEN: 'BCEL Bank' } }) }, 'th')).toBe('BCEL Bank')
  })
})

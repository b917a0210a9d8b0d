/**
 * Where players send money, and whom they talk to: the operator's deposit accounts (bank accounts,
 * the PromptPay ids its QR codes pay, TrueMoney wallets) and its LINE contact. The demo's are seeded
 * in demo, dev and test only (seed.ts); production takes the operator's from DEPOSIT_ACCOUNTS and
 * CONTACT (env.ts) and refuses to start without them (issue 27: a player in production must never
 * be offered the demo's accounts). Applied at every start, they replace whatever the table held,
 * a demo run's accounts included.
 */
import { type Static, Type } from 'typebox'
import { Value } from 'typebox/value'
import type { InLanguages as TextInLanguages } from '../../contract/lib/language'
import { InLanguages } from '../../contract/shared'
import type { Db } from '../shared/db'
import { insertDepositAccounts, setContent } from '../lookup/repo'
import { promptPayProxy } from './promptpay'
import { deleteDepositAccountsAndWallets, insertWalletAccounts, listBankCodes } from './repo'

const filled = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' })
const digits = Type.String({ pattern: '^[0-9]{6,20}$' })

/** Types whose account number is the PromptPay id a QR code pays (deposit/qrcode.ts). */
const QR_BANK_TYPES: readonly string[] = ['QR', 'WW', 'E2P']

export const DepositAccountsSetting = Type.Object({
  banks: Type.Array(Type.Object({
    bankCode: Type.String({ pattern: '^[A-Z0-9]{2,16}$' }),
    /** AUTO or BANK: a transfer to the account; QR, WW or E2P: the PromptPay id that provider's QR pays. */
    bankType: Type.Union([Type.Literal('AUTO'), Type.Literal('BANK'), Type.Literal('QR'), Type.Literal('WW'), Type.Literal('E2P')]),
    /** AUTO: credited when it arrives; MANUAL: checked by staff; QR: a QR payment. */
    mode: Type.Union([Type.Literal('AUTO'), Type.Literal('MANUAL'), Type.Literal('QR')]),
    accountName: filled(200),
    accountNo: digits,
    currency: Type.Union([Type.Literal('THB'), Type.Literal('LAK'), Type.Literal('BAHT')]),
    /** Shown in one variant only (th or la); absent: in both. */
    variant: Type.Optional(Type.Union([Type.Literal('th'), Type.Literal('la')])),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 50 }),
  /** TrueMoney: AUTO, a wallet to transfer to (with its number); TRUELINK, gift links redeemed to it. */
  wallets: Type.Optional(Type.Array(Type.Object({
    accountName: filled(200),
    accountNo: Type.Optional(Type.String({ pattern: '^0[0-9]{9}$' })),
    mode: Type.Union([Type.Literal('AUTO'), Type.Literal('TRUELINK')]),
  }, { additionalProperties: false }), { maxItems: 10 })),
}, { additionalProperties: false })
export type DepositAccountsSetting = Static<typeof DepositAccountsSetting>

const httpsUrl = Type.String({ maxLength: 2_000, pattern: '^https://[^\\s]+$' })

export const ContactSetting = Type.Object({
  lineName: filled(200),
  lineLink: httpsUrl,
  /** The LINE QR image's address; absent: the contact page shows no QR. */
  lineQR: Type.Optional(httpsUrl),
  /** HTML shown above the QR (the app sanitizes it), in one language or several (issue 51); absent: the seeded text. */
  contactText: Type.Optional(InLanguages(20_000)),
  website: Type.Optional(httpsUrl),
}, { additionalProperties: false })
export type ContactSetting = Static<typeof ContactSetting>

/** An untrusted DEPOSIT_ACCOUNTS value: the setting, or what is wrong with it. */
export function parseDepositAccounts(value: unknown): DepositAccountsSetting | string {
  if (!Value.Check(DepositAccountsSetting, value)) {
    const error = Value.Errors(DepositAccountsSetting, value)[0]
    return `${error?.instancePath || '(the value)'} ${error?.message ?? 'is not valid'}`
  }
  for (const [i, bank] of value.banks.entries()) {
    if (!QR_BANK_TYPES.includes(bank.bankType)) continue
    try {
      promptPayProxy(bank.accountNo)
    } catch {
      return `/banks/${i}/accountNo must be a PromptPay id (a 10-digit mobile number, a 13-digit tax id or a 15-digit e-wallet id)`
    }
  }
  return value
}

export function parseContact(value: unknown): ContactSetting | string {
  if (Value.Check(ContactSetting, value)) return value
  const error = Value.Errors(ContactSetting, value)[0]
  return `${error?.instancePath || '(the value)'} ${error?.message ?? 'is not valid'}`
}

/** Replaces every deposit account and TrueMoney wallet with the operator's. Unknown bank codes stop it. */
export async function applyDepositAccounts(db: Db, setting: DepositAccountsSetting): Promise<void> {
  const known = new Set(await listBankCodes(db))
  const unknown = setting.banks.filter((bank) => !known.has(bank.bankCode)).map((bank) => bank.bankCode)
  if (unknown.length > 0) throw new Error(`DEPOSIT_ACCOUNTS names banks the server does not know: ${[...new Set(unknown)].join(', ')}`)
  await deleteDepositAccountsAndWallets(db)
  await insertDepositAccounts(db, setting.banks, 0)
  const wallets = setting.wallets ?? []
  if (wallets.length > 0) {
    await insertWalletAccounts(db, wallets.map((wallet, sort) => ({ account_name: wallet.accountName, account_no: wallet.accountNo ?? null, mode: wallet.mode, sort })))
  }
}

/** The contact page's LINE contact and text, and the site's address, from the operator's setting. */
export async function applyContact(db: Db, setting: ContactSetting, defaults: { contactText: TextInLanguages; appName: string }): Promise<void> {
  await setContent(db, 'contact', {
    contactText: setting.contactText ?? defaults.contactText,
    lineLink: setting.lineLink,
    lineName: setting.lineName,
    lineQR: setting.lineQR ?? '',
  })
  await setContent(db, 'info', { name: defaults.appName, website: setting.website ?? '' })
}

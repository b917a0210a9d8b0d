// Which deposit methods the deposit modal offers (spec 2 Deposit), read from the deposit lookup of
// spec 3: bank accounts for SCB, KBANK (AUTO or QR), GSB and BCEL; QR payments WW and E2P; TrueWallet
// by transfer (AUTO) or by gift link. Codes, types and modes are compared upper-cased, as operators
// write them in any case. The input types name only the fields read here (spec 3's names), so the
// lookup's wire type fits them.
import type { Currency } from '../../../contract'
import type { Language } from '../../../contract/lib/language'
import { bankName } from '../../lib/banks'
import { sameCurrency } from '../../../contract/lib/money'
import { QR_PROVIDERS, type QrProvider } from './rules'

export interface DepositBankEntry {
  bankCode: string
  bankType: string
  mode: string
  bank: { nameTH: string; nameEN: string }
  bankAccountName: string
  bankAccountNo: string
  currency: string
}

export interface WalletAccountEntry {
  walletAccountName: string
  /** The wallet's number (reference server); absent from operators that put it in the name. */
  walletAccountNo?: string
  mode: string
}

export interface DepositLookupInput {
  banks: readonly DepositBankEntry[]
  wallets: readonly WalletAccountEntry[]
  isManual: boolean
}

/** Banks the deposit modal shows an account of. */
export const DEPOSIT_BANK_CODES = ['SCB', 'KBANK', 'GSB', 'BCEL'] as const
export type DepositBankCode = (typeof DEPOSIT_BANK_CODES)[number]

const AUTO = 'AUTO'
const QR = 'QR'
/** Payment types that are QR deposits of their own. */
const QR_PAYMENT_TYPES: readonly string[] = ['WW', 'E2P']

const up = (value: string | null | undefined): string => (value ?? '').trim().toUpperCase()

export interface BankMethod {
  bankCode: DepositBankCode
  /** Credited automatically (mode AUTO), else a manual transfer. */
  auto: boolean
  entry: DepositBankEntry
}

export interface DepositMethods {
  /** Spec 2: the bank list is manual or automatic (isManual). */
  list: 'manual' | 'automatic'
  banks: BankMethod[]
  /** QR deposits, once each, in the order KBANK, WW, E2P. */
  qr: QrProvider[]
  /** TrueWallet accounts to transfer to (mode AUTO). */
  trueWallets: WalletAccountEntry[]
  /** A TrueWallet entry of any other mode offers the TrueMoney gift link. */
  giftLink: boolean
  /** A slip can be uploaded for a transfer to any of the bank accounts shown. */
  slipUpload: boolean
}

const isDepositBank = (code: string): code is DepositBankCode => (DEPOSIT_BANK_CODES as readonly string[]).includes(code)

/** The QR provider an entry stands for, if any: KBANK in QR mode (or of type QR), WW, E2P. */
export function qrProviderOf(entry: Pick<DepositBankEntry, 'bankCode' | 'bankType' | 'mode'>): QrProvider | null {
  const code = up(entry.bankCode)
  const type = up(entry.bankType)
  if (QR_PAYMENT_TYPES.includes(code)) return code as QrProvider
  if (QR_PAYMENT_TYPES.includes(type)) return type as QrProvider
  if (code === 'KBANK' && (up(entry.mode) === QR || type === QR)) return 'KBANK'
  return null
}

/**
 * The methods to show a member paying in `currency` for a deposit lookup: banks the modal does not
 * handle, and accounts in another currency, are left out; QR codes (PromptPay) and TrueMoney are
 * baht only, so a kip member is not offered them (they could only fail).
 */
export function depositMethods(lookup: DepositLookupInput, currency: Currency = 'THB'): DepositMethods {
  const banks: BankMethod[] = []
  const qr = new Set<QrProvider>()
  const baht = sameCurrency(currency, 'THB')
  for (const entry of lookup.banks) {
    if (entry.currency && !sameCurrency(entry.currency, currency)) continue
    const provider = qrProviderOf(entry)
    if (provider) {
      if (baht) qr.add(provider)
      continue
    }
    const code = up(entry.bankCode)
    if (isDepositBank(code)) banks.push({ bankCode: code, auto: up(entry.mode) === AUTO || up(entry.bankType) === AUTO, entry })
  }
  const wallets = baht ? lookup.wallets : []
  const trueWallets = wallets.filter((wallet) => up(wallet.mode) === AUTO)
  return {
    list: lookup.isManual ? 'manual' : 'automatic',
    banks,
    qr: QR_PROVIDERS.filter((provider) => qr.has(provider)),
    trueWallets,
    giftLink: wallets.some((wallet) => up(wallet.mode) !== AUTO),
    slipUpload: banks.length > 0,
  }
}

/**
 * The bank's name on a deposit account, in the player's language (Thai name in Thai, else English:
 * no Thai script on a Lao screen); an automatic account's upper-cased (spec 2), which leaves Thai as it is.
 */
export function depositBankName(method: Pick<BankMethod, 'auto' | 'entry'>, language: Language): string {
  const { nameTH, nameEN } = method.entry.bank
  const code = method.entry.bankCode
  const name = bankName({ nameTH, nameEN }, language, code)
  return method.auto ? name.toUpperCase() : name
}

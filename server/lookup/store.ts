import type {
  Bank,
  ContactInfo,
  Currency,
  DepositBank,
  SiteInfo,
  Source,
  Variant,
  WalletAccount,
} from '../../src/api/types'
import type { Db } from '../db'

/** Admin-editable content kept as JSON in the `content` table, by key. */
export interface ContentMap {
  contact: ContactInfo
  info: SiteInfo
  conditions: string[]
  agreements: string[]
  /** Minor units. */
  withdrawLimits: { withdrawMinMinor: number; withdrawMaxMinor: number }
  notice: string
  /** HH:mm in the server's time zone; the window may wrap past midnight. */
  slipWindow: { closedFrom: string; closedTo: string }
}

export function getContent<K extends keyof ContentMap>(db: Db, key: K): ContentMap[K] | undefined {
  const value = db.prepare('SELECT value FROM content WHERE key = ?').pluck().get(key) as
    | string
    | undefined
  return value === undefined ? undefined : (JSON.parse(value) as ContentMap[K])
}

export function setContent<K extends keyof ContentMap>(db: Db, key: K, value: ContentMap[K]): void {
  db.prepare(
    'INSERT INTO content (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, JSON.stringify(value))
}

interface BankRow {
  code: string
  name_th: string
  name_en: string
}

const toBank = (row: BankRow): Bank => ({ code: row.code, nameTH: row.name_th, nameEN: row.name_en })

/** Thai banks; in the Lao variant the Lao banks first, then the Thai ones. */
export function listBanks(db: Db, variant: Variant): Bank[] {
  const rows = db
    .prepare(
      `SELECT code, name_th, name_en FROM banks
       WHERE country = 'TH' OR ? = 'la'
       ORDER BY CASE country WHEN 'LA' THEN 0 ELSE 1 END, sort`,
    )
    .all(variant) as BankRow[]
  return rows.map(toBank)
}

/** A bank a member of this variant may register with. */
export function findBank(db: Db, code: string, variant: Variant): Bank | undefined {
  const row = db
    .prepare(
      `SELECT code, name_th, name_en FROM banks WHERE code = ? AND (country = 'TH' OR ? = 'la')`,
    )
    .get(code, variant) as BankRow | undefined
  return row && toBank(row)
}

/** Any bank by code, whatever the variant (for showing a member's stored bank). */
export function bankByCode(db: Db, code: string): Bank | undefined {
  const row = db.prepare('SELECT code, name_th, name_en FROM banks WHERE code = ?').get(code) as
    | BankRow
    | undefined
  return row && toBank(row)
}

export function listSources(db: Db): Source[] {
  return db
    .prepare('SELECT code, description FROM sources ORDER BY sort')
    .all() as Source[]
}

export function sourceExists(db: Db, code: string): boolean {
  return db.prepare('SELECT 1 FROM sources WHERE code = ?').get(code) !== undefined
}

interface DepositRow {
  bank_code: string
  bank_type: string
  mode: string
  account_name: string
  account_no: string
  currency: Currency
  name_th: string
  name_en: string
}

export function listDepositBanks(db: Db, variant: Variant): DepositBank[] {
  const rows = db
    .prepare(
      `SELECT d.bank_code, d.bank_type, d.mode, d.account_name, d.account_no, d.currency,
              b.name_th, b.name_en
       FROM deposit_accounts d JOIN banks b ON b.code = d.bank_code
       WHERE d.variant IS NULL OR d.variant = ?
       ORDER BY d.sort`,
    )
    .all(variant) as DepositRow[]
  return rows.map((row) => ({
    bankCode: row.bank_code,
    bankType: row.bank_type,
    mode: row.mode,
    bank: { nameTH: row.name_th, nameEN: row.name_en },
    bankAccountName: row.account_name,
    bankAccountNo: row.account_no,
    currency: row.currency,
  }))
}

export function listWalletAccounts(db: Db): WalletAccount[] {
  return db
    .prepare('SELECT account_name AS walletAccountName, mode FROM wallet_accounts ORDER BY sort')
    .all() as WalletAccount[]
}

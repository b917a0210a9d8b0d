import type {
  Bank,
  ContactInfo,
  Currency,
  DepositBank,
  SiteInfo,
  Source,
  Variant,
  WalletAccount,
} from '../../contract'
import { type Static, Type } from 'typebox'
import type { InLanguages } from '../../contract/lib/language'
import type { BannersAsWritten } from '../../contract/shared'
import { PAYOUT_MINUTES_MAX } from '../../contract/lookup'
import type { Db } from '../shared/db'
import type { Money } from '../shared/money'
import { recentValue } from '../shared/recent'
import type { Generated } from 'kysely'

declare module '../shared/db' {
  /** The lookup area's tables (the migrations make them). */
  interface Tables {
    content: { key: string; value: string }
    banks: { code: string; name_th: string; name_en: string; country: string; sort: number }
    sources: { code: string; description: string; sort: number }
    deposit_accounts: {
      id: Generated<number>
      bank_code: string
      bank_type: string
      mode: string
      account_name: string
      account_no: string
      currency: string
      variant: string | null
      sort: number
    }
    wallet_accounts: { id: Generated<number>; account_name: string; account_no: string | null; mode: string; sort: number }
  }
}

/** Admin-editable content kept as JSON in the `content` table, by key. */
export interface ContentMap {
  contact: Omit<ContactInfo, 'contactText'> & { contactText: InLanguages }
  info: SiteInfo
  /** The operator's texts here are one string, or one per language (issue 51: server/shared/inLanguages.ts). */
  conditions: InLanguages[]
  agreements: InLanguages[]
  /** Per money, minor units of it (issue 27); a database seeded before kept one pair for everyone (read as baht). */
  withdrawLimits: WithdrawLimitsByMoney | WithdrawLimitPair
  notice: InLanguages
  /** HH:mm in the server's time zone; the window may wrap past midnight. */
  slipWindow: { closedFrom: string; closedTo: string }
  /** Shown in a carousel before the invite or refund modal (spec 2); none: the modal opens directly. */
  inviteBanners: BannerAsWritten[]
  refundBanners: BannerAsWritten[]
  /** The refund check's `info` (issue 33): how the lost-bet refund works, HTML. */
  refundInfo: InLanguages
}

type BannerAsWritten = Static<typeof BannersAsWritten>[number]

export interface WithdrawLimitPair {
  withdrawMinMinor: number
  withdrawMaxMinor: number
  /** How long a requested withdrawal usually takes to reach the member's bank, in minutes: the
   *  withdraw confirmation and receipt say it (issue 51 §2). Not said when the operator sets none. */
  payoutMinutes?: number
}
export type WithdrawLimitsByMoney = Partial<Record<Money, WithdrawLimitPair>>

const limitPair = Type.Object({
  withdrawMinMinor: Type.Integer({ minimum: 1, maximum: 1e15 }),
  withdrawMaxMinor: Type.Integer({ minimum: 1, maximum: 1e15 }),
  payoutMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: PAYOUT_MINUTES_MAX })),
}, { additionalProperties: false })

/** WITHDRAW_LIMITS: the pair of each money the operator sets, minor units of that money. */
export const WithdrawLimitsSetting = Type.Object({ THB: Type.Optional(limitPair), LAK: Type.Optional(limitPair) }, { additionalProperties: false })
export type WithdrawLimitsSetting = Static<typeof WithdrawLimitsSetting>

/** The stored withdrawal limits per money (the shape of before, one pair, read as baht); undefined when none are stored. */
export async function storedWithdrawLimits(db: Db): Promise<WithdrawLimitsByMoney | undefined> {
  const limits = await getContent(db, 'withdrawLimits')
  return limits && 'withdrawMinMinor' in limits ? { THB: limits } : limits
}

/** Sets the limits of the moneys `setting` names, keeping the others' as stored. */
export async function applyWithdrawLimits(db: Db, setting: WithdrawLimitsSetting): Promise<void> {
  await setContent(db, 'withdrawLimits', { ...(await storedWithdrawLimits(db)), ...setting })
}

/** The withdrawal limits of one money; undefined when the operator set none for it. */
export async function withdrawLimitsFor(db: Db, money: Money): Promise<WithdrawLimitPair | undefined> {
  return (await storedWithdrawLimits(db))?.[money]
}

export async function getContent<K extends keyof ContentMap>(db: Db, key: K): Promise<ContentMap[K] | undefined> {
  const row = await db.selectFrom('content').select('value').where('key', '=', key).executeTakeFirst()
  return row === undefined ? undefined : (JSON.parse(row.value) as ContentMap[K])
}

export async function setContent<K extends keyof ContentMap>(db: Db, key: K, value: ContentMap[K]): Promise<void> {
  const json = JSON.stringify(value)
  await db.insertInto('content').values({ key, value: json })
    .onConflict((c) => c.column('key').doUpdateSet({ value: json }))
    .execute()
}

interface BankRow {
  code: string
  name_th: string
  name_en: string
}

const toBank = (row: BankRow): Bank => ({ code: row.code, nameTH: row.name_th, nameEN: row.name_en })

/** Thai banks; in the Lao variant the Lao banks first, then the Thai ones. */
export async function listBanks(db: Db, variant: Variant): Promise<Bank[]> {
  let query = db.selectFrom('banks').select(['code', 'name_th', 'name_en'])
  if (variant !== 'la') query = query.where('country', '=', 'TH')
  const rows = await query
    .orderBy((eb) => eb.case().when('country', '=', 'LA').then(0).else(1).end())
    .orderBy('sort')
    .execute()
  return rows.map(toBank)
}

/** A bank by code, its names read at most a minute ago; with `variant`, only a bank a member of
 *  that variant may register with (a Lao bank only in the Lao variant). */
export async function findBank(db: Db, code: string, variant?: Variant): Promise<Bank | undefined> {
  const row = await recentValue(db, `bank:${code}`, 60_000, () =>
    db.selectFrom('banks').select(['code', 'name_th', 'name_en', 'country']).where('code', '=', code).executeTakeFirst())
  if (!row || (variant !== undefined && variant !== 'la' && row.country !== 'TH')) return undefined
  return toBank(row)
}

export async function listSources(db: Db): Promise<Source[]> {
  return db.selectFrom('sources').select(['code', 'description']).orderBy('sort').execute()
}

export async function sourceExists(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('sources').select('code').where('code', '=', code).executeTakeFirst()) !== undefined
}

/** A deposit account as the seed writes it. */
export interface SeedDepositAccount {
  bankCode: string
  bankType: string
  mode: string
  accountName: string
  accountNo: string
  currency: string
  variant?: Variant | null
}

/** Adds deposit accounts listed after the ones numbered below `firstSort`. */
export async function insertDepositAccounts(db: Db, accounts: readonly SeedDepositAccount[], firstSort: number): Promise<void> {
  await db.insertInto('deposit_accounts').values(accounts.map((a, i) => ({
    bank_code: a.bankCode,
    bank_type: a.bankType,
    mode: a.mode,
    account_name: a.accountName,
    account_no: a.accountNo,
    currency: a.currency,
    variant: a.variant ?? null,
    sort: firstSort + i,
  }))).execute()
}

export async function listDepositBanks(db: Db, variant: Variant): Promise<DepositBank[]> {
  const rows = await db.selectFrom('deposit_accounts as d')
    .innerJoin('banks as b', 'b.code', 'd.bank_code')
    .select(['d.bank_code', 'd.bank_type', 'd.mode', 'd.account_name', 'd.account_no', 'd.currency', 'b.name_th', 'b.name_en'])
    .where((eb) => eb.or([eb('d.variant', 'is', null), eb('d.variant', '=', variant)]))
    .orderBy('d.sort')
    .execute()
  return rows.map((row) => ({
    bankCode: row.bank_code,
    bankType: row.bank_type,
    mode: row.mode,
    bank: { nameTH: row.name_th, nameEN: row.name_en },
    bankAccountName: row.account_name,
    bankAccountNo: row.account_no,
    currency: row.currency as Currency,
  }))
}

export async function listWalletAccounts(db: Db): Promise<WalletAccount[]> {
  const rows = await db.selectFrom('wallet_accounts').select(['account_name as walletAccountName', 'account_no', 'mode']).orderBy('sort').execute()
  return rows.map(({ account_no, ...row }) => (account_no ? { ...row, walletAccountNo: account_no } : row))
}

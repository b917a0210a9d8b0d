import type { Currency } from '../../src/api/contract'
import type { Member } from './member'
import { type Generated, sql } from 'kysely'
import { type Db, inTransaction, isPostgres } from '../shared/db'
import { runSql } from '../shared/sql'
import { openWallet } from '../shared/ledger'
import { holdWaitingWithdrawals } from '../wallet/repo'

declare module '../shared/db' {
  /** The account area's tables (the migrations make them). */
  interface Tables {
    members: {
      id: Generated<number>
      username: string
      password_hash: string
      name: string
      bank_code: string
      bank_account_name: string
      bank_account_no: string
      currency: string
      source_code: string | null
      invited_by: number | null
      /** 1 or 0: one representation on both dialects. */
      is_active: Generated<number>
      created_at: number
      payout_hold_until: Generated<number>
    }
    bank_account_changes: {
      id: Generated<number>
      member_id: number
      old_bank_code: string
      old_account_no: string
      old_account_name: string
      new_bank_code: string
      new_account_no: string
      new_account_name: string
      address: string
      changed_at: number
    }
  }
}

export type { Member } from './member'

const columns = [
  'id', 'username', 'password_hash as passwordHash', 'name', 'bank_code as bankCode',
  'bank_account_name as bankAccountName', 'bank_account_no as bankAccountNo', 'currency',
  'source_code as sourceCode', 'invited_by as invitedBy', 'is_active as isActive',
  'created_at as createdAt', 'payout_hold_until as payoutHoldUntil',
] as const

/** is_active is stored as 0 or 1 on both dialects. */
type MemberRow = Omit<Member, 'isActive' | 'currency'> & { isActive: number; currency: string }

function fromRow(member: MemberRow | undefined): Member | undefined {
  return member && { ...member, currency: member.currency as Currency, isActive: member.isActive === 1 }
}

export async function findMemberById(db: Db, id: number): Promise<Member | undefined> {
  return fromRow(await db.selectFrom('members').select(columns).where('id', '=', id).executeTakeFirst())
}

/** `columns` as SQL, for the one read every member call makes (sql.ts: the builder costs what the read does). */
const sessionMemberSql = `SELECT ${columns.map((column) => {
  const [name, alias] = column.split(' as ')
  return alias ? `m.${name} AS "${alias}"` : `m.${name}`
}).join(', ')}, s.expires_at AS "sessionExpiresAt" FROM sessions s JOIN members m ON m.id = s.member_id WHERE s.token_hash = ?`

/** The member holding a session (by the token's hash) and when it expires, in one read: every member call asks. */
export async function findSessionMember(db: Db, tokenHash: string): Promise<{ member: Member; expiresAt: number } | undefined> {
  const [row] = await runSql<MemberRow & { sessionExpiresAt: number }>(db, sessionMemberSql, [tokenHash])
  if (!row) return undefined
  const { sessionExpiresAt, ...member } = row
  return { member: fromRow(member as MemberRow) as Member, expiresAt: Number(sessionExpiresAt) }
}

export async function findMemberByUsername(db: Db, username: string): Promise<Member | undefined> {
  return fromRow(await db.selectFrom('members').select(columns).where('username', '=', username).executeTakeFirst())
}

/** Whether another member already holds this bank account. */
export async function bankAccountInUse(db: Db, bankCode: string, accountNo: string, exceptId = 0): Promise<boolean> {
  const row = await db.selectFrom('members').select('id')
    .where('bank_code', '=', bankCode).where('bank_account_no', '=', accountNo).where('id', '<>', exceptId)
    .executeTakeFirst()
  return row !== undefined
}

export type NewMember = Omit<Member, 'id' | 'isActive' | 'payoutHoldUntil'> & { id?: number }

/** Creates the member and its empty wallet in one transaction; returns the member id. */
export async function insertMember(db: Db, member: NewMember): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx.insertInto('members')
      .values({
        ...(member.id === undefined ? {} : { id: member.id }),
        username: member.username,
        password_hash: member.passwordHash,
        name: member.name,
        bank_code: member.bankCode,
        bank_account_name: member.bankAccountName,
        bank_account_no: member.bankAccountNo,
        currency: member.currency,
        source_code: member.sourceCode,
        invited_by: member.invitedBy,
        created_at: member.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const id = Number(row.id)
    // A chosen id (the demo member) moves PostgreSQL's sequence past it, as SQLite's rowid does.
    if (member.id !== undefined && isPostgres(trx)) {
      await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), GREATEST(${id}, (SELECT MAX(id) FROM members)))`.execute(trx)
    }
    await openWallet(trx, id, member.currency, member.createdAt)
    return id
  })
}

export interface ProfileUpdate {
  name: string
  bankCode: string
  bankAccountName: string
  bankAccountNo: string
}

/** Who changed a payout account, from where and when: an audit row per change. */
export interface BankChange {
  address: string
  at: number
  /** How long payouts wait after a change of bank or account number. */
  holdMs: number
}

const sameAccount = (member: Member, bank: Omit<ProfileUpdate, 'name'>) =>
  member.bankCode === bank.bankCode && member.bankAccountNo === bank.bankAccountNo

async function auditBankChange(db: Db, member: Member, bank: Omit<ProfileUpdate, 'name'>, change: BankChange): Promise<void> {
  await db.insertInto('bank_account_changes').values({
    member_id: member.id,
    old_bank_code: member.bankCode,
    old_account_no: member.bankAccountNo,
    old_account_name: member.bankAccountName,
    new_bank_code: bank.bankCode,
    new_account_no: bank.bankAccountNo,
    new_account_name: bank.bankAccountName,
    address: change.address,
    changed_at: change.at,
  }).execute()
  // A new destination for the member's money: payouts wait, so a stolen session cannot drain it at
  // once, and the withdrawals already waiting go to review (each is still paid to its own account).
  // A corrected holder name alone keeps the account the money goes to, so it does neither.
  if (!sameAccount(member, bank)) {
    const until = change.at + change.holdMs
    await db.updateTable('members')
      .set((eb) => ({
        payout_hold_until: eb.case().when('payout_hold_until', '<', until).then(until).else(eb.ref('payout_hold_until')).end(),
      }))
      .where('id', '=', member.id)
      .execute()
    await holdWaitingWithdrawals(db, member.id)
  }
}

const bankChanged = (member: Member, bank: Omit<ProfileUpdate, 'name'>) =>
  !sameAccount(member, bank) || member.bankAccountName !== bank.bankAccountName

export async function updateMemberProfile(db: Db, member: Member, update: ProfileUpdate, change: BankChange): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('members')
      .set({
        name: update.name,
        bank_code: update.bankCode,
        bank_account_name: update.bankAccountName,
        bank_account_no: update.bankAccountNo,
      })
      .where('id', '=', member.id)
      .execute()
    if (bankChanged(member, update)) await auditBankChange(trx, member, update, change)
  })
}

export async function updateBankAccountName(db: Db, member: Member, bankAccountName: string, change: BankChange): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('members').set({ bank_account_name: bankAccountName }).where('id', '=', member.id).execute()
    const bank = { bankCode: member.bankCode, bankAccountNo: member.bankAccountNo, bankAccountName }
    if (bankChanged(member, bank)) await auditBankChange(trx, member, bank, change)
  })
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('members').set({ password_hash: passwordHash }).where('id', '=', id).execute()
}

export async function setMemberActive(db: Db, id: number, active: boolean): Promise<void> {
  await db.updateTable('members').set({ is_active: active ? 1 : 0 }).where('id', '=', id).execute()
}

/** The member an invite code names (spec 2: the prefix PR plus the member id; the app writes it, lib/inviteCode.ts). */
export function memberIdFromInviteCode(code: string): number | undefined {
  const match = /^PR(\d{1,12})$/i.exec(code)
  return match ? Number(match[1]) : undefined
}

/** The unique constraints whose violation the routes turn into an answer. */
export const UNIQUE = {
  username: { sqlite: 'members.username', postgres: 'members_username' },
  bankAccount: { sqlite: 'members.bank_code', postgres: 'members_bank_account' },
} as const

/**
 * True for a unique-constraint failure of `constraint` on either dialect: SQLite's
 * SQLITE_CONSTRAINT_UNIQUE naming the column, PostgreSQL's 23505 naming the constraint.
 */
export function isUniqueViolation(error: unknown, constraint: { sqlite: string; postgres: string }): boolean {
  if (!(error instanceof Error)) return false
  const { code, constraint: name } = error as { code?: string; constraint?: string }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') return error.message.includes(constraint.sqlite)
  return code === '23505' && name === constraint.postgres
}

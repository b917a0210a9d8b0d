import type { Currency } from '../../src/api/types'
import type { Db } from '../db'
import { openWallet } from '../wallet/ledger'

/** A member row as the routes see it. */
export interface Member {
  id: number
  username: string
  passwordHash: string
  name: string
  bankCode: string
  bankAccountName: string
  bankAccountNo: string
  currency: Currency
  sourceCode: string | null
  invitedBy: number | null
  isActive: boolean
  createdAt: number
  /** Epoch ms until which payouts wait: a changed payout bank account starts a hold. */
  payoutHoldUntil: number
}

const columns = `id, username, password_hash AS passwordHash, name, bank_code AS bankCode,
  bank_account_name AS bankAccountName, bank_account_no AS bankAccountNo, currency,
  source_code AS sourceCode, invited_by AS invitedBy, is_active AS isActive, created_at AS createdAt,
  payout_hold_until AS payoutHoldUntil`

/** SQLite has no boolean: is_active comes back as 0 or 1. */
type MemberRow = Omit<Member, 'isActive'> & { isActive: number }

function fromRow(row: unknown): Member | undefined {
  const member = row as MemberRow | undefined
  return member && { ...member, isActive: member.isActive === 1 }
}

export function findMemberById(db: Db, id: number): Member | undefined {
  return fromRow(db.prepare(`SELECT ${columns} FROM members WHERE id = ?`).get(id))
}

export function findMemberByUsername(db: Db, username: string): Member | undefined {
  return fromRow(db.prepare(`SELECT ${columns} FROM members WHERE username = ?`).get(username))
}

/** Whether another member already holds this bank account. */
export function bankAccountInUse(db: Db, bankCode: string, accountNo: string, exceptId = 0): boolean {
  return (
    db
      .prepare('SELECT 1 FROM members WHERE bank_code = ? AND bank_account_no = ? AND id <> ?')
      .get(bankCode, accountNo, exceptId) !== undefined
  )
}

export type NewMember = Omit<Member, 'id' | 'isActive' | 'payoutHoldUntil'> & { id?: number }

/** Creates the member and its empty wallet in one transaction; returns the member id. */
export function insertMember(db: Db, member: NewMember): number {
  return db.transaction(() => {
    const result = db
      .prepare(
        `INSERT INTO members (id, username, password_hash, name, bank_code, bank_account_name,
           bank_account_no, currency, source_code, invited_by, created_at)
         VALUES (@id, @username, @passwordHash, @name, @bankCode, @bankAccountName,
           @bankAccountNo, @currency, @sourceCode, @invitedBy, @createdAt)`,
      )
      .run({ ...member, id: member.id ?? null })
    const id = Number(result.lastInsertRowid)
    openWallet(db, id, member.currency)
    return id
  })()
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

function auditBankChange(db: Db, member: Member, bank: Omit<ProfileUpdate, 'name'>, change: BankChange): void {
  db.prepare(
    `INSERT INTO bank_account_changes (member_id, old_bank_code, old_account_no, old_account_name,
       new_bank_code, new_account_no, new_account_name, address, changed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(member.id, member.bankCode, member.bankAccountNo, member.bankAccountName,
    bank.bankCode, bank.bankAccountNo, bank.bankAccountName, change.address, change.at)
  // A new destination for the member's money: payouts wait, so a stolen session cannot drain it at once.
  if (!sameAccount(member, bank)) {
    db.prepare('UPDATE members SET payout_hold_until = MAX(payout_hold_until, ?) WHERE id = ?').run(change.at + change.holdMs, member.id)
  }
}

const bankChanged = (member: Member, bank: Omit<ProfileUpdate, 'name'>) =>
  !sameAccount(member, bank) || member.bankAccountName !== bank.bankAccountName

export function updateMemberProfile(db: Db, member: Member, update: ProfileUpdate, change: BankChange): void {
  db.transaction(() => {
    db.prepare(
      `UPDATE members SET name = @name, bank_code = @bankCode, bank_account_name = @bankAccountName,
         bank_account_no = @bankAccountNo WHERE id = @id`,
    ).run({ ...update, id: member.id })
    if (bankChanged(member, update)) auditBankChange(db, member, update, change)
  })()
}

export function updateBankAccountName(db: Db, member: Member, bankAccountName: string, change: BankChange): void {
  db.transaction(() => {
    db.prepare('UPDATE members SET bank_account_name = ? WHERE id = ?').run(bankAccountName, member.id)
    const bank = { bankCode: member.bankCode, bankAccountNo: member.bankAccountNo, bankAccountName }
    if (bankChanged(member, bank)) auditBankChange(db, member, bank, change)
  })()
}

export function updatePasswordHash(db: Db, id: number, passwordHash: string): void {
  db.prepare('UPDATE members SET password_hash = ? WHERE id = ?').run(passwordHash, id)
}

export function setMemberActive(db: Db, id: number, active: boolean): void {
  db.prepare('UPDATE members SET is_active = ? WHERE id = ?').run(active ? 1 : 0, id)
}

/** The invite code of spec 2 (Home): the prefix PR plus the member id. */
export const inviteCodeOf = (id: number): string => `PR${id}`

export function memberIdFromInviteCode(code: string): number | undefined {
  const match = /^PR(\d{1,12})$/i.exec(code)
  return match ? Number(match[1]) : undefined
}

/** True for a SQLite unique-constraint failure naming `column` (e.g. 'members.username'). */
export function isUniqueViolation(error: unknown, column: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes(column)
  )
}

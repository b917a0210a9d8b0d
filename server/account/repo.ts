import type { Member } from '../shared/members'
import { type Generated, sql } from 'kysely'
import { type Db, inTransaction, isPostgres } from '../shared/db'
import { openWallet } from '../shared/ledger'
import { holdWaitingWithdrawals } from '../wallet/repo'

declare module '../shared/db' {
  /** The account area's table (the migrations make it): each change of a payout bank account. */
  interface Tables {
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

/** Whether another member already holds this bank account. */
export async function bankAccountInUse(db: Db, bankCode: string, accountNo: string, exceptId = 0): Promise<boolean> {
  const row = await db.selectFrom('members').select('id')
    .where('bank_code', '=', bankCode).where('bank_account_no', '=', accountNo).where('id', '<>', exceptId)
    .executeTakeFirst()
  return row !== undefined
}

export type NewMember = Omit<Member, 'id' | 'isActive' | 'payoutHoldUntil' | 'suspendedAt'> & { id?: number }

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

/** Whether `bank` differs from the member's payout account (a change needs step-up, holds payouts, is audited). */
export const bankChanged = (member: Member, bank: Omit<ProfileUpdate, 'name'>) =>
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

/** The unique constraints whose violation the routes turn into an answer. */
export const UNIQUE = {
  username: { sqlite: 'members.username', postgres: 'members_username' },
  bankAccount: { sqlite: 'members.bank_code', postgres: 'members_bank_account' },
} as const

/**
 * Members a staff lookup finds by `digits` (issue 33): a phone whole or by its last 4 or more
 * digits, a payout bank account number whole, or a member id (no leading zero: a phone is not an
 * id). Newest first, at most `limit`. A suffix search reads every phone; staff search rarely.
 */
/**
 * Members a lookup's digits name: a whole bank account number or phone, a member id, or exactly the
 * last 4 digits of a phone (issue 47: no longer part, so a masked phone cannot be rebuilt a digit
 * at a time by searching ever longer endings).
 */
export async function searchMembers(db: Db, digits: string, limit: number) {
  return db.selectFrom('members')
    .select(['id', 'username', 'name', 'currency', 'bank_code', 'bank_account_no', 'bank_account_name', 'is_active', 'created_at'])
    .where((eb) => eb.or([
      eb('bank_account_no', '=', digits),
      digits.length === PHONE_ENDING ? eb('username', 'like', `%${digits}`) : eb('username', '=', digits),
      ...(/^[1-9]\d{0,14}$/.test(digits) ? [eb('id', '=', Number(digits))] : []),
    ]))
    .orderBy('id', 'desc').limit(limit)
    .execute()
}

/** How many of a phone's last digits a lookup may give. */
export const PHONE_ENDING = 4

export type FoundMember = Awaited<ReturnType<typeof searchMembers>>[number]

/** One member as the search finds them, and since when they are suspended (null: not). */
export async function findMemberRow(db: Db, id: number): Promise<(FoundMember & { suspended_at: number | string | null }) | undefined> {
  return db.selectFrom('members')
    .select(['id', 'username', 'name', 'currency', 'bank_code', 'bank_account_no', 'bank_account_name', 'is_active', 'created_at', 'suspended_at'])
    .where('id', '=', id).executeTakeFirst()
}

/** The wallet balance of each of these members, by member id. */
export async function walletBalances(db: Db, memberIds: readonly number[]): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map()
  const rows = await db.selectFrom('ledger_accounts').select(['member_id', 'balance_minor'])
    .where('kind', '=', 'wallet').where('member_id', 'in', [...memberIds]).execute()
  return new Map(rows.map((row) => [Number(row.member_id), Number(row.balance_minor)]))
}

// ---- One member, helped (issue 52 §3, memberCare.ts) ----

/** Suspends (at `at`) or lifts; false when the member was already so (or is not there). */
export async function setSuspended(db: Db, memberId: number, at: number | null): Promise<boolean> {
  const query = db.updateTable('members').set({ suspended_at: at }).where('id', '=', memberId)
  const result = await (at === null ? query.where('suspended_at', 'is not', null) : query.where('suspended_at', 'is', null)).executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}


/** The member's last slips and gift links, newest first. */
export async function recentSlipsOf(db: Db, memberId: number, limit: number) {
  return db.selectFrom('deposit_slips').select(['reference', 'kind', 'status', 'amount_minor', 'created_at'])
    .where('member_id', '=', memberId).orderBy('id', 'desc').limit(limit).execute()
}

/** The member's sessions open at `now`, newest first, with what opened each. */
export async function openSessionsOf(db: Db, memberId: number, now: number) {
  return db.selectFrom('sessions').select(['created_at', 'expires_at', 'identity_id', 'passkey_id', 'quick_unlock_id'])
    .where('member_id', '=', memberId).where('expires_at', '>', now).orderBy('created_at', 'desc').execute()
}

export async function insertMemberNote(db: Db, row: { member_id: number; staff_id: number | null; note: string; created_at: number }): Promise<void> {
  await db.insertInto('member_notes').values(row).execute()
}

/** Staff's notes on the member, newest first, with who wrote each. */
export async function memberNotes(db: Db, memberId: number, limit: number) {
  return db.selectFrom('member_notes as n').leftJoin('staff as s', 's.id', 'n.staff_id')
    .select(['n.note', 'n.created_at', 's.username']).where('n.member_id', '=', memberId)
    .orderBy('n.id', 'desc').limit(limit).execute()
}

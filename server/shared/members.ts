// The member as every area sees it (spec 3 "Member"): its row type, the reads every area makes (by
// id, by phone, by session), the password hash login and the password change write, and the
// profile answer. The account area registers members and changes their profile (account/repo.ts).
import { type Generated } from 'kysely'
import type { Currency, ProfileResponse } from '../../contract'
import type { Db } from './db'
import { runSql } from './sql'

declare module './db' {
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
      /** The app's language the member last used (migration 0034): their messages' (notify/). */
      language: Generated<string | null>
      /** Since when staff suspended the member (migration 0040); NULL: not suspended. */
      suspended_at: Generated<number | null>
    }
    /** Staff's notes on a member (issue 52 §3), kept as written. */
    member_notes: { id: Generated<number>; member_id: number; staff_id: number | null; note: string; created_at: number }
  }
}

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
  /** Since when staff suspended the member (issue 52 §3); null: not suspended. */
  suspendedAt: number | null
}

const columns = [
  'id', 'username', 'password_hash as passwordHash', 'name', 'bank_code as bankCode',
  'bank_account_name as bankAccountName', 'bank_account_no as bankAccountNo', 'currency',
  'source_code as sourceCode', 'invited_by as invitedBy', 'is_active as isActive',
  'created_at as createdAt', 'payout_hold_until as payoutHoldUntil', 'suspended_at as suspendedAt',
] as const

/** is_active is stored as 0 or 1 on both dialects. */
type MemberRow = Omit<Member, 'isActive' | 'currency' | 'suspendedAt'> & { isActive: number; currency: string; suspendedAt: number | string | null }

function fromRow(member: MemberRow | undefined): Member | undefined {
  return member && {
    ...member, currency: member.currency as Currency, isActive: member.isActive === 1, suspendedAt: member.suspendedAt === null ? null : Number(member.suspendedAt),
  }
}

export async function findMemberById(db: Db, id: number): Promise<Member | undefined> {
  return fromRow(await db.selectFrom('members').select(columns).where('id', '=', id).executeTakeFirst())
}

/** The members of these ids that exist, in no particular order. */
export async function findMembersByIds(db: Db, ids: readonly number[]): Promise<Member[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('members').select(columns).where('id', 'in', [...new Set(ids)]).execute()
  return rows.map((row) => fromRow(row)!)
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

/** GET /api/account/profile's answer (spec 7), also part of the wallet's: the member and their
 *  payout account, the bank named as the lookup names it (`bank`, absent for an unknown code). */
export function profileOf(member: Member, bank: { nameTH: string; nameEN: string } | undefined): ProfileResponse {
  return {
    profile: {
      _id: String(member.id),
      username: member.username,
      name: member.name,
      createdAt: new Date(member.createdAt).toISOString(),
      bankCode: member.bankCode,
      bankAccountName: member.bankAccountName,
      bankAccountNo: member.bankAccountNo,
    },
    bankAccount: {
      bankCode: member.bankCode,
      bankAccountName: member.bankAccountName,
      bankAccountNo: member.bankAccountNo,
      bank: { nameTH: bank?.nameTH ?? member.bankCode, nameEN: bank?.nameEN ?? member.bankCode },
    },
  }
}

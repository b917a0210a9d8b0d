import { type Db, LOCKS, lockedTransaction } from './db'
import { type ApiErrorCode, fail } from './http/errors'

/**
 * Rate-limit bookkeeping: timestamped events per kind and subject (a validated phone number, a
 * client address, a member id, or '*' for a global ceiling). Kept in the database so limits
 * survive a restart and hold across instances; POST /dev/reset-limits clears them.
 */
export type RateEventKind =
  | 'login_fail' | 'login_phone' | 'login_address' | 'login_all'
  | 'otp_send' | 'otp_address' | 'otp_all'
  | 'password_change'
  | 'deposit_slip' | 'deposit_truelink'
  | 'chat_message' | 'chat_upload' | 'chat_message_address' | 'chat_upload_address' | 'chat_upload_bytes_address'

const MINUTE = 60 * 1000

/** How many attempts each limit allows in its window. Server options may lower or raise them. */
export interface Limits {
  /** Wrong passwords for one phone from one address in 15 minutes. */
  loginPerPhoneAddress: number
  /** For one phone from anywhere in 15 minutes: a stranger needs many addresses to lock a member out. */
  loginPerPhone: number
  /** From one address across phones in 15 minutes (a spray from one machine). */
  loginPerAddress: number
  /** Everyone together in 15 minutes: the ceiling for a spray across many phones and addresses. */
  loginGlobal: number
  /** OTP SMS to one phone in an hour (and one a minute, see otp/routes.ts). */
  otpPerPhone: number
  /** OTP SMS asked from one address in an hour (SMS pumping across numbers). */
  otpPerAddress: number
  /** OTP SMS for everyone in an hour. */
  otpGlobal: number
  /** Change-password checks per member in 15 minutes. */
  passwordChange: number
  /** Chat messages one room (a guest or a member) sends in a minute. */
  chatMessages: number
  /** Chat files one room uploads in 10 minutes. */
  chatUploads: number
  /** Chat messages from one address in a minute, across rooms (a guest id costs nothing to make). */
  chatMessagesPerAddress: number
  /** Chat files from one address in 10 minutes, across rooms. */
  chatUploadsPerAddress: number
  /** Bytes of chat uploads one address may send in an hour, across rooms, as the requests declare
   *  them (counted in started MiB, see chatUploadAddressLimits). */
  chatUploadBytesPerAddress: number
}

export const DEFAULT_LIMITS: Limits = {
  loginPerPhoneAddress: 5,
  loginPerPhone: 20,
  loginPerAddress: 30,
  loginGlobal: 1000,
  otpPerPhone: 5,
  otpPerAddress: 10,
  otpGlobal: 300,
  passwordChange: 5,
  chatMessages: 30,
  chatUploads: 20,
  chatMessagesPerAddress: 120,
  chatUploadsPerAddress: 40,
  chatUploadBytesPerAddress: 100 * 1024 * 1024,
}

export const LOGIN_WINDOW_MS = 15 * MINUTE
export const OTP_WINDOW_MS = 60 * MINUTE

/** The limits of one login attempt: `phone` is a validated phone number, `address` the client's. */
export const loginLimits = (limits: Limits, phone: string, address: string): Limit[] => [
  { kind: 'login_fail', subject: `${phone}|${address}`, max: limits.loginPerPhoneAddress, windowMs: LOGIN_WINDOW_MS, code: 'REQUEST_LIMIT' },
  { kind: 'login_phone', subject: phone, max: limits.loginPerPhone, windowMs: LOGIN_WINDOW_MS, code: 'REQUEST_LIMIT' },
  { kind: 'login_address', subject: address, max: limits.loginPerAddress, windowMs: LOGIN_WINDOW_MS, code: 'REQUEST_LIMIT' },
  { kind: 'login_all', subject: '*', max: limits.loginGlobal, windowMs: LOGIN_WINDOW_MS, code: 'REQUEST_LIMIT' },
]

/** Change-password checks of one member. */
export const passwordChangeLimit = (limits: Limits, memberId: number): Limit => ({
  kind: 'password_change', subject: String(memberId), max: limits.passwordChange, windowMs: LOGIN_WINDOW_MS, code: 'REQUEST_LIMIT',
})

export const CHAT_MESSAGE_WINDOW_MS = MINUTE
export const CHAT_UPLOAD_WINDOW_MS = 10 * MINUTE
export const CHAT_UPLOAD_BYTES_WINDOW_MS = 60 * MINUTE
/** Uploaded bytes are counted in these units: one rate event per started MiB. */
export const CHAT_UPLOAD_BYTE_UNIT = 1024 * 1024

/** A chat message of one room (`subject` names it, see chat/identity.ts), and of the client's
 *  address across rooms: a script that makes a new guest id for each message still meets the
 *  address's ceiling. */
export const chatMessageLimits = (limits: Limits, subject: string, address: string): Limit[] => [
  { kind: 'chat_message', subject, max: limits.chatMessages, windowMs: CHAT_MESSAGE_WINDOW_MS, code: 'REQUEST_LIMIT' },
  { kind: 'chat_message_address', subject: address, max: limits.chatMessagesPerAddress, windowMs: CHAT_MESSAGE_WINDOW_MS, code: 'REQUEST_LIMIT' },
]

/**
 * A chat upload of one address, across rooms (a new guest id for each file costs nothing): how
 * many files, and how many bytes, taken from the request's declared length before its body is
 * read, so a client over its limits is refused before it has sent its file. `bytes` weighs the
 * attempt: one event per started CHAT_UPLOAD_BYTE_UNIT.
 */
export const chatUploadAddressLimits = (limits: Limits, address: string, bytes: number): Limit[] => [
  { kind: 'chat_upload_address', subject: address, max: limits.chatUploadsPerAddress, windowMs: CHAT_UPLOAD_WINDOW_MS, code: 'REQUEST_LIMIT' },
  {
    kind: 'chat_upload_bytes_address', subject: address, max: Math.floor(limits.chatUploadBytesPerAddress / CHAT_UPLOAD_BYTE_UNIT),
    windowMs: CHAT_UPLOAD_BYTES_WINDOW_MS, code: 'REQUEST_LIMIT', weight: Math.max(1, Math.ceil(bytes / CHAT_UPLOAD_BYTE_UNIT)),
  },
]

/** The uploads of one room: known once the form (which names the room) has been read. */
export const chatUploadRoomLimit = (limits: Limits, subject: string): Limit => ({
  kind: 'chat_upload', subject, max: limits.chatUploads, windowMs: CHAT_UPLOAD_WINDOW_MS, code: 'REQUEST_LIMIT',
})

/** The limits of one OTP send. */
export const otpLimits = (limits: Limits, phone: string, address: string): Limit[] => [
  { kind: 'otp_send', subject: phone, max: limits.otpPerPhone, windowMs: OTP_WINDOW_MS, code: 'OTP_BLOCK' },
  { kind: 'otp_address', subject: address, max: limits.otpPerAddress, windowMs: OTP_WINDOW_MS, code: 'REQUEST_LIMIT' },
  { kind: 'otp_all', subject: '*', max: limits.otpGlobal, windowMs: OTP_WINDOW_MS, code: 'REQUEST_LIMIT' },
]

/** One limit: at most `max` events of `kind` for `subject` within `windowMs`. */
export interface Limit {
  kind: RateEventKind
  subject: string
  max: number
  windowMs: number
  /** The answer when the limit is full (429). */
  code: ApiErrorCode
  /** How many events this attempt counts for; default 1 (see chatUploadAddressLimits). */
  weight?: number
}

/**
 * Counts an attempt against every limit *before* the work it guards (a password check, an SMS),
 * refusing with the full limit's code. One locked transaction (SQLite's single writer, PostgreSQL's
 * advisory lock, see lockedTransaction) records the attempt and then counts, so requests in
 * parallel, on one instance or many, cannot all slip past the count before any is recorded. A refusal rolls the records back. Returns the recorded rows, for
 * `releaseAttempt` when the attempt should not count after all (a correct password).
 */
export async function takeAttempt(db: Db, limits: readonly Limit[], at: number): Promise<number[]> {
  return lockedTransaction(db, LOCKS.rateEvents, async (trx) => {
    const ids: number[] = []
    for (const { kind, subject, weight = 1 } of limits) ids.push(...(await recordRateEvents(trx, kind, subject, at, weight)))
    for (const limit of limits) {
      // This attempt is among those counted, so the limit is full when the count passes max.
      if ((await countRateEvents(trx, limit.kind, limit.subject, at - limit.windowMs)) > limit.max) {
        throw fail(429, limit.code)
      }
    }
    return ids
  })
}

export async function releaseAttempt(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('rate_events').where('id', 'in', ids).execute()
}

const KEEP_MS = 24 * 60 * 60 * 1000

export async function recordRateEvent(db: Db, kind: RateEventKind, subject: string, at: number): Promise<number> {
  const [id] = await recordRateEvents(db, kind, subject, at, 1)
  return id
}

/** `count` events at once (an attempt that weighs more than one); their ids. */
async function recordRateEvents(db: Db, kind: RateEventKind, subject: string, at: number, count: number): Promise<number[]> {
  await db.deleteFrom('rate_events')
    .where('kind', '=', kind).where('subject', '=', subject).where('at', '<', at - KEEP_MS)
    .execute()
  const rows = await db.insertInto('rate_events').values(Array.from({ length: count }, () => ({ kind, subject, at }))).returning('id').execute()
  return rows.map((row) => Number(row.id))
}

export async function countRateEvents(db: Db, kind: RateEventKind, subject: string, since: number): Promise<number> {
  const row = await db.selectFrom('rate_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', '=', kind).where('subject', '=', subject).where('at', '>', since)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function lastRateEvent(db: Db, kind: RateEventKind, subject: string): Promise<number | undefined> {
  const row = await db.selectFrom('rate_events')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('kind', '=', kind).where('subject', '=', subject)
    .executeTakeFirst()
  return row?.at == null ? undefined : Number(row.at)
}

export async function clearRateEvents(db: Db, kind?: RateEventKind, subject?: string): Promise<void> {
  let query = db.deleteFrom('rate_events')
  if (kind && subject) query = query.where('kind', '=', kind).where('subject', '=', subject)
  await query.execute()
}

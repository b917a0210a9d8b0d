import { addressGroup } from './address'
import { type Db, deleteBefore, LOCKS, lockedTransaction } from './db'
import { type Refusal, type ApiErrorCode, tooSoon } from './http/errors'

/**
 * Rate-limit bookkeeping: timestamped events per kind and subject (a validated phone number, a
 * client address group (address.ts: an IPv4 address or an IPv6 /64), a member id, or '*' for
 * everyone). Kept in the database so limits survive a restart and hold across instances; POST
 * /dev/reset-limits clears them.
 */
export type RateEventKind =
  | 'login_fail' | 'login_phone' | 'login_address' | 'login_all'
  | 'otp_send' | 'otp_address' | 'otp_all' | 'otp_verify_address'
  | 'account_address' | 'account_all'
  | 'password_change'
  | 'messenger_login_address' | 'passkey_login_address' | 'quick_unlock_login_address'
  | 'deposit_slip' | 'deposit_truelink'
  | 'chat_message' | 'chat_upload' | 'chat_message_address' | 'chat_upload_address' | 'chat_upload_bytes_address'
  | 'staff_login_fail' | 'staff_login_name' | 'staff_login_address' | 'staff_password_change' | 'member_lookup'
  /** One per ALERT logged, subject the full limit's kind: at most one alert per limit per window. */
  | 'limit_alert'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

/**
 * How many attempts each limit allows. Server options may lower or raise them. "Address" is an
 * address group throughout (address.ts): an IPv4 address, or an IPv6 address's /64.
 */
export interface Limits {
  /** Wrong passwords for one phone from one address before each further try waits (a growing
   *  delay, LOGIN_DELAY_*), in LOGIN_FAILURE_WINDOW_MS. A right password clears them. */
  loginFreePerPhoneAddress: number
  /** Wrong passwords for one phone from anywhere before each further try waits, in
   *  LOGIN_FAILURE_WINDOW_MS. Not applied where the phone signed in before (KNOWN_ADDRESS_MS):
   *  a stranger's guesses elsewhere slow the stranger, not the owner at home. */
  loginFreePerPhone: number
  /** Wrong passwords from one address across phones (a spray from one machine) before each
   *  further try from there waits, in LOGIN_ADDRESS_WINDOW_MS. Shorter than the phone's window:
   *  a mobile carrier puts thousands of players behind one IPv4 address. */
  loginFreePerAddress: number
  /** Wrong passwords from everyone in LOGIN_WINDOW_MS beyond which an ALERT is logged. Never a
   *  refusal: a cap for everyone is filled from a few dozen addresses, and refusing would lock
   *  every owner out. The per-phone and per-address delays are what slow an attacker. */
  loginGlobalAlert: number
  /** OTP SMS to one phone in an hour (and one a minute, see otp/routes.ts). */
  otpPerPhone: number
  /** OTP sends asked from one address in an hour, counted before anything is looked up: it caps
   *  the SMS one machine can pump and how often it hears whether a phone is registered. */
  otpPerAddress: number
  /** OTP sends for everyone in an hour (the SMS bill); refused beyond it, with an ALERT. */
  otpGlobal: number
  /** OTP code checks from one address in 15 minutes (each token also allows MAX_WRONG_CODES). */
  otpVerifyPerAddress: number
  /** Registration checks (POST /api/account/validate and /api/account) from one address in 15
   *  minutes, counted before any lookup: each answer may say that a phone or bank account is
   *  registered or whose an invite code is, so a machine hears only a handful. A player needs two
   *  to four. */
  accountPerAddress: number
  /** Registration checks for everyone in 15 minutes; refused beyond it, with an ALERT, so many
   *  addresses together still hear a bounded number of answers. */
  accountGlobal: number
  /** Change-password checks per member in 15 minutes. */
  passwordChange: number
  /** Messenger sign-ins from one address before each further try waits (a growing delay, as a
   *  login's), in LOGIN_ADDRESS_WINDOW_MS. A sign-in that opens a session does not count. */
  messengerLoginFreePerAddress: number
  /** Passkey sign-ins from one address, counted as messenger sign-ins are; quick unlock secrets
   *  given from one address (sign-in or step-up) are counted against the same number. */
  passkeyLoginFreePerAddress: number
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
  /** Member lookups one staff member makes in an hour (the operator API's search). */
  memberLookupsPerStaff: number
}

export const DEFAULT_LIMITS: Limits = {
  loginFreePerPhoneAddress: 5,
  loginFreePerPhone: 10,
  loginFreePerAddress: 30,
  loginGlobalAlert: 1000,
  otpPerPhone: 5,
  otpPerAddress: 10,
  otpGlobal: 300,
  otpVerifyPerAddress: 20,
  accountPerAddress: 10,
  accountGlobal: 1000,
  passwordChange: 5,
  messengerLoginFreePerAddress: 30,
  passkeyLoginFreePerAddress: 30,
  chatMessages: 30,
  chatUploads: 20,
  chatMessagesPerAddress: 120,
  chatUploadsPerAddress: 40,
  chatUploadBytesPerAddress: 100 * 1024 * 1024,
  memberLookupsPerStaff: 120,
}

export const LOGIN_WINDOW_MS = 15 * MINUTE
/** How long a wrong password counts against its phone: a day, so a patient guesser stays at the
 *  longest delay (about 100 guesses a day for a phone, from any number of addresses). */
export const LOGIN_FAILURE_WINDOW_MS = 24 * HOUR
/** How long a wrong password counts against its address (across phones). */
export const LOGIN_ADDRESS_WINDOW_MS = 15 * MINUTE
/** The wait after the first failure beyond the free ones; each further failure doubles it... */
export const LOGIN_DELAY_FIRST_MS = 1000
/** ...up to this: a guesser gets about four tries an hour, an owner waits at most this long. */
export const LOGIN_DELAY_CAP_MS = 15 * MINUTE
/** A phone's successful sign-in makes its address known for this long (auth/repo.ts). */
export const KNOWN_ADDRESS_MS = 30 * 24 * HOUR
export const OTP_WINDOW_MS = 60 * MINUTE
export const OTP_VERIFY_WINDOW_MS = 15 * MINUTE
export const ACCOUNT_WINDOW_MS = 15 * MINUTE

const loginDelay = { firstMs: LOGIN_DELAY_FIRST_MS, capMs: LOGIN_DELAY_CAP_MS }

/** The subject of one phone's failures from one address group. */
export const phoneAtAddress = (phone: string, address: string): string => `${phone}|${addressGroup(address)}`

/**
 * The limits of one login attempt: `phone` is a validated phone number, `address` the client's,
 * `known` whether the phone signed in from this address group before (auth/repo.ts).
 * Each is a growing delay: its free failures, then each further try must wait (1 s, 2 s, 4 s, ...
 * up to 15 minutes) after the last failure before the password is even checked. At a known
 * address only the phone's own failures from there apply; the phone's and the address's are
 * still counted, for where they do apply.
 */
export const loginLimits = (limits: Limits, phone: string, address: string, known: boolean): Limit[] => [
  { kind: 'login_fail', subject: phoneAtAddress(phone, address), max: limits.loginFreePerPhoneAddress, windowMs: LOGIN_FAILURE_WINDOW_MS, code: 'REQUEST_LIMIT', delay: loginDelay },
  { kind: 'login_phone', subject: phone, max: limits.loginFreePerPhone, windowMs: LOGIN_FAILURE_WINDOW_MS, code: 'REQUEST_LIMIT', delay: loginDelay, countOnly: known },
  { kind: 'login_address', subject: addressGroup(address), max: limits.loginFreePerAddress, windowMs: LOGIN_ADDRESS_WINDOW_MS, code: 'REQUEST_LIMIT', delay: loginDelay, countOnly: known },
  { kind: 'login_all', subject: '*', max: limits.loginGlobalAlert, windowMs: LOGIN_WINDOW_MS, code: 'REQUEST_LIMIT', whenFull: 'alert' },
]

/**
 * A staff sign-in (issues 33 and 47), counted before the password is checked exactly as a member's
 * login (loginLimits): the username's failures from this address, from anywhere and the address's
 * across usernames, each a growing delay past its free ones. `known`: the staff member signed in
 * from this address group before (ops/repo.ts), where only their failures from there apply, so a
 * stranger's guesses elsewhere do not keep them out of the console.
 */
export const staffLoginLimits = (limits: Limits, username: string, address: string, known: boolean): Limit[] => [
  { kind: 'staff_login_fail', subject: `${username}|${addressGroup(address)}`, max: limits.loginFreePerPhoneAddress, windowMs: LOGIN_FAILURE_WINDOW_MS, code: 'REQUEST_LIMIT', delay: loginDelay },
  { kind: 'staff_login_name', subject: username, max: limits.loginFreePerPhone, windowMs: LOGIN_FAILURE_WINDOW_MS, code: 'REQUEST_LIMIT', delay: loginDelay, countOnly: known },
  { kind: 'staff_login_address', subject: addressGroup(address), max: limits.loginFreePerAddress, windowMs: LOGIN_ADDRESS_WINDOW_MS, code: 'REQUEST_LIMIT', delay: loginDelay, countOnly: known },
]

/** A staff member's own password change (issue 47), checked against their current password. */
export const staffPasswordLimit = (limits: Limits, staffId: number): Limit => ({
  kind: 'staff_password_change', subject: String(staffId), max: limits.passwordChange, windowMs: LOGIN_WINDOW_MS, code: 'REQUEST_LIMIT',
})

/** Member lookups by one staff member (issue 47): each answer may tell a digit of a phone, so a
 *  person reads a bounded number of them an hour. */
export const memberLookupLimit = (limits: Limits, staffId: number): Limit => ({
  kind: 'member_lookup', subject: String(staffId), max: limits.memberLookupsPerStaff, windowMs: HOUR, code: 'REQUEST_LIMIT',
})

/** Change-password checks of one member. */
export const passwordChangeLimit = (limits: Limits, memberId: number): Limit => ({
  kind: 'password_change', subject: String(memberId), max: limits.passwordChange, windowMs: LOGIN_WINDOW_MS, code: 'REQUEST_LIMIT',
})

/** A messenger sign-in (issue 31) from one address, counted before its credential is checked. */
export const messengerLoginLimits = (limits: Limits, address: string): Limit[] => [
  { kind: 'messenger_login_address', subject: addressGroup(address), max: limits.messengerLoginFreePerAddress, windowMs: LOGIN_ADDRESS_WINDOW_MS, code: 'REQUEST_LIMIT', delay: loginDelay },
]

/** A passkey sign-in (issue 31) from one address, counted before its answer is checked. */
export const passkeyLoginLimits = (limits: Limits, address: string): Limit[] => [
  { kind: 'passkey_login_address', subject: addressGroup(address), max: limits.passkeyLoginFreePerAddress, windowMs: LOGIN_ADDRESS_WINDOW_MS, code: 'REQUEST_LIMIT', delay: loginDelay },
]

/** A quick unlock secret (issue 31, Telegram) given from one address, at a sign-in or a step-up,
 *  counted before it is looked up, as a passkey sign-in is and against the same number. */
export const quickUnlockLoginLimits = (limits: Limits, address: string): Limit[] => [
  { kind: 'quick_unlock_login_address', subject: addressGroup(address), max: limits.passkeyLoginFreePerAddress, windowMs: LOGIN_ADDRESS_WINDOW_MS, code: 'REQUEST_LIMIT', delay: loginDelay },
]

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
  { kind: 'chat_message_address', subject: addressGroup(address), max: limits.chatMessagesPerAddress, windowMs: CHAT_MESSAGE_WINDOW_MS, code: 'REQUEST_LIMIT' },
]

/**
 * A chat upload of one address, across rooms (a new guest id for each file costs nothing): how
 * many files, and how many bytes, taken from the request's declared length before its body is
 * read, so a client over its limits is refused before it has sent its file. `bytes` weighs the
 * attempt: one event per started CHAT_UPLOAD_BYTE_UNIT.
 */
export const chatUploadAddressLimits = (limits: Limits, address: string, bytes: number): Limit[] => [
  { kind: 'chat_upload_address', subject: addressGroup(address), max: limits.chatUploadsPerAddress, windowMs: CHAT_UPLOAD_WINDOW_MS, code: 'REQUEST_LIMIT' },
  {
    kind: 'chat_upload_bytes_address', subject: addressGroup(address), max: Math.floor(limits.chatUploadBytesPerAddress / CHAT_UPLOAD_BYTE_UNIT),
    windowMs: CHAT_UPLOAD_BYTES_WINDOW_MS, code: 'REQUEST_LIMIT', weight: Math.max(1, Math.ceil(bytes / CHAT_UPLOAD_BYTE_UNIT)),
  },
]

/** The uploads of one room: known once the form (which names the room) has been read. */
export const chatUploadRoomLimit = (limits: Limits, subject: string): Limit => ({
  kind: 'chat_upload', subject, max: limits.chatUploads, windowMs: CHAT_UPLOAD_WINDOW_MS, code: 'REQUEST_LIMIT',
})

/**
 * An OTP send, counted per address and for everyone before anything is looked up (whether the
 * phone is registered is an answer too). `known`: a member signed in successfully from this
 * address lately (issue 47): the cap for everyone, when full, still logs its alert but does not
 * refuse it, so filling the cap from fresh addresses stops no player at a place players use.
 */
export const otpRequestLimits = (limits: Limits, address: string, known = false): Limit[] => [
  { kind: 'otp_address', subject: addressGroup(address), max: limits.otpPerAddress, windowMs: OTP_WINDOW_MS, code: 'REQUEST_LIMIT' },
  { kind: 'otp_all', subject: '*', max: limits.otpGlobal, windowMs: OTP_WINDOW_MS, code: 'REQUEST_LIMIT', whenFull: known ? 'alert' : 'refuse-and-alert' },
]

/** The SMS to one phone, counted where it is sent. */
export const otpPhoneLimit = (limits: Limits, phone: string): Limit => ({
  kind: 'otp_send', subject: phone, max: limits.otpPerPhone, windowMs: OTP_WINDOW_MS, code: 'OTP_BLOCK',
})

/** An OTP code check, per address, before the token is looked up. */
export const otpVerifyLimits = (limits: Limits, address: string): Limit[] => [
  { kind: 'otp_verify_address', subject: addressGroup(address), max: limits.otpVerifyPerAddress, windowMs: OTP_VERIFY_WINDOW_MS, code: 'REQUEST_LIMIT' },
]

/** A registration check (validate or register), per address and for everyone, before any lookup. */
export const accountLimits = (limits: Limits, address: string): Limit[] => [
  { kind: 'account_address', subject: addressGroup(address), max: limits.accountPerAddress, windowMs: ACCOUNT_WINDOW_MS, code: 'REQUEST_LIMIT' },
  { kind: 'account_all', subject: '*', max: limits.accountGlobal, windowMs: ACCOUNT_WINDOW_MS, code: 'REQUEST_LIMIT', whenFull: 'refuse-and-alert' },
]

/**
 * One limit on events of `kind` for `subject` within `windowMs`. Without `delay`: at most `max`
 * of them. With `delay`: `max` free ones, then each further attempt must come at least
 * `delay.firstMs` x 2^(events - max), at most `delay.capMs`, after the latest one.
 */
export interface Limit {
  kind: RateEventKind
  subject: string
  max: number
  windowMs: number
  /** The answer when the limit refuses (429, with Retry-After). */
  code: ApiErrorCode
  delay?: { firstMs: number; capMs: number }
  /** What a full limit does: refuse (the default); refuse and log an ALERT (a cap for everyone,
   *  which means an attack or a surge an operator should see); or only log the ALERT. */
  whenFull?: 'refuse' | 'refuse-and-alert' | 'alert'
  /** The attempt is counted here but this limit does not apply to it. */
  countOnly?: boolean
  /** How many events this attempt counts for; default 1 (see chatUploadAddressLimits). */
  weight?: number
}

/** Where an ALERT goes: the request's logger. */
export interface AlertLog {
  error(details: object, message: string): void
}

/** How long `limit` makes an attempt at `at` wait (0: it may go now), from the events recorded. */
async function waitFor(db: Db, limit: Limit, at: number): Promise<number> {
  const since = at - limit.windowMs
  const counted = await countRateEvents(db, limit.kind, limit.subject, since)
  const weight = limit.weight ?? 1
  if (counted + weight <= limit.max) return 0
  // Only full or not: an alert delays no one (and a storm past the cap must not make it costly).
  if (limit.whenFull === 'alert') return 1
  if (limit.delay) {
    const last = await lastRateEvent(db, limit.kind, limit.subject, since)
    if (last === undefined) return 0
    const delay = Math.min(limit.delay.capMs, limit.delay.firstMs * 2 ** Math.min(counted - limit.max, 40))
    return Math.max(0, last + delay - at)
  }
  // Full until enough of the counted events leave the window that this one (all its weight) fits.
  const row = await db.selectFrom('rate_events').select('at')
    .where('kind', '=', limit.kind).where('subject', '=', limit.subject).where('at', '>', since)
    .orderBy('at').orderBy('id').offset(counted + weight - limit.max - 1).limit(1)
    .executeTakeFirst()
  return row ? Number(row.at) + limit.windowMs - at : limit.windowMs
}

/**
 * Counts an attempt against every limit *before* the work it guards (a password check, a lookup,
 * an SMS): refuses with the first full limit's code and how long to wait, recording nothing, or
 * records the attempt under every limit. One locked transaction (SQLite's single writer,
 * PostgreSQL's advisory lock, see lockedTransaction) reads the counts and records, so requests in
 * parallel, on one instance or many, cannot all slip past the count before any is recorded.
 * Returns the recorded rows, for `releaseAttempt` when the attempt should not count after all (a
 * correct password). A full limit that alerts logs one ALERT per window (across instances).
 */
export async function takeAttempt(db: Db, limits: readonly Limit[], at: number, log?: AlertLog): Promise<number[]> {
  const { ids, refusal, alerts } = await lockedTransaction(db, LOCKS.rateEvents, async (trx) => {
    let refusal: Refusal | undefined
    const alerts: Limit[] = []
    for (const limit of limits) {
      if (limit.countOnly) continue
      const wait = await waitFor(trx, limit, at)
      if (wait === 0) continue
      const whenFull = limit.whenFull ?? 'refuse'
      if (whenFull !== 'refuse' && !(await lastRateEvent(trx, 'limit_alert', limit.kind, at - limit.windowMs))) {
        await recordRateEvent(trx, 'limit_alert', limit.kind, at)
        alerts.push(limit)
      }
      if (whenFull !== 'alert') {
        refusal = tooSoon(limit.code, wait)
        break
      }
    }
    const ids: number[] = []
    if (!refusal) for (const { kind, subject, weight = 1 } of limits) ids.push(...(await recordRateEvents(trx, kind, subject, at, weight)))
    return { ids, refusal, alerts }
  })
  for (const limit of alerts) {
    log?.error(
      { alert: limit.kind, cap: limit.max, windowMinutes: limit.windowMs / MINUTE, refused: limit.whenFull !== 'alert' },
      `ALERT: ${limit.kind} passed its cap of ${limit.max} in ${limit.windowMs / MINUTE} minutes for everyone (an attack or a surge); ${limit.whenFull === 'alert' ? 'attempts still go through' : 'further attempts are refused until it falls'}`,
    )
  }
  if (refusal) throw refusal
  return ids
}

export async function releaseAttempt(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('rate_events').where('id', 'in', ids).execute()
}

/** How long an attempt is kept: the longest window of any limit (a day of sign-in failures). */
export const RATE_EVENTS_KEPT_MS = 24 * 60 * 60 * 1000

export async function recordRateEvent(db: Db, kind: RateEventKind, subject: string, at: number): Promise<number> {
  const [id] = await recordRateEvents(db, kind, subject, at, 1)
  return id
}

/** `count` events at once (an attempt that weighs more than one); their ids. */
async function recordRateEvents(db: Db, kind: RateEventKind, subject: string, at: number, count: number): Promise<number[]> {
  await db.deleteFrom('rate_events')
    .where('kind', '=', kind).where('subject', '=', subject).where('at', '<', at - RATE_EVENTS_KEPT_MS)
    .execute()
  const rows = await db.insertInto('rate_events').values(Array.from({ length: count }, () => ({ kind, subject, at }))).returning('id').execute()
  return rows.map((row) => Number(row.id))
}

/** Retention: the attempts older than every window, whoever made them (a subject seen again prunes its own as it records). */
export const pruneRateEvents = (db: Db, now: number): Promise<number> => deleteBefore(db, 'rate_events', 'at', now - RATE_EVENTS_KEPT_MS)

export async function countRateEvents(db: Db, kind: RateEventKind, subject: string, since: number): Promise<number> {
  const row = await db.selectFrom('rate_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', '=', kind).where('subject', '=', subject).where('at', '>', since)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The latest event of `kind` for `subject` (after `since`, when given). */
export async function lastRateEvent(db: Db, kind: RateEventKind, subject: string, since?: number): Promise<number | undefined> {
  let query = db.selectFrom('rate_events')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('kind', '=', kind).where('subject', '=', subject)
  if (since !== undefined) query = query.where('at', '>', since)
  const row = await query.executeTakeFirst()
  return row?.at == null ? undefined : Number(row.at)
}

export async function clearRateEvents(db: Db, kind?: RateEventKind, subject?: string): Promise<void> {
  let query = db.deleteFrom('rate_events')
  if (kind && subject) query = query.where('kind', '=', kind).where('subject', '=', subject)
  await query.execute()
}

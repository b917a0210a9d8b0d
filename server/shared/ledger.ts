/**
 * The double-entry ledger. Money lives in accounts: each member's wallet (`{ wallet: memberId }`),
 * each member game account (`{ game: code, memberId }`, opened by activation) and house accounts
 * (`{ house: name, currency }`, opened on first use). Every change is a movement: one database
 * transaction of postings, integer minor units, summing to zero, all in one currency. Postings and
 * movements are append-only (triggers refuse UPDATE and DELETE, migration 0004): a correction is a
 * new movement. Each member account row caches its balance, updated in the movement's transaction
 * by a conditional UPDATE, so a member account never goes below zero even with several instances
 * on one PostgreSQL (the row lock and the re-checked WHERE serialize spenders; accounts are updated
 * in id order, so two movements never wait on each other in a circle). A house account's balance
 * is the sum of its postings; its row's balance_minor is no longer kept (see applyPostings). On
 * PostgreSQL a movement with one member account (nearly all) is one statement (postInOneStatement).
 *
 * What other code calls:
 *   postMovement(db, { kind, memberId?, reference?, note?, at, postings: [{ account, amountMinor }], record? })
 *     -> Promise<{ movementId, balances, recordId? }>   balances: each posting's member account balance after, in order (NaN for a house);
 *        record: a row of the caller's naming the movement, written with it or not at all (a game transfer's)
 *   creditWallet(db, { memberId, amountMinor, at, from?: 'deposits-in', kind?: 'deposit', reference?, note? })
 *     -> Promise<number>                      the wallet balance after (minor units)
 *   walletBalance(db, memberId) -> Promise<number | undefined>
 *   accountBalance(db, account) -> Promise<number | undefined>
 * Failures: 400 MONEY_NOT_ENOUGH (a member account would go below 0), 400 NO_WALLET, 400
 * SLOT_NO_ACCOUNT (no game account), 409 KEY_INVALID (a `reference` already used: an outside
 * event is booked once). Pass a transaction as `db` to book the movement together with your own
 * rows (e.g. marking a slip approved): the movement then commits or rolls back with them.
 */
import type { Currency } from '../../contract'
import { type Db, inTransaction, isPostgres } from './db'
import { list, readTogether, runSql, type ScalarRead, tuples } from './sql'
import { fail } from './http/errors'

/**
 * House accounts: where member money comes from and goes to. `provider:<CODE>` per game provider;
 * `in-transit` holds what a game transfer reserved until its provider answers (transfers.ts).
 */
export type HouseAccount =
  | 'deposits-in' | 'payouts-pending' | 'payouts-paid' | 'bonuses' | 'bonus-forfeits' | 'adjustments' | 'in-transit' | `provider:${string}`

export type AccountRef =
  | { wallet: number }
  | { game: string; memberId: number }
  | { house: HouseAccount; currency: string }

export interface Posting {
  account: AccountRef
  /** Signed integer minor units: positive credits the account, negative debits it. */
  amountMinor: number
}

export interface MovementInput {
  /** What happened, in the statement's words: deposit, withdraw, withdraw_return, transfer, ... */
  kind: string
  /** The member the movement belongs to (their statement lists it). */
  memberId?: number
  /** An outside reference (slip, gift link, QR, withdrawal); unique: the same one is refused. */
  reference?: string
  note?: string
  at: number
  postings: readonly Posting[]
  /** A row of the caller's that names the movement, written with it or not at all (see MovementRecord). */
  record?: MovementRecord
  /** A row of the caller's the movement answers, moved on with it from the state the caller saw (see MovementClaim). */
  claim?: MovementClaim
}

/**
 * A row the movement is for (a game transfer that the movement reserves), written in the
 * movement's own statement on PostgreSQL and in its transaction on SQLite, so the caller needs no
 * transaction of its own: `movementColumn` takes the movement's id; its own id comes back. Values
 * are numbers and strings (no NULL: PostgreSQL must know each one's type from it).
 */
export interface MovementRecord {
  table: string
  values: Readonly<Record<string, number | string>>
  movementColumn: string
}

/**
 * A row of the caller's that the movement is the outcome of (a game transfer that it finishes),
 * moved on from the state the caller saw (`where`) to `set`, with `movementColumn` naming the
 * movement: the claim and the movement are written together or not at all. When the row is no
 * longer in that state (another finisher was first) nothing is written and ClaimLost is thrown.
 * One statement on PostgreSQL, the movement's transaction on SQLite.
 */
export interface MovementClaim {
  table: string
  id: number
  where: Readonly<Record<string, number | string>>
  set: Readonly<Record<string, number | string>>
  movementColumn: string
}

/** The claimed row had moved on before this movement: nothing was written. */
export class ClaimLost extends Error {}

/** `"a" = ?, "b" = ?` and its values, for a claim's SET or WHERE. */
const assignments = (values: Readonly<Record<string, number | string>>, join: string, cast: boolean) => {
  const columns = Object.keys(values)
  const typed = (value: number | string) => (!cast ? '?' : typeof value === 'number' ? '?::bigint' : '?::text')
  return { sql: columns.map((column) => `"${column}" = ${typed(values[column])}`).join(join), values: columns.map((column) => values[column]) }
}

export interface PostedMovement {
  movementId: number
  /** Balance after the movement of each posting's account, in the order of `postings`. */
  balances: number[]
  /** The record's id, when the input had one. */
  recordId?: number
}

/** A record's columns and values, in one order. */
const recordParts = (record: MovementRecord) => {
  const columns = Object.keys(record.values)
  return { columns: [...columns, record.movementColumn].map((column) => `"${column}"`).join(', '), values: columns.map((column) => record.values[column]) }
}

export const accountKey = (ref: AccountRef): string => {
  if ('wallet' in ref) return `wallet:${ref.wallet}`
  if ('game' in ref) return `game:${ref.memberId}:${ref.game}`
  return `house:${ref.house}:${ref.currency}`
}

interface AccountRow { id: number; key: string; currency: string; allow_negative: number }

/**
 * Accounts one request has already resolved, by key: a transfer resolves its three accounts when
 * it reserves and finds them here when it settles. Only for a request's own use after what resolved
 * them committed (an account row, once committed, never changes its id, currency or kind).
 */
export type AccountCache = Map<string, AccountRow>

async function findAccounts(db: Db, keys: string[]): Promise<Map<string, AccountRow>> {
  const rows = await runSql<AccountRow>(db, `SELECT id, "key", currency, allow_negative FROM ledger_accounts WHERE "key" IN (${list(keys.length)})`, keys)
  return new Map(rows.map((row) => [row.key, { ...row, id: Number(row.id), allow_negative: Number(row.allow_negative) }]))
}

/**
 * Account rows known committed, per PostgreSQL database, the newest COMMITTED_HELD of them: an
 * account row, once committed, never changes its id, currency or kind and is never deleted, so a
 * row read outside any transaction (committed then) is good for every later request of the
 * instance, and a transfer's reserve and finish need not read their three accounts again (one
 * round trip each, issue 49 §1). Rows read inside a transaction are never kept here: one written in
 * it (a house account opened, a member's wallet) may yet be rolled back.
 */
const committedAccounts = new WeakMap<Db, Map<string, AccountRow>>()
const COMMITTED_HELD = 20_000

function committedOf(db: Db): Map<string, AccountRow> | undefined {
  if (!isPostgres(db) || db.isTransaction) return undefined
  let held = committedAccounts.get(db)
  if (!held) committedAccounts.set(db, (held = new Map()))
  return held
}

function keepCommitted(held: Map<string, AccountRow>, key: string, row: AccountRow): void {
  if (held.size >= COMMITTED_HELD) held.delete(held.keys().next().value!)
  held.set(key, row)
}

/**
 * The accounts of `refs`, in order. House accounts open on first use; member accounts must exist
 * (opened with the member or the game). Rows in `cache` (or known committed) are not read again;
 * rows read go into it.
 */
export async function resolveAccounts(db: Db, refs: readonly AccountRef[], at: number, cache: AccountCache = new Map()): Promise<AccountRow[]> {
  const held = committedOf(db)
  const unknown = refs.filter((ref) => {
    const key = accountKey(ref)
    if (cache.has(key)) return false
    const row = held?.get(key)
    if (row) cache.set(key, row)
    return row === undefined
  })
  if (unknown.length > 0) {
    const keys = unknown.map(accountKey)
    let found = await findAccounts(db, keys)
    const missingHouses = unknown.filter((ref) => 'house' in ref && !found.has(accountKey(ref)))
    for (const ref of missingHouses) {
      const { currency } = ref as { currency: string }
      await db.insertInto('ledger_accounts')
        .values({ key: accountKey(ref), kind: 'house', currency, balance_minor: 0, allow_negative: 1, created_at: at })
        .onConflict((c) => c.column('key').doNothing())
        .execute()
    }
    if (missingHouses.length > 0) found = await findAccounts(db, keys)
    for (const [key, row] of found) {
      cache.set(key, row)
      // Outside a transaction each statement committed on its own: what was read is there for good.
      if (held) keepCommitted(held, key, row)
    }
  }
  return refs.map((ref) => {
    const row = cache.get(accountKey(ref))
    if (row) return row
    throw 'wallet' in ref ? fail(400, 'NO_WALLET') : fail(400, 'SLOT_NO_ACCOUNT')
  })
}

function checkPostings(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new Error('a movement has at least two postings')
  let sum = 0
  for (const { amountMinor } of postings) {
    if (!Number.isSafeInteger(amountMinor) || amountMinor === 0) throw new Error('postings are non-zero integer minor units')
    sum += amountMinor
  }
  if (sum !== 0) throw new Error('the postings of a movement sum to zero')
  if (new Set(postings.map((p) => accountKey(p.account))).size !== postings.length) {
    throw new Error('a movement posts to each account once')
  }
}

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string } | undefined)?.code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

/**
 * Adds each posting to its member account's cached balance, refusing (MONEY_NOT_ENOUGH, which
 * rolls the movement back) when one would go below 0; the balances after, in postings' order (NaN
 * for a house account). House accounts keep no running balance: their balance is the sum of their
 * postings (accountBalance). A house account such as in-transit takes a posting in every transfer,
 * and on PostgreSQL an UPDATE of its row locked it until commit, so every transfer of every member
 * on every instance waited for the one before (about 350 a second in all). Member accounts are
 * what the no-negative rule guards and what each member's own requests update.
 * SQLite runs one writer at a time, so one statement updates them all; PostgreSQL updates row by
 * row in id order, so two movements touching the same accounts lock them in the same order.
 */
async function applyPostings(trx: Db, accounts: readonly AccountRow[], postings: readonly Posting[]): Promise<number[]> {
  const balances = accounts.map(() => Number.NaN)
  const members = accounts.flatMap((account, i) => (account.allow_negative === 1 ? [] : [i]))
  if (members.length === 0) return balances
  if (!isPostgres(trx)) {
    const amount = `CASE ${members.map(() => 'WHEN id = ? THEN ?').join(' ')} ELSE 0 END`
    const amounts = members.flatMap((i) => [accounts[i].id, postings[i].amountMinor])
    const ids = members.map((i) => accounts[i].id)
    const rows = await runSql<{ id: number; balance_minor: number }>(trx,
      `UPDATE ledger_accounts SET balance_minor = balance_minor + ${amount}
       WHERE id IN (${list(ids.length)}) AND balance_minor + ${amount} >= 0
       RETURNING id, balance_minor`,
      [...amounts, ...ids, ...amounts])
    if (rows.length !== members.length) throw fail(400, 'MONEY_NOT_ENOUGH')
    const after = new Map(rows.map((row) => [Number(row.id), Number(row.balance_minor)]))
    for (const i of members) balances[i] = after.get(accounts[i].id) ?? Number.NaN
    return balances
  }
  const order = [...members].sort((a, b) => accounts[a].id - accounts[b].id)
  for (const i of order) {
    const amount = postings[i].amountMinor
    const [updated] = await runSql<{ balance_minor: number }>(trx,
      'UPDATE ledger_accounts SET balance_minor = balance_minor + ? WHERE id = ? AND balance_minor + ? >= 0 RETURNING balance_minor',
      [amount, accounts[i].id, amount])
    if (!updated) throw fail(400, 'MONEY_NOT_ENOUGH')
    balances[i] = Number(updated.balance_minor)
  }
  return balances
}

/**
 * PostgreSQL, a movement with at most one member account (a deposit, a transfer's step, a game
 * round: all but none of today's): the movement, its postings and the member account's balance in
 * one statement, one round trip instead of four (issue 49 §1: on PostgreSQL each statement costs
 * the instance a send and a wake-up more than its work). The member account's conditional UPDATE
 * runs first; the movement and its postings are written only when it moved, so a refusal writes
 * nothing, and the statement is atomic on its own: no transaction is opened for it.
 */
async function postInOneStatement(db: Db, input: MovementInput, accounts: readonly AccountRow[]): Promise<PostedMovement> {
  const member = accounts.findIndex((account) => account.allow_negative !== 1)
  const moved = member >= 0
  // The member's row is share-locked first, as the movement's INSERT did on the other path before
  // any account was touched: a withdrawal locks that row (lockPayee) and then the wallet, and an
  // account updated before it here made the two wait on each other (a deadlock).
  const owned = moved && input.memberId !== undefined
  const { claim } = input
  // A claim: the movement's id is drawn first, so the claimed row can name it; the row is locked
  // (and, when another finisher moved it on meanwhile, read again) before anything is written, and
  // moved on only when the movement was written.
  const claimWhere = claim && assignments(claim.where, ' AND ', false)
  const claimSet = claim && assignments(claim.set, ', ', true)
  const parameters: unknown[] = []
  const ctes: string[] = []
  const gates: string[] = []
  if (claim) {
    ctes.push(`movement_id AS (SELECT nextval(pg_get_serial_sequence('movements', 'id')) AS id)`)
    ctes.push(`claimable AS (SELECT id FROM ${claim.table} WHERE id = ? AND ${claimWhere!.sql} FOR UPDATE)`)
    parameters.push(claim.id, ...claimWhere!.values)
  }
  if (owned) {
    ctes.push('owner AS (SELECT id FROM members WHERE id = ? FOR KEY SHARE)')
    parameters.push(input.memberId)
    gates.push('EXISTS (SELECT 1 FROM owner)')
  }
  if (claim) gates.push('EXISTS (SELECT 1 FROM claimable)')
  if (moved) {
    ctes.push(`changed AS (
        UPDATE ledger_accounts SET balance_minor = balance_minor + ?
        WHERE id = ? AND balance_minor + ? >= 0${gates.map((gate) => ` AND ${gate}`).join('')} RETURNING balance_minor
      )`)
    parameters.push(input.postings[member].amountMinor, accounts[member].id, input.postings[member].amountMinor)
  }
  const written = moved ? ['EXISTS (SELECT 1 FROM changed)'] : claim ? ['EXISTS (SELECT 1 FROM claimable)'] : []
  ctes.push(`movement AS (
        INSERT INTO movements (${claim ? 'id, ' : ''}kind, member_id, reference, note, created_at)
        SELECT ${claim ? '(SELECT id FROM movement_id), ' : ''}?::text, ?::bigint, ?::text, ?::text, ?::bigint${written.length > 0 ? ` WHERE ${written.join(' AND ')}` : ''} RETURNING id
      )`)
  parameters.push(input.kind, input.memberId ?? null, input.reference ?? null, input.note ?? '', input.at)
  const postings = input.postings.map((_, i) => (i === 0 ? '(?::bigint, ?::bigint)' : '(?, ?)')).join(', ')
  ctes.push(`booked AS (
        INSERT INTO postings (movement_id, account_id, amount_minor)
        SELECT movement.id, p.account_id, p.amount_minor FROM movement, (VALUES ${postings}) AS p(account_id, amount_minor)
      )`)
  parameters.push(...input.postings.flatMap((posting, i) => [accounts[i].id, posting.amountMinor]))
  const record = input.record && recordParts(input.record)
  if (record) {
    const recordValues = record.values.map((value) => (typeof value === 'number' ? '?::bigint' : '?::text')).join(', ')
    ctes.push(`record AS (
        INSERT INTO ${input.record!.table} (${record.columns}) SELECT ${recordValues}, movement.id FROM movement RETURNING id
      )`)
    parameters.push(...record.values)
  }
  if (claim) {
    ctes.push(`claimed AS (
        UPDATE ${claim.table} SET ${claimSet!.sql}, "${claim.movementColumn}" = movement.id FROM movement WHERE ${claim.table}.id = ?
      )`)
    parameters.push(...claimSet!.values, claim.id)
  }
  let rows: { id: number | null; balance_minor: number | null; record_id: number | null; claimable: boolean }[]
  try {
    // One row always: the movement's id is NULL when nothing was written.
    rows = await runSql(db, `WITH ${ctes.join(', ')}
      SELECT (SELECT id FROM movement) AS id, ${moved ? '(SELECT balance_minor FROM changed)' : 'NULL'} AS balance_minor,
        ${record ? '(SELECT id FROM record)' : 'NULL'} AS record_id, ${claim ? 'EXISTS (SELECT 1 FROM claimable)' : 'true'} AS claimable`, parameters)
  } catch (error) {
    if (input.reference !== undefined && isUniqueViolation(error)) throw fail(409, 'KEY_INVALID')
    throw error
  }
  const [row] = rows
  if (!row.claimable) throw new ClaimLost(`${claim!.table} ${claim!.id} moved on before this movement`)
  if (row.id === null) {
    // Nothing written: the member account would have gone below 0. An outside reference booked
    // before is the answer that comes first, as on the other path (the movement's INSERT first).
    const booked = input.reference !== undefined && (await runSql(db, 'SELECT 1 FROM movements WHERE reference = ?', [input.reference])).length > 0
    throw booked ? fail(409, 'KEY_INVALID') : fail(400, 'MONEY_NOT_ENOUGH')
  }
  return {
    movementId: Number(row.id),
    balances: accounts.map((_, i) => (i === member ? Number(row.balance_minor) : Number.NaN)),
    ...(record ? { recordId: Number(row.record_id) } : {}),
  }
}

/** Moves a claimed row on, in the movement's transaction; ClaimLost (which rolls it back) when it had moved on. */
async function claimIn(trx: Db, claim: MovementClaim, movementId: number): Promise<void> {
  const set = assignments(claim.set, ', ', false)
  const where = assignments(claim.where, ' AND ', false)
  const rows = await runSql(trx, `UPDATE ${claim.table} SET ${set.sql}, "${claim.movementColumn}" = ? WHERE id = ? AND ${where.sql} RETURNING id`,
    [...set.values, movementId, claim.id, ...where.values])
  if (rows.length === 0) throw new ClaimLost(`${claim.table} ${claim.id} moved on before this movement`)
}

/** Books one movement (see the module comment); `cache`: accounts the caller resolved before. */
export async function postMovement(db: Db, input: MovementInput, cache: AccountCache = new Map()): Promise<PostedMovement> {
  checkPostings(input.postings)
  const resolve = async (on: Db) => {
    const accounts = await resolveAccounts(on, input.postings.map((p) => p.account), input.at, cache)
    if (new Set(accounts.map((a) => a.currency)).size !== 1) throw new Error('a movement is in one currency')
    return accounts
  }
  if (isPostgres(db)) {
    // Resolving needs no transaction: an account row, once there, never changes its id or kind.
    const accounts = await resolve(db)
    if (accounts.filter((account) => account.allow_negative !== 1).length <= 1) return postInOneStatement(db, input, accounts)
  }
  return inTransaction(db, async (trx) => {
    const accounts = await resolve(trx)
    let movementId: number
    try {
      const [row] = await runSql<{ id: number }>(trx,
        'INSERT INTO movements (kind, member_id, reference, note, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
        [input.kind, input.memberId ?? null, input.reference ?? null, input.note ?? '', input.at])
      movementId = Number(row.id)
    } catch (error) {
      if (input.reference !== undefined && isUniqueViolation(error)) throw fail(409, 'KEY_INVALID')
      throw error
    }
    await runSql(trx, `INSERT INTO postings (movement_id, account_id, amount_minor) VALUES ${tuples(accounts.length, 3)}`,
      input.postings.flatMap((posting, i) => [movementId, accounts[i].id, posting.amountMinor]))
    const balances = await applyPostings(trx, accounts, input.postings)
    if (input.claim) await claimIn(trx, input.claim, movementId)
    if (!input.record) return { movementId, balances }
    const record = recordParts(input.record)
    const [row] = await runSql<{ id: number }>(trx, `INSERT INTO ${input.record.table} (${record.columns}) VALUES (${list(record.values.length + 1)}) RETURNING id`,
      [...record.values, movementId])
    return { movementId, balances, recordId: Number(row.id) }
  })
}

export interface WalletCredit {
  memberId: number
  /** Positive integer minor units. */
  amountMinor: number
  at: number
  /** The house account the money comes from; default deposits-in. */
  from?: HouseAccount
  /** Default 'deposit'. */
  kind?: string
  reference?: string
  note?: string
}

/** Credits a member wallet from a house account; returns the wallet balance after, and its currency. */
export async function creditWallet(db: Db, credit: WalletCredit): Promise<{ balanceMinor: number; currency: string; movementId: number }> {
  if (!Number.isSafeInteger(credit.amountMinor) || credit.amountMinor <= 0) {
    throw new Error('a wallet credit is a positive integer of minor units')
  }
  return inTransaction(db, async (trx) => {
    const currency = await accountCurrency(trx, { wallet: credit.memberId })
    if (currency === undefined) throw fail(400, 'NO_WALLET')
    const { balances, movementId } = await postMovement(trx, {
      kind: credit.kind ?? 'deposit',
      memberId: credit.memberId,
      reference: credit.reference,
      note: credit.note,
      at: credit.at,
      postings: [
        { account: { wallet: credit.memberId }, amountMinor: credit.amountMinor },
        { account: { house: credit.from ?? 'deposits-in', currency }, amountMinor: -credit.amountMinor },
      ],
    })
    return { balanceMinor: balances[0], currency, movementId }
  })
}

/** Opens a member's wallet account (with the member, in its transaction). */
export async function openWallet(db: Db, memberId: number, currency: Currency, at = 0): Promise<void> {
  await db.insertInto('ledger_accounts').values({
    key: accountKey({ wallet: memberId }), kind: 'wallet', member_id: memberId, currency, balance_minor: 0, allow_negative: 0, created_at: at,
  }).execute()
}

/** Opens a member's game account at activation; a second call does nothing. */
export async function openGameAccount(db: Db, memberId: number, game: string, currency: string, at: number): Promise<void> {
  await db.insertInto('ledger_accounts').values({
    key: accountKey({ game, memberId }), kind: 'game', member_id: memberId, game_code: game, currency, balance_minor: 0, allow_negative: 0, created_at: at,
  }).onConflict((c) => c.column('key').doNothing()).execute()
}

/** An account's balance: a member account's cached one, a house account's sum of postings. */
export async function accountBalance(db: Db, ref: AccountRef): Promise<number | undefined> {
  if ('house' in ref) {
    const [row] = await runSql<{ total: number | string | null }>(db,
      'SELECT a.id, SUM(p.amount_minor) AS total FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id WHERE a."key" = ? GROUP BY a.id',
      [accountKey(ref)])
    return row === undefined ? undefined : Number(row.total ?? 0)
  }
  const [row] = await runSql<{ balance_minor: number }>(db, 'SELECT balance_minor FROM ledger_accounts WHERE "key" = ?', [accountKey(ref)])
  return row === undefined ? undefined : Number(row.balance_minor)
}

export async function accountCurrency(db: Db, ref: AccountRef): Promise<string | undefined> {
  const row = await db.selectFrom('ledger_accounts').select('currency').where('key', '=', accountKey(ref)).executeTakeFirst()
  return row?.currency
}

export const walletBalance = (db: Db, memberId: number): Promise<number | undefined> => accountBalance(db, { wallet: memberId })

/** Every game account balance of a member, by game code. */
export async function gameBalances(db: Db, memberId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('ledger_accounts').select(['game_code', 'balance_minor'])
    .where('member_id', '=', memberId).where('kind', '=', 'game').execute()
  return new Map(rows.map((row) => [row.game_code ?? '', Number(row.balance_minor)]))
}

/** A member's wallet balance and every game account balance (by game code). */
export interface MemberBalances { wallet: number | undefined; games: Map<string, number> }

/**
 * A member's balances as one read for readTogether: the wallet's, and every game account's as
 * `balance:CODE` joined by commas (a game code is letters and digits), so the wallet read sends
 * them in the statement that also asks for the invites and the coins.
 */
export const balancesRead = (memberId: number): ScalarRead<MemberBalances> => ({
  subqueries: [
    'SELECT balance_minor FROM ledger_accounts WHERE "key" = ?',
    "SELECT string_agg(balance_minor || ':' || game_code, ',') FROM ledger_accounts WHERE member_id = ? AND kind = 'game'",
  ],
  parameters: [accountKey({ wallet: memberId }), memberId],
  value: ([wallet, games]) => ({
    wallet: wallet === null || wallet === undefined ? undefined : Number(wallet),
    games: new Map(typeof games === 'string' && games !== '' ? games.split(',').map((entry) => {
      const colon = entry.indexOf(':')
      return [entry.slice(colon + 1), Number(entry.slice(0, colon))] as const
    }) : []),
  }),
})

/** A member's wallet balance and every game account balance (by game code), in one read. */
export async function memberBalances(db: Db, memberId: number): Promise<MemberBalances> {
  const [balances] = await readTogether(db, [balancesRead(memberId)])
  return balances
}

import type { SlotCategory } from '../../contract'
import { type Db, inTransaction, isPostgres } from '../shared/db'
import { runSql } from '../shared/sql'
import { forgetRecent, recentValue } from '../shared/recent'
import { ACCOUNT_FLOW_CODES, gameBackground, gameLogo, type SeedGame } from './gamesData'
import type { Generated } from 'kysely'

declare module '../shared/db' {
  /** The games area's tables (the migrations make them). */
  interface Tables {
    games: {
      code: string
      name: string
      category: string
      logo: string
      background: string
      web: string | null
      android: string | null
      ios: string | null
      /** ftWalletSlot x 100, an integer. */
      ft_wallet_slot_x100: number
      /** 1 when the simulated provider refuses calls (tests, /dev/games). */
      is_down: Generated<number>
      /** How long the simulated provider takes to answer, ms. */
      latency_ms: Generated<number>
      /** 1 when the simulated provider does a transfer, then the connection drops before its answer. */
      drops_answers: Generated<number>
      sort: number
    }
    /** What the simulated providers were asked to move, by reference (games/providers.ts). */
    provider_transfers: {
      game_code: string
      reference: string
      direction: string
      username: string
      amount_minor: number
      outcome: string
      at: number
    }
    /** The simulated providers' own balance per account (games/providers.ts), not our ledger's. */
    provider_accounts: { game_code: string; username: string; balance_minor: number }
    game_accounts: { member_id: number; game_code: string; username: string; password: string; activated_at: number }
    game_launches: { token_hash: string; member_id: number; game_code: string; expires_at: number }
  }
}

/** Games and members' game accounts (repository). Balances live in the ledger, not here. */
export interface Game {
  code: string
  name: string
  category: SlotCategory
  logo: string
  background: string
  web: string | null
  android: string | null
  ios: string | null
  ftWalletSlot: number
  /** The simulated provider's faults (tests and /dev/games switch them): it refuses every call, */
  isDown: boolean
  /** takes this long to answer (ms), */
  latencyMs: number
  /** or does a transfer and then drops the connection before its answer. */
  dropsAnswers: boolean
  /** One of the 16 codes with accounts (activation, credentials, transfers). */
  hasAccount: boolean
}

export interface GameAccount {
  memberId: number
  gameCode: string
  username: string
  password: string
  activatedAt: number
}

const gameColumns = ['code', 'name', 'category', 'logo', 'background', 'web', 'android', 'ios', 'ft_wallet_slot_x100', 'is_down', 'latency_ms', 'drops_answers'] as const

type GameRow = {
  code: string; name: string; category: string; logo: string; background: string; web: string | null; android: string | null; ios: string | null
  ft_wallet_slot_x100: number; is_down: number; latency_ms: number; drops_answers: number
}

const fromRow = (row: GameRow): Game => ({
  code: row.code,
  name: row.name,
  category: row.category as SlotCategory,
  logo: row.logo,
  background: row.background,
  web: row.web,
  android: row.android,
  ios: row.ios,
  ftWalletSlot: row.ft_wallet_slot_x100 / 100,
  isDown: Number(row.is_down) === 1,
  latencyMs: Number(row.latency_ms),
  dropsAnswers: Number(row.drops_answers) === 1,
  hasAccount: ACCOUNT_FLOW_CODES.includes(row.code),
})

export async function listGames(db: Db): Promise<Game[]> {
  return (await db.selectFrom('games').select(gameColumns).orderBy('sort').execute()).map(fromRow)
}

/** The games as every wallet read shows them, read at most a second ago (recent.ts). */
export const listGamesRecent = (db: Db): Promise<Game[]> => recentValue(db, 'games', 1_000, () => listGames(db))

/** A game by code, case-insensitive (auto-login paths are lower-case). */
export async function findGame(db: Db, code: string): Promise<Game | undefined> {
  const row = await db.selectFrom('games').select(gameColumns).where('code', '=', code.toUpperCase()).executeTakeFirst()
  return row && fromRow(row)
}

export async function insertGames(db: Db, games: readonly SeedGame[]): Promise<void> {
  await db.insertInto('games').values(games.map((game, i) => ({
    code: game.code,
    name: game.name,
    category: game.category,
    logo: gameLogo(game.code),
    background: gameBackground(game.code),
    web: game.web ?? null,
    android: null,
    ios: null,
    ft_wallet_slot_x100: Math.round((game.ftWalletSlot ?? 1) * 100),
    sort: i,
  }))).execute()
}

export interface ProviderFaults {
  down?: boolean
  latencyMs?: number
  dropsAnswers?: boolean
}

/** Switches the simulated provider's faults; false for an unknown game. */
export async function setProviderFaults(db: Db, code: string, faults: ProviderFaults): Promise<boolean> {
  const result = await db.updateTable('games').set({
    ...(faults.down === undefined ? {} : { is_down: faults.down ? 1 : 0 }),
    ...(faults.latencyMs === undefined ? {} : { latency_ms: faults.latencyMs }),
    ...(faults.dropsAnswers === undefined ? {} : { drops_answers: faults.dropsAnswers ? 1 : 0 }),
  }).where('code', '=', code.toUpperCase()).executeTakeFirst()
  forgetRecent(db, 'games')
  return Number(result.numUpdatedRows) > 0
}

const accountColumns = ['member_id as memberId', 'game_code as gameCode', 'username', 'password', 'activated_at as activatedAt'] as const

export async function findGameAccount(db: Db, memberId: number, gameCode: string): Promise<GameAccount | undefined> {
  const row = await db.selectFrom('game_accounts').select(accountColumns)
    .where('member_id', '=', memberId).where('game_code', '=', gameCode).executeTakeFirst()
  return row && { ...row, memberId: Number(row.memberId), activatedAt: Number(row.activatedAt) }
}

// Every transfer reads it: written as SQL (sql.ts), the builder costs what the read does.
const gameWithAccountSql = `SELECT ${gameColumns.map((column) => `g.${column}`).join(', ')}, a.username, a.password, a.activated_at
  FROM games g LEFT JOIN game_accounts a ON a.game_code = g.code AND a.member_id = ? WHERE g.code = ?`

/** A game by code (any case) and the member's account there, if any, in one read. */
export async function findGameWithAccount(db: Db, memberId: number, code: string): Promise<{ game: Game; account?: GameAccount } | undefined> {
  const [row] = await runSql<GameRow & { username: string | null; password: string | null; activated_at: number | null }>(db, gameWithAccountSql, [memberId, code.toUpperCase()])
  if (!row) return undefined
  const game = fromRow(row)
  if (row.username === null || row.password === null || row.activated_at === null) return { game }
  return { game, account: { memberId, gameCode: game.code, username: row.username, password: row.password, activatedAt: Number(row.activated_at) } }
}

/** False when the member already had this game account (a second activation at the same time). */
export async function insertGameAccount(db: Db, account: GameAccount): Promise<boolean> {
  const inserted = await db.insertInto('game_accounts').values({
    member_id: account.memberId,
    game_code: account.gameCode,
    username: account.username,
    password: account.password,
    activated_at: account.activatedAt,
  }).onConflict((c) => c.columns(['member_id', 'game_code']).doNothing()).returning('member_id').executeTakeFirst()
  return inserted !== undefined
}

export async function updateGamePassword(db: Db, memberId: number, gameCode: string, password: string): Promise<void> {
  await db.updateTable('game_accounts').set({ password }).where('member_id', '=', memberId).where('game_code', '=', gameCode).execute()
}

export async function insertLaunch(db: Db, launch: { tokenHash: string; memberId: number; gameCode: string; expiresAt: number }): Promise<void> {
  await db.deleteFrom('game_launches').where('expires_at', '<', launch.expiresAt - 2 * LAUNCH_TTL_MS).execute()
  await db.insertInto('game_launches').values({
    token_hash: launch.tokenHash, member_id: launch.memberId, game_code: launch.gameCode, expires_at: launch.expiresAt,
  }).execute()
}

export async function findLaunch(db: Db, tokenHash: string): Promise<{ memberId: number; gameCode: string; expiresAt: number } | undefined> {
  const row = await db.selectFrom('game_launches').select(['member_id', 'game_code', 'expires_at'])
    .where('token_hash', '=', tokenHash).executeTakeFirst()
  return row && { memberId: Number(row.member_id), gameCode: row.game_code, expiresAt: Number(row.expires_at) }
}

/** An auto-login link works for 10 minutes. */
export const LAUNCH_TTL_MS = 10 * 60 * 1000

// ---- The simulated providers' own book (games/providers.ts) ----

/**
 * Moves a simulated provider's own balance of `username` by `signedMinor`, unless that would take
 * it below zero: false then, and nothing moved. In the caller's transaction.
 */
export async function moveProviderBalance(db: Db, gameCode: string, username: string, signedMinor: number): Promise<boolean> {
  // One statement either way: money in opens the account there when it has none; money out of an
  // account it never had is out of nothing, refused like any payout beyond the balance.
  const moved = signedMinor > 0
    ? await runSql(db, `INSERT INTO provider_accounts (game_code, username, balance_minor) VALUES (?, ?, ?)
      ON CONFLICT (game_code, username) DO UPDATE SET balance_minor = provider_accounts.balance_minor + excluded.balance_minor RETURNING balance_minor`,
    [gameCode, username, signedMinor])
    : await runSql(db, `UPDATE provider_accounts SET balance_minor = balance_minor + ?
      WHERE game_code = ? AND username = ? AND balance_minor + ? >= 0 RETURNING balance_minor`, [signedMinor, gameCode, username, signedMinor])
  return moved.length > 0
}

export interface ProviderTransferEntry {
  gameCode: string
  reference: string
  direction: string
  username: string
  amountMinor: number
  at: number
}

/**
 * Writes a reference into a simulated provider's book as done, when it is the first request with
 * it: false when the reference was there already (nothing written; a request at the same time
 * waits for the other's row on PostgreSQL).
 */
async function insertProviderTransfer(db: Db, entry: ProviderTransferEntry): Promise<boolean> {
  const [written] = await runSql<{ outcome: string }>(db, `INSERT INTO provider_transfers (game_code, reference, direction, username, amount_minor, outcome, at)
    VALUES (?, ?, ?, ?, ?, 'done', ?) ON CONFLICT (game_code, reference) DO NOTHING RETURNING outcome`,
  [entry.gameCode, entry.reference, entry.direction, entry.username, entry.amountMinor, entry.at])
  return written !== undefined
}

/**
 * A simulated provider's book takes a transfer: the first request with a reference writes it and
 * moves the account's balance there (or is refused, for good, when a payout exceeds it); a later
 * one answers what was written. On PostgreSQL one statement: the balance moves only while the
 * book has no such reference, and the reference's row is written in the same statement, so two
 * requests with one reference cannot both move it (the second's INSERT waits for the first's row,
 * then fails on its key, which undoes its move); that one, and one that finds the reference
 * written, read what the book says.
 */
export async function bookProviderTransfer(db: Db, entry: ProviderTransferEntry): Promise<string> {
  const signed = entry.direction === 'deposit' ? entry.amountMinor : -entry.amountMinor
  if (!isPostgres(db)) {
    return inTransaction(db, async (trx) => {
      if (!(await insertProviderTransfer(trx, entry))) return recordedProviderOutcome(trx, entry.gameCode, entry.reference)
      if (await moveProviderBalance(trx, entry.gameCode, entry.username, signed)) return 'done'
      await markProviderTransferRefused(trx, entry.gameCode, entry.reference)
      return 'refused'
    })
  }
  const unseen = 'NOT EXISTS (SELECT 1 FROM provider_transfers WHERE game_code = ? AND reference = ?)'
  const move = signed > 0
    ? `INSERT INTO provider_accounts (game_code, username, balance_minor) SELECT ?::text, ?::text, ?::bigint WHERE ${unseen}
      ON CONFLICT (game_code, username) DO UPDATE SET balance_minor = provider_accounts.balance_minor + excluded.balance_minor RETURNING 1`
    : `UPDATE provider_accounts SET balance_minor = balance_minor + ?
      WHERE game_code = ? AND username = ? AND balance_minor + ? >= 0 AND ${unseen} RETURNING 1`
  const moveValues = signed > 0
    ? [entry.gameCode, entry.username, signed, entry.gameCode, entry.reference]
    : [signed, entry.gameCode, entry.username, signed, entry.gameCode, entry.reference]
  try {
    const [written] = await runSql<{ outcome: string }>(db, `WITH moved AS (${move}), written AS (
        INSERT INTO provider_transfers (game_code, reference, direction, username, amount_minor, outcome, at)
        SELECT ?, ?, ?, ?, ?, CASE WHEN EXISTS (SELECT 1 FROM moved) THEN 'done' ELSE 'refused' END, ? WHERE ${unseen} RETURNING outcome
      ) SELECT outcome FROM written`,
    [...moveValues, entry.gameCode, entry.reference, entry.direction, entry.username, entry.amountMinor, entry.at, entry.gameCode, entry.reference])
    if (written) return written.outcome
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error
  }
  return recordedProviderOutcome(db, entry.gameCode, entry.reference)
}

/** What the book says of a reference it already holds (insertProviderTransfer found it there). */
async function recordedProviderOutcome(db: Db, gameCode: string, reference: string): Promise<string> {
  return (await runSql<{ outcome: string }>(db, 'SELECT outcome FROM provider_transfers WHERE game_code = ? AND reference = ?', [gameCode, reference]))[0].outcome
}

/** A reference the provider could not pay out stays refused, for good. */
async function markProviderTransferRefused(db: Db, gameCode: string, reference: string): Promise<void> {
  await runSql(db, `UPDATE provider_transfers SET outcome = 'refused' WHERE game_code = ? AND reference = ?`, [gameCode, reference])
}

/** What the book says of a reference; undefined when the provider never saw it. */
export async function findProviderOutcome(db: Db, gameCode: string, reference: string): Promise<string | undefined> {
  const row = await db.selectFrom('provider_transfers').select('outcome')
    .where('game_code', '=', gameCode).where('reference', '=', reference).executeTakeFirst()
  return row?.outcome
}

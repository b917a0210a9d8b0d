// `npm run seed:big` (issue 49 §2): a database of the size a year of a busy operator leaves, to
// measure what the calls cost on it. On SQLite in DATA_DIR (default .data/big; the folder must not
// hold a database yet), or on PostgreSQL with `-- --postgres` and DATABASE_URL (an empty database).
// Every migration and seed first, as a server's first start does; then, spread over the year before
// now:
//   members: BIG_MEMBERS (default 1,000,000), each with a wallet, half with a PG game account, a
//     third invited by an earlier member; all sign in with the password `secret99`;
//   ledger: BIG_POSTINGS (default 20,000,000) postings, two a movement (a deposit into the wallet,
//     a game round out of it, alternately, so no balance is ever below 0); half of them belong to
//     the busiest 1 % of members (hundreds of movements each, pages and pages of statement), the
//     other half are spread over everyone; each wallet's balance is the sum of its postings;
//   slips and QR codes: BIG_SLIPS (default 2,000,000), half bank slips (the latest 300 still
//     waiting for staff: the operator's queue, as long on any size), half QR codes, paid or expired;
//   withdrawals: BIG_WITHDRAWALS (default 200,000) of 50 baht, from wallets that hold it, in the
//     year's last quarter: most paid, every 25th failed (money back), the latest 300 waiting;
//   chat: a room for every tenth member, BIG_CHAT_MESSAGES (default 2,000,000) messages in them.
// Set-based SQL (generate_series; a recursive WITH on SQLite), a million rows a statement at most.
// Prints the time of each part, the total and the size on disk. Not part of `npm test`;
// tests/server/seedBig.test.ts runs it small on both dialects and checks the books.
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { type Db, isPostgres, migrate, openDatabase } from '../server/shared/db'
import { createPasswordHasher, TEST_MODE_PASSWORD_COST } from '../server/auth/passwords'
import { runSeeds } from '../server/seed/seed'
import { accountKey, type HouseAccount } from '../server/shared/ledger'
import { runSql } from '../server/shared/sql'

export interface BigSize {
  members: number
  postings: number
  slips: number
  withdrawals: number
  chatMessages: number
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000
/** Movements a statement inserts at most: big enough for speed, small enough for a SQLite transaction's memory. */
const CHUNK = 1_000_000
export const BIG_PASSWORD = 'secret99'
/** Slips still waiting for staff (the operator's queue shows 200 at a time). */
const WAITING_SLIPS = 300
/** Withdrawals still waiting for a cashier. */
const WAITING_WITHDRAWALS = 300
/** What each withdrawal asks: 50 baht. */
const WITHDRAWAL_MINOR = 5_000

/** The numbers 1..count as rows of `s(n)`, for a FROM clause. */
const series = (db: Db, count: number): string => (isPostgres(db)
  ? `generate_series(1, ${count}) AS s(n)`
  : `(WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count}) SELECT n FROM seq) AS s`)

/** `expr` (an integer) as text padded with zeros to `width`. */
const padded = (db: Db, expr: string, width: number): string => (isPostgres(db) ? `lpad((${expr})::text, ${width}, '0')` : `printf('%0${width}d', ${expr})`)

/** Integer division on both dialects (SQLite and PostgreSQL both truncate integers; the casts keep it so). */
const idiv = (a: string, b: string | number): string => `CAST((${a}) / (${b}) AS BIGINT)`

async function maxId(db: Db, table: string): Promise<number> {
  const [row] = await runSql<{ id: number | string | null }>(db, `SELECT MAX(id) AS id FROM ${table}`, [])
  return Number(row?.id ?? 0)
}

async function timed<T>(label: string, work: () => Promise<T>, log: (line: string) => void): Promise<T> {
  const started = performance.now()
  const result = await work()
  log(`  ${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`)
  return result
}

/** PostgreSQL: the id sequences behind the explicit ids written here, moved past them. */
async function advanceSequences(db: Db, tables: readonly string[]): Promise<void> {
  if (!isPostgres(db)) return
  for (const table of tables) {
    await runSql(db, `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT COALESCE(MAX(id), 1) FROM ${table}))`, [])
  }
}

/** Fills `db` (migrated and seeded) with a year of `size`; `now` ends the year. */
export async function seedBig(db: Db, size: BigSize, now: number, log: (line: string) => void = console.log): Promise<void> {
  const start = now - YEAR_MS
  const passwords = createPasswordHasher(TEST_MODE_PASSWORD_COST)
  const passwordHash = await passwords.hash(BIG_PASSWORD)
  const { members: N } = size
  const firstMember = (await maxId(db, 'members')) + 1
  const firstAccount = (await maxId(db, 'ledger_accounts')) + 1
  const member = (n: string) => `${firstMember - 1} + ${n}`
  const at = (n: string, count: number) => `${start} + ${idiv(`CAST(${n} AS BIGINT) * ${YEAR_MS}`, count)}`

  await timed(`members (${N.toLocaleString('en')})`, async () => {
    for (let from = 0; from < N; from += CHUNK) {
      const count = Math.min(CHUNK, N - from)
      const n = `(s.n + ${from})`
      await runSql(db, `INSERT INTO members (id, username, password_hash, name, bank_code, bank_account_name, bank_account_no, currency, invited_by, created_at)
        SELECT ${member(n)}, '07' || ${padded(db, n, 8)}, ?, 'BIG ' || ${n}, 'KBANK', 'BIG TESTER', '88' || ${padded(db, n, 8)}, 'THB',
          CASE WHEN ${n} % 3 = 0 AND ${n} > 30 THEN ${member(idiv(n, 10))} END, ${at(n, N)}
        FROM ${series(db, count)}`, [passwordHash])
      // A wallet each (id firstAccount - 1 + n), then a PG account for every second member.
      await runSql(db, `INSERT INTO ledger_accounts (id, "key", kind, member_id, game_code, currency, balance_minor, allow_negative, created_at)
        SELECT ${firstAccount - 1} + ${n}, 'wallet:' || (${member(n)}), 'wallet', ${member(n)}, NULL, 'THB', 0, 0, ${at(n, N)}
        FROM ${series(db, count)}`, [])
    }
    const games = firstAccount + N
    for (let from = 0; from < N; from += 2 * CHUNK) {
      const count = Math.min(CHUNK, Math.ceil((N - from) / 2))
      const n = `(2 * s.n + ${from})`
      await runSql(db, `INSERT INTO ledger_accounts (id, "key", kind, member_id, game_code, currency, balance_minor, allow_negative, created_at)
        SELECT ${games - 1} + ${idiv(n, 2)}, 'game:' || (${member(n)}) || ':PG', 'game', ${member(n)}, 'PG', 'THB', 0, 0, ${at(n, N)}
        FROM ${series(db, count)} WHERE ${n} <= ${N}`, [])
      await runSql(db, `INSERT INTO game_accounts (member_id, game_code, username, password, activated_at)
        SELECT ${member(n)}, 'PG', 'pg' || ${n}, 'big', ${at(n, N)} FROM ${series(db, count)} WHERE ${n} <= ${N}`, [])
    }
    await advanceSequences(db, ['members', 'ledger_accounts'])
  }, log)

  // The house side of every movement: deposits-in for deposits, the provider's for game rounds.
  /** A house account in baht, opened if it is not yet: its id. */
  const houseId = async (house: HouseAccount) => {
    const key = accountKey({ house, currency: 'THB' })
    await runSql(db, `INSERT INTO ledger_accounts ("key", kind, currency, balance_minor, allow_negative, created_at)
      VALUES (?, 'house', 'THB', 0, 1, ?) ON CONFLICT ("key") DO NOTHING`, [key, start])
    return Number((await runSql<{ id: number }>(db, 'SELECT id FROM ledger_accounts WHERE "key" = ?', [key]))[0].id)
  }
  const depositsIn = await houseId('deposits-in')
  const provider = await houseId('provider:PG')

  const movements = Math.floor(size.postings / 2)
  const busy = Math.max(1, Math.floor(N / 100))
  await timed(`ledger (${movements.toLocaleString('en')} movements, ${(movements * 2).toLocaleString('en')} postings)`, async () => {
    const firstMovement = (await maxId(db, 'movements')) + 1
    const firstPosting = (await maxId(db, 'postings')) + 1
    // Movement j: the first half goes round the busiest members, the second round everyone; a
    // member's k-th movement in each half is a deposit of 100 baht (k even) or a round losing 50.
    const half = Math.floor(movements / 2)
    for (let from = 0; from < movements; from += CHUNK) {
      const count = Math.min(CHUNK, movements - from)
      const j = `(s.n + ${from} - 1)`
      const inBusy = `${j} < ${half}`
      const who = `CASE WHEN ${inBusy} THEN ${j} % ${busy} ELSE (${j} - ${half}) % ${N} END + 1`
      const round = `CASE WHEN ${inBusy} THEN ${idiv(j, busy)} ELSE ${idiv(`${j} - ${half}`, N)} END`
      const moved = `CASE WHEN (${round}) % 2 = 0 THEN 10000 ELSE -5000 END`
      const id = `${firstMovement} + ${j}`
      await runSql(db, `INSERT INTO movements (id, kind, member_id, reference, note, created_at)
        SELECT ${id}, CASE WHEN (${round}) % 2 = 0 THEN 'deposit' ELSE 'game_round' END, ${member(`(${who})`)}, NULL,
          CASE WHEN (${round}) % 2 = 0 THEN '' ELSE 'PG' END, ${at(j, movements)}
        FROM ${series(db, count)}`, [])
      await runSql(db, `INSERT INTO postings (id, movement_id, account_id, amount_minor)
        SELECT ${firstPosting} + 2 * ${j}, ${id}, ${firstAccount - 1} + ${who}, ${moved} FROM ${series(db, count)}`, [])
      await runSql(db, `INSERT INTO postings (id, movement_id, account_id, amount_minor)
        SELECT ${firstPosting} + 2 * ${j} + 1, ${id}, CASE WHEN (${round}) % 2 = 0 THEN ${depositsIn} ELSE ${provider} END, -(${moved})
        FROM ${series(db, count)}`, [])
      log(`    ${(from + count).toLocaleString('en')} movements`)
    }
    await advanceSequences(db, ['movements', 'postings'])
    // Each wallet's cached balance is what its postings say (the books check holds it to that).
    await runSql(db, `UPDATE ledger_accounts SET balance_minor = (SELECT COALESCE(SUM(p.amount_minor), 0) FROM postings p WHERE p.account_id = ledger_accounts.id)
      WHERE kind = 'wallet' AND id >= ${firstAccount}`, [])
  }, log)

  // Withdrawals from wallets that hold 50 baht, spread over the members and over the last quarter of
  // the year (after every member's first deposit): most paid, every 25th failed (the money back), the
  // latest few hundred still waiting for a cashier (the operator's queue, as long on any size).
  await timed(`withdrawals (${size.withdrawals.toLocaleString('en')} asked)`, async () => {
    const pending = await houseId('payouts-pending')
    const paid = await houseId('payouts-paid')
    // Who: every k-th wallet with the amount in it, numbered 1..W (a table of this script's, dropped after).
    await runSql(db, 'DROP TABLE IF EXISTS big_withdrawers', [])
    await runSql(db, `CREATE TABLE big_withdrawers AS SELECT n, member_id, account_id FROM (
        SELECT ROW_NUMBER() OVER (ORDER BY id) AS n, member_id, id AS account_id FROM ledger_accounts
        WHERE kind = 'wallet' AND id >= ${firstAccount} AND balance_minor >= ${WITHDRAWAL_MINOR}) e`, [])
    const [{ eligible }] = await runSql<{ eligible: number | string }>(db, 'SELECT COUNT(*) AS eligible FROM big_withdrawers', [])
    const step = Math.max(1, Math.floor(Number(eligible) / Math.max(1, size.withdrawals)))
    await runSql(db, `DELETE FROM big_withdrawers WHERE n % ${step} <> 0 OR n / ${step} > ${size.withdrawals}`, [])
    await runSql(db, `UPDATE big_withdrawers SET n = n / ${step}`, [])
    const [{ count: asked }] = await runSql<{ count: number | string }>(db, 'SELECT COUNT(*) AS count FROM big_withdrawers', [])
    const W = Number(asked)
    const waiting = Math.min(WAITING_WITHDRAWALS, Math.ceil(W / 10))
    const firstMovement = (await maxId(db, 'movements')) + 1
    const firstPosting = (await maxId(db, 'postings')) + 1
    const firstWithdrawal = (await maxId(db, 'withdrawals')) + 1
    const quarter = Math.floor(YEAR_MS / 4)
    const when = `${now - quarter} + ${idiv(`CAST(w.n AS BIGINT) * ${quarter - 3_600_000}`, Math.max(1, W))}`
    const isWaiting = `w.n > ${W - waiting}`
    const outcome = `CASE WHEN ${isWaiting} THEN NULL WHEN w.n % 25 = 0 THEN 'failed' ELSE 'paid' END`
    // Ids: withdrawal n asks with movement 2n - 1 and settles with 2n (past the first ones); postings four a withdrawal.
    const asking = `${firstMovement} + 2 * (w.n - 1)`
    const settling = `${asking} + 1`
    const posting = (k: number) => `${firstPosting} + 4 * (w.n - 1) + ${k}`
    await runSql(db, `INSERT INTO movements (id, kind, member_id, reference, note, created_at)
      SELECT ${asking}, 'withdraw', w.member_id, NULL, 'requested', ${when} FROM big_withdrawers w`, [])
    await runSql(db, `INSERT INTO postings (id, movement_id, account_id, amount_minor)
      SELECT ${posting(0)}, ${asking}, w.account_id, -${WITHDRAWAL_MINOR} FROM big_withdrawers w`, [])
    await runSql(db, `INSERT INTO postings (id, movement_id, account_id, amount_minor)
      SELECT ${posting(1)}, ${asking}, ${pending}, ${WITHDRAWAL_MINOR} FROM big_withdrawers w`, [])
    await runSql(db, `INSERT INTO movements (id, kind, member_id, reference, note, created_at)
      SELECT ${settling}, CASE WHEN ${outcome} = 'paid' THEN 'withdraw_paid' ELSE 'withdraw_return' END, w.member_id,
        'withdrawal:' || (${firstWithdrawal - 1} + w.n) || ':' || ${outcome}, '', ${when} + 1800000
      FROM big_withdrawers w WHERE NOT (${isWaiting})`, [])
    await runSql(db, `INSERT INTO postings (id, movement_id, account_id, amount_minor)
      SELECT ${posting(2)}, ${settling}, ${pending}, -${WITHDRAWAL_MINOR} FROM big_withdrawers w WHERE NOT (${isWaiting})`, [])
    await runSql(db, `INSERT INTO postings (id, movement_id, account_id, amount_minor)
      SELECT ${posting(3)}, ${settling}, CASE WHEN ${outcome} = 'paid' THEN ${paid} ELSE w.account_id END, ${WITHDRAWAL_MINOR}
      FROM big_withdrawers w WHERE NOT (${isWaiting})`, [])
    await runSql(db, `INSERT INTO withdrawals (id, member_id, amount_minor, currency, status, requested_movement_id, settled_movement_id, created_at, settled_at,
        bank_code, bank_account_no, bank_account_name, bank_reference, failure_reason)
      SELECT ${firstWithdrawal - 1} + w.n, w.member_id, ${WITHDRAWAL_MINOR}, 'THB', COALESCE(${outcome}, 'requested'), ${asking},
        CASE WHEN ${isWaiting} THEN NULL ELSE ${settling} END, ${when}, CASE WHEN ${isWaiting} THEN NULL ELSE ${when} + 1800000 END,
        m.bank_code, m.bank_account_no, m.bank_account_name,
        CASE WHEN ${outcome} = 'paid' THEN 'BIGPAY' || w.n END, CASE WHEN ${outcome} = 'failed' THEN 'account closed' END
      FROM big_withdrawers w JOIN members m ON m.id = w.member_id`, [])
    await runSql(db, `UPDATE ledger_accounts SET balance_minor = balance_minor - ${WITHDRAWAL_MINOR}
      WHERE id IN (SELECT w.account_id FROM big_withdrawers w WHERE ${isWaiting} OR w.n % 25 <> 0)`, [])
    await runSql(db, 'DROP TABLE big_withdrawers', [])
    await advanceSequences(db, ['movements', 'postings', 'withdrawals'])
  }, log)

  const slips = Math.floor(size.slips / 2)
  // What waits for staff is the day's, not the year's: the latest few hundred, on any size.
  const waiting = Math.min(WAITING_SLIPS, Math.ceil(slips / 10))
  await timed(`slips and QR codes (${slips.toLocaleString('en')} each)`, async () => {
    const firstSlip = (await maxId(db, 'deposit_slips')) + 1
    for (let from = 0; from < slips; from += CHUNK) {
      const count = Math.min(CHUNK, slips - from)
      const n = `(s.n + ${from})`
      const when = at(n, slips)
      // Each with its image's digest, as every slip sent since 1.1.x has (a slip without one is
      // one 1.1.x approved, whose digest a server's start reads back from its image: slipDigests.ts).
      await runSql(db, `INSERT INTO deposit_slips (id, member_id, kind, reference, slip_ref_no, image_digest, file_name, mime, amount_minor, status, created_at, settled_at)
        SELECT ${firstSlip - 1} + ${n}, ${member(`(${n} % ${N}) + 1`)}, 'slip', 'BIGSLIP' || ${n}, 'BIGREF' || ${n}, 'bigimage' || ${n}, 'big.jpg', 'image/jpeg', 50000,
          CASE WHEN ${n} > ${slips - waiting} THEN 'processing' WHEN ${n} % 50 = 0 THEN 'failed' ELSE 'success' END, ${when},
          CASE WHEN ${n} > ${slips - waiting} THEN NULL ELSE ${when} + 60000 END
        FROM ${series(db, count)}`, [])
      await runSql(db, `INSERT INTO deposit_qrcodes (id, member_id, provider, amount_minor, reference, payload, status, created_at, expires_at, settled_at, paid_at)
        SELECT 'bigqr' || ${n}, ${member(`(${n} % ${N}) + 1`)}, 'KBANK', 30000, 'BIGQR' || ${n}, 'big', CASE WHEN ${n} % 4 = 0 THEN 'expired' ELSE 'paid' END,
          ${when}, ${when} + 600000, ${when} + 60000, CASE WHEN ${n} % 4 = 0 THEN NULL ELSE ${when} + 60000 END
        FROM ${series(db, count)}`, [])
    }
    await advanceSequences(db, ['deposit_slips'])
  }, log)

  const rooms = Math.max(1, Math.floor(N / 10))
  await timed(`chat (${rooms.toLocaleString('en')} rooms, ${size.chatMessages.toLocaleString('en')} messages)`, async () => {
    const firstRoom = (await maxId(db, 'chat_rooms')) + 1
    const firstMessage = (await maxId(db, 'chat_messages')) + 1
    await runSql(db, `INSERT INTO chat_rooms (id, kind, owner, session_id, customer_read_at, created_at)
      SELECT ${firstRoom - 1} + s.n, 'member', CAST(${member('10 * s.n')} AS TEXT), 'big' || s.n, NULL, ${at('s.n', rooms)}
      FROM ${series(db, rooms)}`, [])
    for (let from = 0; from < size.chatMessages; from += CHUNK) {
      const count = Math.min(CHUNK, size.chatMessages - from)
      const n = `(s.n + ${from})`
      await runSql(db, `INSERT INTO chat_messages (id, room_id, sender, message_type, payload, client_id, session_id, created_at)
        SELECT ${firstMessage - 1} + ${n}, ${firstRoom - 1} + (${n} % ${rooms}) + 1, CASE WHEN ${n} % 2 = 0 THEN 'agent' ELSE 'customer' END, 'text',
          '"message ' || ${n} || '"', NULL, 'big' || ((${n} % ${rooms}) + 1), ${at(n, size.chatMessages)}
        FROM ${series(db, count)}`, [])
    }
    await advanceSequences(db, ['chat_rooms', 'chat_messages'])
    // Each room's last message and its sender, as storeMessage keeps them (migration 0031).
    await runSql(db, `UPDATE chat_rooms SET last_message_id = (SELECT MAX(m.id) FROM chat_messages m WHERE m.room_id = chat_rooms.id) WHERE id >= ${firstRoom}`, [])
    await runSql(db, `UPDATE chat_rooms SET last_sender = (SELECT m.sender FROM chat_messages m WHERE m.id = chat_rooms.last_message_id) WHERE id >= ${firstRoom}`, [])
  }, log)

  // The planner's statistics, as autovacuum (PostgreSQL) or `PRAGMA optimize` would gather them in
  // time; on PostgreSQL the vacuum too, which a year's autovacuum would have done (the visibility map
  // that index-only scans need, the tuples frozen), so no load measured on it runs beside that work.
  if (isPostgres(db)) await timed('VACUUM (ANALYZE)', () => runSql(db, 'VACUUM (ANALYZE)', []), log)
  else await timed('ANALYZE', () => runSql(db, 'ANALYZE', []), log)
}

/** Opens, migrates and seeds the database as a server's first start would, then fills it. */
export async function buildBigDatabase(options: { dataDir: string; databaseUrl?: string }, size: BigSize, log: (line: string) => void = console.log): Promise<Db> {
  const db = openDatabase(options)
  const now = Date.now()
  await migrate(db)
  await runSeeds(db, now, createPasswordHasher(TEST_MODE_PASSWORD_COST), { demo: true, variant: 'th' })
  const [filled] = await runSql<{ n: number | string }>(db, "SELECT COUNT(*) AS n FROM members WHERE username LIKE '07%'", [])
  if (Number(filled.n) > 0) throw new Error('seed:big fills a new database: this one was filled before')
  await seedBig(db, size, now, log)
  return db
}

/** The size of the database on disk, bytes. */
export async function sizeOnDisk(db: Db, dataDir: string): Promise<number> {
  if (isPostgres(db)) return Number((await runSql<{ size: number | string }>(db, 'SELECT pg_database_size(current_database()) AS size', []))[0].size)
  const file = join(dataDir, 'wallet.db')
  const sizeOf = (path: string) => {
    try {
      return statSync(path).size
    } catch {
      return 0
    }
  }
  return sizeOf(file) + sizeOf(`${file}-wal`)
}

if (process.argv[1]?.endsWith('seed-big.ts')) {
  const postgres = process.argv.includes('--postgres')
  const databaseUrl = postgres ? process.env.DATABASE_URL : undefined
  if (postgres && !databaseUrl) throw new Error('seed:big -- --postgres needs DATABASE_URL (an empty database)')
  const dataDir = process.env.DATA_DIR ?? '.data/big'
  const size: BigSize = {
    members: Number(process.env.BIG_MEMBERS ?? 1_000_000),
    postings: Number(process.env.BIG_POSTINGS ?? 20_000_000),
    slips: Number(process.env.BIG_SLIPS ?? 2_000_000),
    withdrawals: Number(process.env.BIG_WITHDRAWALS ?? 200_000),
    chatMessages: Number(process.env.BIG_CHAT_MESSAGES ?? 2_000_000),
  }
  console.log(`seed:big on ${postgres ? 'PostgreSQL' : `SQLite (${dataDir})`}: ${JSON.stringify(size)}`)
  const started = performance.now()
  const db = await buildBigDatabase({ dataDir, databaseUrl }, size)
  const bytes = await sizeOnDisk(db, dataDir)
  console.log(`  ${'total'.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`)
  console.log(`  size on disk: ${(bytes / 1024 ** 3).toFixed(2)} GB`)
  await db.destroy()
}

// @vitest-environment node
// Game transfers (issue 14, point 1): an instance killed between reserve and settle, once after
// the provider did its part and once before; a new instance resolves both by asking the provider,
// and the books balance with every baht in one place. On PostgreSQL the instances share the database.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildServer } from '../../server/app'
import { openDatabase } from '../../server/shared/db'
import { checkBooks } from '../../server/wallet/books'
import { DEMO_MEMBER_ID, DEMO_START_MINOR } from './depositHelpers'
import { MINUTE, TEST_PASSWORD_COST, testStorage } from './helpers'
import { PROCESS_TEST_MS } from './mainProcess'

describe('a crash between reserve and settle', () => {
  it('ends, after a restart, with the books balanced and the money in one place', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wallet-crash-'))
    const storage = await testStorage(dir)
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/fixtures/startInstance.ts'], {
      env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '', LISTEN: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const match = /port (\d+)/.exec(chunk.toString())
          if (match) resolve(Number(match[1]))
        })
        child.once('exit', (code) => reject(new Error(`the instance exited (${code})`)))
      })
      const api = async (method: string, path: string, body?: unknown, auth?: string) => {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        return { status: response.status, body: (await response.json()) as Record<string, unknown> }
      }
      const auth = (await api('POST', '/api/login', { username: '0812345678', password: 'demo1234' })).body.token as string
      for (const code of ['PG', 'JOKER']) expect((await api('GET', `/api/wallet/activate/${code}`, undefined, auth)).status).toBe(200)
      // JOKER does its transfer and the answer is lost: in transit, and the provider has it.
      await api('POST', '/dev/games/JOKER', { dropsAnswers: true })
      expect((await api('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'JOKER', amount: 200 }, auth)).status).toBe(504)
      // PG is slow: the instance dies while PG's request is out, before PG has done anything.
      await api('POST', '/dev/games/PG', { latencyMs: 60_000 })
      void api('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, auth).catch(() => {})
      const probe = openDatabase(storage)
      await expect.poll(async () => (await probe.selectFrom('game_transfers').select('id').execute()).length, { interval: 20 }).toBe(2)
      await probe.destroy()
      child.kill('SIGKILL')
      await new Promise((resolve) => child.once('exit', resolve))

      // A new instance, once the transfers are old enough for the sweep it runs at start.
      const restarted = await buildServer({
        ...storage, mode: 'test', passwordCost: TEST_PASSWORD_COST, staticDir: '/nonexistent-static-dir',
        now: () => Date.now() + 2 * MINUTE, transferSweepMs: 0,
      })
      try {
        await restarted.serverContext.db.updateTable('games').set({ latency_ms: 0, drops_answers: 0 }).execute()
        await restarted.ready()
        const open = () => restarted.serverContext.db.selectFrom('game_transfers').select('status').where('status', 'in', ['reserved', 'withdrawn']).execute()
        await expect.poll(async () => (await open()).length, { interval: 50 }).toBe(0)
        const rows = await restarted.serverContext.db.selectFrom('game_transfers').select(['to_code', 'status', 'reserve_movement_id']).orderBy('id').execute()
        expect(rows.map((row) => [row.to_code, row.status])).toEqual([['JOKER', 'settled'], ['PG', 'settled']])
        const book = await restarted.serverContext.db.selectFrom('provider_transfers').select(['game_code', 'reference', 'outcome']).orderBy('game_code').execute()
        expect(book).toEqual([
          { game_code: 'JOKER', reference: String(rows[0].reserve_movement_id), outcome: 'done' },
          { game_code: 'PG', reference: String(rows[1].reserve_movement_id), outcome: 'done' },
        ])
        const books = await checkBooks(restarted.serverContext.db)
        expect(books, JSON.stringify(books)).toMatchObject({ balanced: true })
        const balances = await restarted.serverContext.db.selectFrom('ledger_accounts').select(['key', 'balance_minor'])
          .where('member_id', '=', DEMO_MEMBER_ID).orderBy('key').execute()
        expect(balances.map((row) => [row.key, Number(row.balance_minor)])).toEqual([
          [`game:${DEMO_MEMBER_ID}:JOKER`, 200_00], [`game:${DEMO_MEMBER_ID}:PG`, 100_00], [`wallet:${DEMO_MEMBER_ID}`, DEMO_START_MINOR - 300_00],
        ])
      } finally {
        await restarted.close()
      }
    } finally {
      child.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    }
  }, PROCESS_TEST_MS)
})

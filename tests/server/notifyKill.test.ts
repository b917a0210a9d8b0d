// @vitest-environment node
// Issue 50 §3: an instance killed (SIGKILL) between the commit of the money and the send of its
// message leaves the message in the outbox, and the next instance on the same data sends it, once.
// server/main.ts as an operator runs it; the bot's calls go to a Bot API of the test's (real HTTP).
// The first instance's Bot API answers 429 retry_after: the message was claimed, not sent, and is
// due again; the instance is killed while it waits, and the wait is over when the next one starts.
import { afterEach, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../server/shared/db'
import { DEMO, onPostgres, testStorage, type TestStorage } from './helpers'
import { BOT_TOKEN } from './identityHelpers'
import { dataDirForTest, PROCESS_TEST_MS, PROCESS_WAIT_MS, startMain, stopMainProcessesAfterEach } from './mainProcess'
import { FakeApi } from './fakeApi'

stopMainProcessesAfterEach()

const HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'wallet-user' }
const TELEGRAM_USER = 515151

type BotMessage = { chat_id: string; text: string }
const apis: FakeApi<BotMessage>[] = []
afterEach(async () => {
  for (const fake of apis.splice(0)) await fake.stop()
})

/** A Bot API answering each sendMessage with `answer`. */
async function botApi(answer: { status: number; body: unknown }): Promise<FakeApi<BotMessage>> {
  const fake = await new FakeApi<BotMessage>(() => answer).start()
  apis.push(fake)
  return fake
}
const chats = (fake: FakeApi<BotMessage>) => fake.received.map((received) => String(received.body.chat_id))

/** `work` on the test's own connection to the instances' database, closed after. */
async function onDatabase<T>(storage: TestStorage, work: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase(storage)
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

async function api(url: string, method: string, path: string, body?: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}${path}`, {
    method, headers: { ...HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json()) as Record<string, unknown>
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(200)
  return answer
}

describe(`an instance killed between the money's commit and its message${onPostgres() ? ' (PostgreSQL)' : ' (SQLite file)'}`, () => {
  it('leaves the message to the next instance, which sends it once', { timeout: PROCESS_TEST_MS }, async () => {
    const storage = onPostgres() ? await testStorage() : { dataDir: dataDirForTest() }
    // Telegram says wait half a minute: the first instance will not try again before it is killed.
    const busy = await botApi({ status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 30', parameters: { retry_after: 30 } } })
    const ok = await botApi({ status: 200, body: { ok: true, result: { message_id: 1 } } })
    const env = {
      APP_MODE: 'test',
      ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : { DATA_DIR: storage.dataDir }),
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      APP_URL: 'https://wallet.example/',
    }
    const first = await startMain({ ...env, TELEGRAM_API_URL: busy.url })
    const { token } = await api(first.url, 'POST', '/api/login', { username: DEMO.phone, password: DEMO.password }) as { token: string }
    const { initData } = await api(first.url, 'POST', '/dev/telegram/init-data', { userId: TELEGRAM_USER, allowsWrite: true }) as { initData: string }
    await api(first.url, 'POST', '/api/account/identities', { provider: 'telegram', credential: initData }, token)
    const { qrcodeId } = await api(first.url, 'POST', '/api/qrcode/KBANK', { amount: 100 }, token) as { qrcodeId: string }
    await api(first.url, 'POST', `/dev/qrcode/${qrcodeId}/pay`, {})
    // Claimed and tried: Telegram said wait, and the message is due again later. Then the instance dies.
    await expect.poll(() => chats(busy), { timeout: PROCESS_WAIT_MS }).toEqual([String(TELEGRAM_USER)])
    await expect.poll(() => onDatabase(storage, (db) => db.selectFrom('notify_deliveries').select(['status', 'attempts']).execute()), { timeout: PROCESS_WAIT_MS })
      .toEqual([{ status: 'pending', attempts: 1 }])
    await first.kill()
    // The half minute passes (the next instance reads the time it is due from the database).
    await onDatabase(storage, (db) => db.updateTable('notify_deliveries').set({ next_at: Date.now() }).execute())

    const next = await startMain({ ...env, TELEGRAM_API_URL: ok.url })
    await expect.poll(() => chats(ok), { timeout: PROCESS_WAIT_MS }).toEqual([String(TELEGRAM_USER)])
    // Once only: a second deposit's message comes after it, and the first is not sent again.
    const second = await api(next.url, 'POST', '/api/qrcode/KBANK', { amount: 200 }, token) as { qrcodeId: string }
    await api(next.url, 'POST', `/dev/qrcode/${second.qrcodeId}/pay`, {})
    await expect.poll(() => ok.received.length, { timeout: PROCESS_WAIT_MS }).toBe(2)
    const texts = ok.received.map((received) => received.body.text.split('\n')[1])
    expect(texts).toEqual([expect.stringMatching(/^\+฿100\.00 /), expect.stringMatching(/^\+฿200\.00 /)])
    expect(busy.received).toHaveLength(1)
  })
})

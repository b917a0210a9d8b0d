// @vitest-environment node
// Issue 50 §3: an instance killed (SIGKILL) between the commit of the money and the send of its
// message leaves the message in the outbox, and the next instance on the same data sends it, once.
// server/main.ts as an operator runs it; the bot's calls go to a Bot API of the test's (real HTTP).
// The first instance's Bot API answers 429 retry_after: the message was claimed, not sent, and is
// due again; the instance is killed while it waits.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO, onPostgres, testStorage } from './helpers'
import { BOT_TOKEN } from './identityHelpers'
import { dataDirForTest, startMain, stopMainProcessesAfterEach } from './mainProcess'

stopMainProcessesAfterEach()

const HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'wallet-user' }
const TELEGRAM_USER = 515151

/** A Bot API answering each sendMessage with `answer`, keeping the chat ids it was asked to write to. */
async function botApi(answer: { status: number; body: unknown }): Promise<{ url: string; received: string[]; bodies: { text: string }[]; server: Server }> {
  const received: string[] = []
  const bodies: { text: string }[] = []
  const server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    request.on('end', () => {
      const body = JSON.parse(text) as { chat_id: string; text: string }
      received.push(String(body.chat_id))
      bodies.push(body)
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, bodies, server }
}

const apis: Server[] = []
afterEach(async () => {
  for (const server of apis.splice(0)) await new Promise((resolve) => server.close(resolve))
})

async function api(url: string, method: string, path: string, body?: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}${path}`, {
    method, headers: { ...HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json()) as Record<string, unknown>
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(200)
  return answer
}

describe(`an instance killed between the money's commit and its message${onPostgres() ? ' (PostgreSQL)' : ' (SQLite file)'}`, () => {
  it('leaves the message to the next instance, which sends it once', async () => {
    const storage = onPostgres() ? await testStorage() : { dataDir: dataDirForTest() }
    const busy = await botApi({ status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } } })
    const ok = await botApi({ status: 200, body: { ok: true, result: { message_id: 1 } } })
    apis.push(busy.server, ok.server)
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
    // Claimed and tried: Telegram said wait. Then the instance dies.
    await expect.poll(() => busy.received, { timeout: 20_000 }).toEqual([String(TELEGRAM_USER)])
    await first.kill()

    const next = await startMain({ ...env, TELEGRAM_API_URL: ok.url })
    await expect.poll(() => ok.received, { timeout: 20_000 }).toEqual([String(TELEGRAM_USER)])
    // Once only: a second deposit's message comes after it, and the first is not sent again.
    const second = await api(next.url, 'POST', '/api/qrcode/KBANK', { amount: 200 }, token) as { qrcodeId: string }
    await api(next.url, 'POST', `/dev/qrcode/${second.qrcodeId}/pay`, {})
    await expect.poll(() => ok.received.length, { timeout: 20_000 }).toBe(2)
    const texts = ok.bodies.map((body) => body.text.split('\n')[1])
    expect(texts).toEqual([expect.stringMatching(/^\+฿100\.00 /), expect.stringMatching(/^\+฿200\.00 /)])
    expect(busy.received).toHaveLength(1)
  })
})

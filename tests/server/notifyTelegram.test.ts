// @vitest-environment node
// Issue 50 §2 and §3: a member's money told through Telegram. The events written with the money
// become deliveries (the outbox), sent by the operator's bot to a fake Bot API (real HTTP, asserting
// what it receives): only where the player let the bot write, in the member's words, with a web_app
// button opening the screen; a block turns the channel off, retry_after is waited out, an old
// message is dropped; each message goes once, across a restart and with two instances at once.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BuildServerOptions } from '../../server/app'
import { fanOut, FIRST_RETRY_MS, outboxPass } from '../../server/notify/outbox'
import { NOTIFY_KINDS, type NotifySettings } from '../../server/notify/settings'
import { settleWithdrawal } from '../../server/wallet/withdrawals'
import { call, holdLock, login, onPostgres, startInstances, startServer, testStorage, type TestServer } from './helpers'
import { BOT_TOKEN, identitySettings, initData, link } from './identityHelpers'
import { withdraw } from './withdrawalHelpers'
import { paidQr as payQr } from './depositHelpers'
import { FakeApi } from './fakeApi'

type BotMessage = { chat_id: string; text: string; reply_markup: { inline_keyboard: { text: string; web_app: { url: string } }[][] } }

/** The Bot API as the test plays it: every request kept; ok unless told otherwise. */
const botApi = () => new FakeApi<BotMessage>((received) => ({ status: 200, body: { ok: true, result: { message_id: received.path.length } } })).start()

const TELEGRAM_USER = 424242
let bot: FakeApi<BotMessage>
const servers: TestServer[] = []
const dirs: string[] = []
const scratchDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-outbox-'))
  dirs.push(dir)
  return dir
}
beforeEach(async () => {
  bot = await botApi()
})
afterEach(async () => {
  for (const server of servers.splice(0)) await server.app.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  await bot.stop()
})

const notify = (overrides: Partial<NotifySettings> = {}): NotifySettings => ({
  appUrl: 'https://wallet.example/',
  telegram: { token: BOT_TOKEN, apiUrl: bot.url },
  events: new Set(NOTIFY_KINDS),
  maxAgeMs: 60 * 60 * 1000,
  // The tests run each pass themselves (outboxPass), but for the one that waits for the timer.
  everyMs: 0,
  ...overrides,
})

async function start(options: Partial<BuildServerOptions> = {}): Promise<TestServer> {
  const server = await startServer({ identity: identitySettings({ telegramBotToken: BOT_TOKEN }), notify: notify(), ...options })
  servers.push(server)
  return server
}

const pass = (server: TestServer, settings = notify()) => outboxPass(server.app.serverContext, settings)

/** The demo member, signed in by password, with Telegram linked by init data that does (or does not) let the bot write. */
async function linkedMember(server: TestServer, { allowsWrite = true } = {}): Promise<string> {
  const token = await login(server.app)
  const linked = await link(server.app, token, 'telegram', initData(TELEGRAM_USER, server.app.serverContext.now(), 'Somchai', BOT_TOKEN, { allowsWrite }))
  expect(linked.status, JSON.stringify(linked.body)).toBe(200)
  return token
}

const paidQr = (server: TestServer, token: string, amount: number) => payQr(server.app, token, amount)

async function paidWithdrawal(server: TestServer, token: string, amount: number): Promise<void> {
  const asked = await withdraw(server.app, token, amount, '/api/wallet/withdraw')
  expect(asked.status, JSON.stringify(asked.body)).toBe(200)
  const id = Number((asked.body.withdrawal as { id: string }).id)
  await settleWithdrawal(server.app.serverContext, id, { status: 'paid', bankReference: 'KB-778899' })
}

/** PUT /api/notifications/channels with `update` (GET without one): the answer's body. */
async function channels(server: TestServer, token: string, update?: unknown): Promise<unknown> {
  const result = await call(server.app, update ? 'PUT' : 'GET', '/api/notifications/channels', { token, ...(update ? { body: update } : {}) })
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body
}

const deliveries = (server: TestServer) =>
  server.app.serverContext.db.selectFrom('notify_deliveries').select(['status', 'attempts', 'error']).orderBy('id').execute()

describe("Telegram's messages of the member's money", () => {
  it('sends a paid withdrawal from the bot, once, with a button opening the statement in the Mini App', async () => {
    const server = await start({ notify: notify({ everyMs: 20 }) })
    const token = await linkedMember(server)
    await paidWithdrawal(server, token, 100)
    await expect.poll(() => bot.received.length, { timeout: 20_000 }).toBe(1)
    const [message] = bot.received
    expect(message.path).toBe(`/bot${BOT_TOKEN}/sendMessage`)
    expect(message.body.chat_id).toBe(String(TELEGRAM_USER))
    // The demo member's variant is Thai: no language of theirs yet, the variant's.
    expect(message.body.text).toMatch(/^ถอนเงินสำเร็จ|^.+\n−฿100\.00 · /)
    expect(message.body.text).toContain('−฿100.00')
    expect(message.body.text).toContain('KB-778899')
    expect(message.body.reply_markup.inline_keyboard).toEqual([[{ text: 'ดูรายละเอียด', web_app: { url: 'https://wallet.example/user/statement' } }]])
    await expect.poll(() => deliveries(server), { timeout: 20_000 }).toEqual([{ status: 'sent', attempts: 1, error: null }])
    // Passes after it send nothing more.
    await pass(server)
    await pass(server)
    expect(bot.received).toHaveLength(1)
  })

  it('writes in the language the member uses, and a slip opens its status sheet', async () => {
    const server = await start()
    const token = await linkedMember(server)
    expect(await channels(server, token, { language: 'en' })).toEqual({ language: 'en', channels: [{ channel: 'telegram', linked: true, allowed: true, on: true, blocked: false }] })
    await paidQr(server, token, 250)
    await pass(server)
    expect(bot.received.map((message) => message.body.text)).toEqual([expect.stringMatching(/^Deposit received\n\+฿250\.00 · QR payment\nBalance ฿[\d,]+\.\d\d$/)])
    expect(bot.received[0].body.reply_markup.inline_keyboard[0][0]).toEqual({ text: 'See details', web_app: { url: 'https://wallet.example/user/statement' } })
  })

  it('writes only where the player let the bot write, and not for the kinds the operator turned off', async () => {
    const server = await start()
    const token = await linkedMember(server, { allowsWrite: false })
    await paidQr(server, token, 50)
    await pass(server)
    expect(bot.received).toHaveLength(0)
    expect(await deliveries(server)).toEqual([])

    const allowed = await start()
    const member = await linkedMember(allowed)
    await paidQr(allowed, member, 50)
    await pass(allowed, notify({ events: new Set(['withdrawal_paid']) }))
    expect(bot.received).toHaveLength(0)
    await paidWithdrawal(allowed, member, 100)
    await pass(allowed, notify({ events: new Set(['withdrawal_paid']) }))
    expect(bot.received).toHaveLength(1)
  })

  it('turns the channel off for a player who blocked the bot (403), and on again when Telegram says the bot may write', async () => {
    const server = await start()
    const token = await linkedMember(server)
    bot.answers.push({ status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' } })
    await paidQr(server, token, 50)
    await pass(server)
    expect(await deliveries(server)).toEqual([{ status: 'failed', attempts: 1, error: '403 Forbidden: bot was blocked by the user' }])
    await paidQr(server, token, 60)
    await pass(server)
    // Not tried again, for this message or the next.
    expect(bot.received).toHaveLength(1)
    expect(await deliveries(server)).toHaveLength(1)

    const again = await call(server.app, 'POST', '/api/login/messenger', { body: { provider: 'telegram', credential: initData(TELEGRAM_USER, server.app.serverContext.now(), 'Somchai', BOT_TOKEN, { allowsWrite: true }) } })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    await paidQr(server, token, 70)
    await pass(server)
    expect(bot.received).toHaveLength(2)
  })

  it("waits out Telegram's retry_after (429) and then sends it once", async () => {
    const server = await start()
    const token = await linkedMember(server)
    bot.answers.push({ status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 30', parameters: { retry_after: 30 } } })
    await paidQr(server, token, 50)
    await pass(server)
    expect(await deliveries(server)).toEqual([{ status: 'pending', attempts: 1, error: '429 Too Many Requests: retry after 30' }])
    server.advance(29_000)
    await pass(server)
    expect(bot.received).toHaveLength(1)
    server.advance(1_000)
    await pass(server)
    expect(bot.received).toHaveLength(2)
    expect(await deliveries(server)).toEqual([{ status: 'sent', attempts: 2, error: null }])
  })

  it('leaves unknown, never sends again, a message whose sender stopped mid-call: it may have arrived', async () => {
    const server = await start()
    const token = await linkedMember(server)
    await paidQr(server, token, 50)
    await pass(server)
    const { db } = server.app.serverContext
    // As if claimed by a sender that stopped before it could settle it: its claim ran out.
    await db.updateTable('notify_deliveries').set({ status: 'sending', next_at: server.app.serverContext.now() }).execute()
    server.advance(1)
    await pass(server)
    expect(bot.received).toHaveLength(1)
    expect(await deliveries(server)).toEqual([{ status: 'unknown', attempts: 1, error: 'sender stopped while sending' }])
  })

  it('drops a message older than the bound rather than send it late, and counts it', async () => {
    const server = await start()
    const token = await linkedMember(server)
    await paidQr(server, token, 50)
    server.advance(61 * 60 * 1000)
    await pass(server)
    expect(bot.received).toHaveLength(0)
    expect(await deliveries(server)).toEqual([{ status: 'dropped', attempts: 0, error: 'too old' }])
  })

  it('sends what an instance committed and stopped before sending, once, from the next one on the same data', async () => {
    const storage = await testStorage(scratchDir())
    // The first commits the member's event and stops before sending it: it has no channel on, so no
    // pass of its own runs. (With the channel on, its pass at start could still be running when the
    // money moved, on a loaded machine, and send it: seen once on PostgreSQL in a clean-clone run.)
    const first = await start({ ...storage, notify: notify({ telegram: undefined }) })
    const token = await linkedMember(first)
    await paidWithdrawal(first, token, 100)
    servers.splice(servers.indexOf(first), 1)
    await first.app.close()
    expect(bot.received).toHaveLength(0)

    const next = await start(storage)
    await pass(next)
    await pass(next)
    expect(bot.received).toHaveLength(1)
    expect(bot.received[0].body.text).toContain('−฿100.00')
  })

  it(`sends each message once${onPostgres() ? ' with two instances claiming the same rows at once' : ''}`, async () => {
    const [one, two = one] = await startInstances(servers, { identity: identitySettings({ telegramBotToken: BOT_TOKEN }), notify: notify() })
    const token = await linkedMember(one)
    bot.answers.push({ status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 1 } } })
    await paidQr(one, token, 11)
    // Made into a delivery, tried once and due again: both instances then find it due.
    await pass(one)
    for (let i = 2; i <= 12; i += 1) await paidQr(one, token, 10 + i)
    while ((await fanOut(one.app.serverContext, notify())) > 0);
    for (const server of [one, two]) server.advance(FIRST_RETRY_MS)
    const { db } = one.app.serverContext
    if (onPostgres()) {
      // The race forced: the due rows are held while both instances claim, so each has read them
      // before either can write. A claim that waits for them (no SKIP LOCKED) takes them twice once
      // they are let go; one that passes over them takes nothing this time.
      const held = await holdLock(db, (trx) => sql`SELECT id FROM notify_deliveries WHERE status = 'pending' FOR UPDATE`.execute(trx))
      const passes = Promise.all([one, two].map((server) => pass(server)))
      await Promise.race([held.queued(2), passes])
      await held.release()
      await passes
    }
    for (const server of [one, two, one]) await pass(server)
    const amounts = bot.received.slice(1).map((message) => /\+฿(\d+)\.00/.exec(message.body.text)?.[1])
    expect(amounts.sort()).toEqual(Array.from({ length: 12 }, (_, i) => String(11 + i)).sort())
    expect(await deliveries(one)).toEqual([{ status: 'sent', attempts: 2, error: null }, ...Array.from({ length: 11 }, () => ({ status: 'sent', attempts: 1, error: null }))])
  })

  it("says which channels the server writes through, in /config.json and to the member, and takes the player's choices", async () => {
    const off = await startServer({ identity: identitySettings({ telegramBotToken: BOT_TOKEN }) })
    servers.push(off)
    const offToken = await login(off.app)
    expect(await channels(off, offToken)).toEqual({ language: null, channels: [] })
    expect((await off.app.inject({ method: 'GET', url: '/config.json' })).json()).not.toHaveProperty('messages')

    const server = await start()
    expect((await server.app.inject({ method: 'GET', url: '/config.json' })).json()).toMatchObject({ messages: ['telegram'] })
    const token = await login(server.app)
    // Not linked yet: nowhere to write.
    expect(await channels(server, token)).toEqual({ language: null, channels: [{ channel: 'telegram', linked: false, allowed: null, on: true, blocked: false }] })
    await linkedMember(server, { allowsWrite: false })
    expect(await channels(server, token)).toEqual({ language: null, channels: [{ channel: 'telegram', linked: true, allowed: null, on: true, blocked: false }] })
    await paidQr(server, token, 50)
    await pass(server)
    expect(bot.received).toHaveLength(0)

    // The app asked Telegram, and the player let the bot write.
    expect(await channels(server, token, { telegram: { allowed: true } })).toMatchObject({ channels: [{ allowed: true, on: true }] })
    await paidQr(server, token, 51)
    await pass(server)
    expect(bot.received).toHaveLength(1)

    // Turned off in the profile: nothing more, until turned on again.
    expect(await channels(server, token, { telegram: { on: false } })).toMatchObject({ channels: [{ allowed: true, on: false }] })
    await paidQr(server, token, 52)
    await pass(server)
    expect(bot.received).toHaveLength(1)
    expect(await channels(server, token, { telegram: { on: true } })).toMatchObject({ channels: [{ on: true }] })
    await paidQr(server, token, 53)
    await pass(server)
    expect(bot.received.map((message) => /\+฿(\d+)/.exec(message.body.text)?.[1])).toEqual(['51', '53'])

    // A refusal is kept: the app does not ask again.
    expect(await channels(server, token, { telegram: { allowed: false } })).toMatchObject({ channels: [{ allowed: false }] })
    expect((await call(server.app, 'PUT', '/api/notifications/channels', { token, body: { language: 'fr' } })).status).toBe(400)
    expect((await call(server.app, 'PUT', '/api/notifications/channels', { body: { language: 'en' } })).status).toBe(401)
  })
})

// @vitest-environment node
// Issue 31: one messenger credential opens at most one session, however many requests carry it at
// once. On PostgreSQL two server instances share the database, as two API nodes would, and every
// request is held until all have verified the credential (none has used it yet).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type TestServer, barrier, call, login, onPostgres, startInstances } from './helpers'
import { BOT_TOKEN, CHANNEL_ID, type LineKeys, idToken, identitySettings, initData, link, messengerLogin, serveLineKeys } from './identityHelpers'

let lineKeys: LineKeys
beforeAll(async () => {
  lineKeys = await serveLineKeys()
})
afterAll(async () => {
  await lineKeys.close()
})

let servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers) await server.app.close()
  servers = []
})

const on = (i: number) => servers[i % servers.length].app
const REPLAYS = 8

describe(`messenger credential replays${onPostgres() ? ' on two instances' : ''}`, () => {
  it.each(['telegram', 'line'] as const)('%s: the same credential sent many times at once opens one session', async (provider) => {
    await startInstances(servers, { identity: identitySettings({ telegramBotToken: BOT_TOKEN, lineChannelId: CHANNEL_ID, lineJwksUrl: lineKeys.url }) })
    const now = on(0).serverContext.now()
    const credential = async () => provider === 'telegram'
      ? initData(4242, now)
      : idToken({ sub: 'Urace', issuedAt: now, key: lineKeys.key, kid: lineKeys.kid })
    // Every sign-in is held until all have arrived, so all start their reads and checks at one moment
    // (before their handlers: the interleaving after that is the database's).
    const meet = barrier(REPLAYS)
    for (const server of servers) {
      server.app.addHook('preHandler', async (request) => {
        if (request.url === '/api/login/messenger') await meet()
      })
    }
    const token = await login(on(0))
    expect((await link(on(0), token, provider, await credential())).status).toBe(200)
    const replayed = await credential()
    const answers = await Promise.all(Array.from({ length: REPLAYS }, (_, i) => messengerLogin(on(i), provider, replayed, `192.0.2.${i + 1}`)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(REPLAYS - 1).fill(401)])
    for (const answer of answers.filter((a) => a.status === 401)) expect(answer.body).toEqual({ message: 'IDENTITY_USED' })
    const sessions = await on(0).serverContext.db.selectFrom('sessions').select('token_hash').where('identity_id', 'is not', null).execute()
    expect(sessions).toHaveLength(1)
    const winner = answers.find((answer) => answer.status === 200)!.body.token as string
    expect((await call(on(1), 'GET', '/api/account/profile', { token: winner })).status).toBe(200)
  })
})

// @vitest-environment node
// Issue 27, the account races: one verified OTP token registers once, and an OTP token's wrong
// codes are counted before they are compared, however many requests arrive at once. On
// PostgreSQL two server instances share the database, as two API nodes would; the dangerous
// interleaving is forced with a barrier (every request past its reads before any writes).
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_WRONG_CODES } from '../../server/otp/routes'
import { type TestServer, barrier, call, freshAddress, onPostgres, registration, startInstances } from './helpers'

let servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers) await server.app.close()
  servers = []
})

const instances = () => startInstances(servers)

const on = (i: number) => servers[i % servers.length].app
const PHONE = '0866666666'

describe(`account races${onPostgres() ? ' on two instances' : ''}`, () => {
  it('two registrations presenting one verified token at once register one member and use it up', async () => {
    await instances()
    const sent = await call(on(0), 'POST', '/api/otp/send', { body: { phoneNumber: PHONE } })
    const { otpCode } = (await call(on(0), 'GET', `/dev/otp/${PHONE}`)).body
    expect((await call(on(0), 'POST', '/api/otp/verify', { body: { otpToken: sent.body.otpToken, otpCode } })).status).toBe(200)

    // Both pass every check before either writes: they meet in the password hashing, which sits
    // between the checks and the member's transaction.
    const meet = barrier(2)
    for (const hasher of new Set(servers.map((server) => server.app.serverContext.passwords))) {
      const hash = hasher.hash
      hasher.hash = async (password) => {
        await meet()
        return hash(password)
      }
    }
    const answers = await Promise.all([0, 1].map((i) => call(on(i), 'POST', '/api/account', {
      body: { ...registration({ username: PHONE, bankAccountNo: `770000000${i}` }), otpToken: sent.body.otpToken },
      address: freshAddress(),
    })))

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400])
    expect(answers.find((answer) => answer.status === 400)!.body).toEqual({ message: 'UNVERIFIED_OTP' })
    const db = servers[0].app.serverContext.db
    expect(await db.selectFrom('members').select('id').where('username', '=', PHONE).execute()).toHaveLength(1)
    const otp = await db.selectFrom('otps').select('used_at').where('phone', '=', PHONE).executeTakeFirstOrThrow()
    expect(otp.used_at).not.toBeNull()
  })

  it(`forty wrong codes at once compare at most ${MAX_WRONG_CODES}`, async () => {
    await instances()
    const GUESSES = 40
    // Every guess reaches its handler before any goes on, so all start at one moment: what this holds
    // is the cap for guesses that arrive at once, not a chosen interleaving of their reads and writes
    // (a preHandler holds a request before its handler reads anything).
    const meet = barrier(GUESSES)
    for (const server of servers) {
      server.app.addHook('preHandler', async (request) => {
        if (request.url === '/api/otp/verify') await meet()
      })
    }
    const sent = await call(on(0), 'POST', '/api/otp/send', { body: { phoneNumber: PHONE } })
    const { otpCode } = (await call(on(0), 'GET', `/dev/otp/${PHONE}`)).body as { otpCode: string }
    const wrong = (i: number) => String((Number(otpCode) + 1 + i) % 1_000_000).padStart(6, '0')
    // Each from an address of its own, so the per-address limit is not what stops them.
    const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => call(on(i), 'POST', '/api/otp/verify', {
      body: { otpToken: sent.body.otpToken, otpCode: wrong(i) },
      address: freshAddress(),
    })))
    const codes = answers.map((answer) => String(answer.body.message))
    // The fifth compared wrong code burns the token (OTP_BLOCK), the rest were never compared.
    expect(codes.filter((code) => code === 'OTP_CODE_INVALID')).toHaveLength(MAX_WRONG_CODES - 1)
    expect(codes.filter((code) => code === 'OTP_BLOCK')).toHaveLength(GUESSES - MAX_WRONG_CODES + 1)
    // Each compared code was counted first, so the count is how many were compared.
    const otp = await servers[0].app.serverContext.db.selectFrom('otps').select('failed_attempts').where('phone', '=', PHONE).executeTakeFirstOrThrow()
    expect(otp.failed_attempts).toBe(MAX_WRONG_CODES)
    expect((await call(on(1), 'POST', '/api/otp/verify', { body: { otpToken: sent.body.otpToken, otpCode } })).body).toEqual({ message: 'OTP_BLOCK' })
  })
})

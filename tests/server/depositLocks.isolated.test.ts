// @vitest-environment node
// The slip upload writes its image outside every transaction and lock (issue 14): on PostgreSQL the
// rate-limit count holds an advisory lock that logins and OTP sends share, and on SQLite a
// transaction holds the one connection, so a slow disk under a lock would stall everyone.
import { describe, expect, it, vi } from 'vitest'
import { type TestServer, call, onDemoServer } from './helpers'
import { png } from './depositHelpers'

const disk = vi.hoisted(() => ({ held: undefined as Promise<void> | undefined, writing: 0 }))
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>()
  const writeFile: typeof original.writeFile = async (...args) => {
    disk.writing += 1
    await disk.held
    return original.writeFile(...args)
  }
  return { ...original, default: { ...original, writeFile }, writeFile }
})

let server: TestServer
let token: string
onDemoServer((started, demo) => {
  server = started
  token = demo
})


describe('a slip image being written', () => {
  it.each([
    ['without an Idempotency-Key', {}],
    ['with an Idempotency-Key', { 'Idempotency-Key': 'slow-disk' }],
  ])('%s holds no lock: a login and a gift link meanwhile are answered', async (_, headers) => {
    let release = () => {}
    disk.held = new Promise<void>((resolve) => {
      release = resolve
    })
    disk.writing = 0
    const uploading = server.app.inject({
      method: 'POST', url: '/api/wallet/slip', payload: png(),
      headers: { ...headers, authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    })
    await expect.poll(() => disk.writing).toBe(1)
    try {
      // The write is held until the end: a lock it held would keep these unanswered, and the test
      // would end on its timeout.
      const wrongPassword = call(server.app, 'POST', '/api/login', { body: { username: '0812345678', password: 'not-this' } })
      expect(await wrongPassword).toMatchObject({ status: 401, body: { message: 'WRONG_CREDENTIAL' } })
      const link = call(server.app, 'POST', '/api/wallet/truelink', { token, body: { link: 'U2FsdGVkX1+garbage' } })
      expect(await link).toMatchObject({ status: 400, body: { message: 'TRUELINK_INVALID' } })
    } finally {
      release()
    }
    expect((await uploading).statusCode).toBe(200)
    disk.held = undefined
  })
})

// @vitest-environment node
// Guests' chat uploads (issue 27): an address's limits are counted, and a declared length over the
// cap refused, before the body is read (over a real socket: the answer comes while the client has
// sent its headers only); the bytes an address uploads are capped per hour; a request has 300 s.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { REQUEST_TIMEOUT_MS } from '../../server/app'
import { DEFAULT_LIMITS, type Limits } from '../../server/shared/limits'
import { HOUR, MINUTE, type TestServer, expectError, startServer } from './helpers'
import { isoMedia, newGuestId, pngBytes, uploadAs } from './chatHelpers'
import { multipart } from './depositHelpers'

const MB = 1024 * 1024
const servers: TestServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.app.close()))
})

async function listening(limits: Partial<Limits> = {}, beforeListen?: (server: TestServer) => void): Promise<{ server: TestServer; port: number }> {
  const server = await startServer({ limits })
  servers.push(server)
  beforeListen?.(server)
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  return { server, port: (server.app.server.address() as AddressInfo).port }
}

interface Answer {
  status: number
  body: Record<string, unknown>
  headers: IncomingHttpHeaders
}

/**
 * Starts an upload over a socket and sends its headers only: no byte of the body is ever written.
 * Resolves with the answer; a server that waits for the body before answering never resolves.
 */
function headersOnly(port: number, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false
    const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': 'multipart/form-data; boundary=x', ...headers } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        answered = true
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: response.headers })
        request.destroy()
      })
    })
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    request.flushHeaders()
  })
}

/** A whole upload sent chunked, without a content-length, as a streaming client may. */
function chunked(port: number, path: string, form: { body: Buffer; contentType: string }): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': form.contentType, 'transfer-encoding': 'chunked' } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }))
    })
    request.on('error', reject)
    request.end(form.body)
  })
}

const padded = (size: number) => Buffer.concat([pngBytes(), Buffer.alloc(size - 72)])

describe('chat uploads: refused before the body is read', () => {
  it("counts an address's uploads before reading the body: over the limit, the refusal comes while the client has sent only its headers", async () => {
    let parsed = 0
    const { server, port } = await listening({ chatUploadsPerAddress: 1 }, ({ app }) => {
      // After the body is read and parsed, before the handler.
      app.addHook('preValidation', async () => {
        parsed += 1
      })
    })
    expect((await uploadAs(server.app, 'image', { guestId: newGuestId() }, pngBytes())).status).toBe(200)
    expect(parsed).toBe(1)
    const answer = await headersOnly(port, '/api/chat/upload-video', { 'content-length': String(5 * MB) })
    expect(answer).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    // The connection closes: the rest of the body is never taken in.
    expect(answer.headers.connection).toBe('close')
    expect(parsed).toBe(1)
  })

  it('refuses a declared length over the cap (a 20 MB video and its form) at once, counting nothing', async () => {
    const { server, port } = await listening({ chatUploadsPerAddress: 1 })
    const answer = await headersOnly(port, '/api/chat/upload-video', { 'content-length': String(21 * MB) })
    expect(answer).toMatchObject(expectError(413, 'CHAT_FILE_TOO_LARGE'))
    expect(answer.headers.connection).toBe('close')
    expect(await headersOnly(port, '/api/chat/upload-image', { 'content-length': String(11 * MB) })).toMatchObject(expectError(413, 'CHAT_FILE_TOO_LARGE'))
    // Neither counted against the address's one upload.
    expect((await uploadAs(server.app, 'image', { guestId: newGuestId() }, pngBytes())).status).toBe(200)
  })
})

describe("chat uploads: an address's bytes are capped per hour", () => {
  it('is 100 MB an hour by default', () => {
    expect(DEFAULT_LIMITS.chatUploadBytesPerAddress).toBe(100 * MB)
  })

  it('refuses an upload past the cap, whatever guest id it names, until the hour has passed; other addresses are not affected', async () => {
    const server = await startServer({ limits: { chatUploadBytesPerAddress: 4 * MB, chatUploadsPerAddress: 100 } })
    servers.push(server)
    // Each about 1.5 MB: counted as 2 started MB with its form.
    expect((await uploadAs(server.app, 'image', { guestId: newGuestId() }, padded(1.5 * MB))).status).toBe(200)
    expect((await uploadAs(server.app, 'image', { guestId: newGuestId() }, padded(1.5 * MB))).status).toBe(200)
    expect(await uploadAs(server.app, 'image', { guestId: newGuestId() }, padded(1.5 * MB))).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    expect(await uploadAs(server.app, 'image', { guestId: newGuestId() }, pngBytes())).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    const other = await server.app.inject({ method: 'POST', url: '/api/chat/upload-image', remoteAddress: '198.51.100.7', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: 'x' })
    expect(other.statusCode).not.toBe(429)
    server.advance(HOUR - MINUTE)
    expect(await uploadAs(server.app, 'image', { guestId: newGuestId() }, pngBytes())).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
    server.advance(MINUTE + 1)
    expect((await uploadAs(server.app, 'image', { guestId: newGuestId() }, padded(1.5 * MB))).status).toBe(200)
  })

  it('counts a body sent without a declared length as the whole cap', async () => {
    const { port } = await listening({ chatUploadBytesPerAddress: 25 * MB })
    // Chunked: no content-length. The first is counted as 20 MB and its form, the second would pass 25 MB.
    const form = multipart([{ name: 'guestId', content: Buffer.from(newGuestId()) }, { name: 'file', fileName: 'a.mp4', content: isoMedia('isom') }])
    expect(await chunked(port, '/api/chat/upload-video', form)).toMatchObject({ status: 200, body: { path: expect.any(String) } })
    expect(await headersOnly(port, '/api/chat/upload-video', { 'transfer-encoding': 'chunked' })).toMatchObject(expectError(429, 'REQUEST_LIMIT'))
  })
})

describe('request timeouts', () => {
  it('gives a request 300 s to arrive, and closes a connection idle that long', async () => {
    const server = await startServer()
    servers.push(server)
    expect(REQUEST_TIMEOUT_MS).toBe(300_000)
    expect(server.app.server.requestTimeout).toBe(300_000)
    expect(server.app.server.timeout).toBe(300_000)
  })
})

// @vitest-environment node
// Issue 33 §4: chat files uploaded but never sent in a message are swept after a day; a file a
// message named stays, and a file swept can no longer be sent.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { sweepUnsentFiles, UNSENT_FILE_TTL_MS } from '../../server/chat/service'
import { type TestServer, startServer } from './helpers'
import { newClientId, newGuestId, pngBytes, sendMessage, uploadAs } from './chatHelpers'

let server: TestServer
let dataDir: string
afterEach(async () => {
  await server?.app.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const served = async (path: string) => (await server.app.inject({ method: 'GET', url: path })).statusCode
const media = (filePath: string) => ({ message_type: 'media' as const, payload: { message: '', url: false, fileType: 'image' as const, filePath, name: 'slip.png' }, deliver: { id: newClientId() } })

it('forgets an upload never sent after a day, and keeps one a message sent', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wallet-sweep-'))
  // A data folder of its own, so the test knows where the chat's files are (dataDir/chat).
  server = await startServer({ dataDir })
  const sweep = () => sweepUnsentFiles(server.app.serverContext, join(dataDir, 'chat'))
  const guest = { guestId: newGuestId() }
  const sent = (await uploadAs(server.app, 'image', guest, pngBytes())).body.path as string
  const abandoned = (await uploadAs(server.app, 'image', guest, pngBytes())).body.path as string
  expect((await sendMessage(server.app, guest, media(sent))).status).toBe(200)

  server.advance(UNSENT_FILE_TTL_MS - 1)
  expect(await sweep()).toBe(0)
  expect(await served(abandoned)).toBe(200)
  server.advance(2)
  expect(await sweep()).toBe(1)
  expect(await served(abandoned)).toBe(404)
  expect(await served(sent)).toBe(200)
  expect(await sweep()).toBe(0)
  // Swept, it cannot be sent any more: the message is refused, never left pointing at nothing.
  expect((await sendMessage(server.app, guest, media(abandoned))).status).toBe(400)
})

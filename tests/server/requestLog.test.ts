// @vitest-environment node
// The request log (issue 27): every request's URL is logged, but never the secret in a slip
// image's address, in spec 7's auto-login path (the game password), in a game launch link or in a
// chat file's name.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { redactUrl } from '../../server/requestLog'
import { call, login, startLoggedServer, type TestServer } from './helpers'
import { jpeg } from './depositHelpers'
import { newGuestId, pngBytes, uploadAs } from './chatHelpers'

let server: TestServer & { log: string[] }
beforeEach(async () => {
  server = await startLoggedServer()
})
afterEach(async () => {
  await server.app.close()
})

/** The URL of every request the log names. */
const loggedUrls = () => server.log.map((line) => JSON.parse(line) as { req?: { url?: string } }).flatMap((entry) => (entry.req?.url ? [entry.req.url] : []))

describe('the request log', () => {
  it('never holds the token of a slip image, the game password of an auto-login, a launch token or a chat file name', async () => {
    const token = await login(server.app)
    const get = (url: string) => call(server.app, 'GET', url, { token })

    // The slip image: its address comes from the statement's slip table.
    const slip = await server.app.inject({ method: 'POST', url: '/api/wallet/slip', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, payload: jpeg() })
    const reference = (slip.json() as { reference: string }).reference
    const imageUrl = (await get(`/api/statement/slip/reference/${reference}`)).body.url as string
    const imageToken = imageUrl.split('/').pop()!
    expect((await server.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(200)

    // Spec 7's auto-login by username and password, and the launch link it answers.
    expect((await get('/api/wallet/activate/ASKMEBET')).status).toBe(200)
    const { username, password } = (await get('/api/wallet/account/ASKMEBET')).body as { username: string; password: string }
    const launched = await get(`/api/autoLogin/askmebet/${username}/${encodeURIComponent(password)}`)
    expect(launched.status).toBe(200)
    const launch = new URL(launched.body.link as string).pathname
    const launchToken = launch.split('/').pop()!
    expect((await server.app.inject({ method: 'GET', url: launch })).statusCode).toBe(200)
    // A wrong password is refused, and not logged either.
    expect((await get(`/api/autoLogin/askmebet/${username}/guessed-secret`)).status).toBe(400)

    // A guest's chat upload, served by its name.
    const file = (await uploadAs(server.app, 'image', { guestId: newGuestId() }, pngBytes())).body.path as string
    const fileName = file.split('/').pop()!
    expect((await server.app.inject({ method: 'GET', url: file })).statusCode).toBe(200)

    const log = server.log.join('\n')
    for (const secret of [imageToken, password, 'guessed-secret', launchToken, fileName]) {
      expect(secret.length).toBeGreaterThan(5)
      expect(log).not.toContain(secret)
    }
    const urls = loggedUrls()
    expect(urls).toContain('/api/wallet/slip/image/[redacted]')
    expect(urls).toContain(`/api/autoLogin/askmebet/${username}/[redacted]`)
    expect(urls).toContain('/demo-game/[redacted]')
    expect(urls).toContain('/chat-files/[redacted]')
    // Everything else is logged as it was asked.
    expect(urls).toContain(`/api/statement/slip/reference/${reference}`)
    expect(urls).toContain('/api/wallet/account/ASKMEBET')
  })

  it('redacts the same URLs asked in another case, with doubled slashes or a query', () => {
    expect(redactUrl('/API/autologin/askmebet/user/p%2Fss?x=1')).toBe('/API/autologin/askmebet/user/[redacted]?x=1')
    expect(redactUrl('//api//wallet/slip/image/abcdefghijklmnopqrst/')).toBe('//api//wallet/slip/image/[redacted]/')
    expect(redactUrl('http://wallet.example/demo-game/abcdefghijklmnop')).toBe('http://wallet.example/demo-game/[redacted]')
    expect(redactUrl('/api/autoLogin/pg/user')).toBe('/api/autoLogin/pg/user')
    expect(redactUrl('/api/wallet?next=/demo-game/abc')).toBe('/api/wallet?next=/demo-game/abc')
  })
})

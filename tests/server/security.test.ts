// @vitest-environment node
// Security headers: the CSP as served (following the live config), nosniff, the referrer policy,
// no X-Frame-Options; dotfiles refused; inline scripts of index.html allowed by hash only.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectSources, inlineScriptHashes, LINE_HOSTS } from '../../server/shared/http/security'
import { defaultRuntimeConfig } from '../../server/shared/config'
import { call, type TestServer, startServer } from './helpers'

const INLINE = "document.documentElement.dataset.boot='1'"
const INDEX = `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`

let dir: string
let server: TestServer
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wallet-security-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  writeFileSync(join(dir, 'assets', 'app.js'), 'export {}')
  writeFileSync(join(dir, '.env'), 'SECRET=1')
  writeFileSync(join(dir, 'assets', '.map'), 'secret')
  server = await startServer({ staticDir: dir })
})
afterAll(async () => {
  await server.app.close()
  rmSync(dir, { recursive: true, force: true })
})

const directives = (header: unknown) =>
  Object.fromEntries(String(header).split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]))

describe('security headers', () => {
  // Issue 47: on 3490fad /ops/ had the player's policy (framed by Telegram's origin, images from any https host).
  it("serves the staff console with a policy of its own: never framed, this origin only; its API answers never cached", async () => {
    for (const url of ['/ops', '/ops/', '/ops/staff', '/ops/api/me', '/ops/api/login']) {
      const { headers } = await server.app.inject({ method: url.endsWith('login') ? 'POST' : 'GET', url, payload: url.endsWith('login') ? {} : undefined })
      const csp = directives(headers['content-security-policy'])
      expect(csp['frame-ancestors'], url).toEqual(["'none'"])
      expect(csp['script-src'], url).toEqual(["'self'"])
      expect(csp['img-src'], url).toEqual(["'self'", 'blob:', 'data:'])
      expect(csp['connect-src'], url).toEqual(["'self'"])
      expect(headers['x-frame-options'], url).toBe('DENY')
      expect(headers['referrer-policy'], url).toBe('no-referrer')
      expect(String(headers['content-security-policy']), url).not.toContain('telegram')
      if (url.startsWith('/ops/api/')) expect(headers['cache-control'], url).toBe('no-store')
    }
    // The player's app keeps its own (Telegram may frame it).
    const player = directives((await server.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])
    expect(player['frame-ancestors']).toContain('https://web.telegram.org')
    // The player's API is never kept either: a refusal such as 410 gone would be kept for good.
    expect((await server.app.inject({ method: 'GET', url: '/api/lookup/banks' })).headers['cache-control']).toBe('no-store')
  })

  it('serves the policy of the issue on the app and the API', async () => {
    for (const url of ['/', '/login', '/api/lookup/banks', '/config.json']) {
      const { headers } = await server.app.inject({ method: 'GET', url })
      const csp = directives(headers['content-security-policy'])
      expect(csp['script-src'], url).toEqual(["'self'", `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`])
      expect(csp['object-src']).toEqual(["'none'"])
      expect(csp['base-uri']).toEqual(["'none'"])
      expect(csp['frame-ancestors']).toEqual(["'self'", 'https://web.telegram.org'])
      expect(csp['connect-src']).toEqual(["'self'"])
      expect(csp['worker-src']).toEqual(["'self'"])
      expect(csp['manifest-src']).toEqual(["'self'"])
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['x-frame-options']).toBeUndefined()
    }
  })

  it('connect-src follows the live config: API base, chat socket, LINE hosts', async () => {
    await call(server.app, 'POST', '/dev/config', {
      body: { apiBase: 'https://api.operator.example/v1', chat: 'wss://chat.operator.example/socket', line: { liffId: '123-abc', mock: false } },
    })
    const { headers } = await server.app.inject({ method: 'GET', url: '/login' })
    expect(directives(headers['content-security-policy'])['connect-src']).toEqual([
      "'self'", 'https://api.operator.example', 'https://chat.operator.example', 'wss://chat.operator.example', ...LINE_HOSTS,
    ])
    await call(server.app, 'DELETE', '/dev/config')
  })

  it('takes only http(s) and ws(s) origins into connect-src', () => {
    const config = { ...defaultRuntimeConfig, apiBase: 'javascript:alert(1)', chat: 'ftp://x.example' }
    expect(connectSources(config)).toEqual(["'self'"])
    expect(connectSources({ ...config, line: { liffId: 'x', mock: true } })).toEqual(["'self'"])
  })

  // A build written under a running server (`npm run build`, then each instance restarted in turn):
  // its pages are served at once (pages.ts reads a page again when its file changes), so their
  // inline scripts must be allowed at once too. With the hashes of the start alone, every player who
  // opened the app until the restart stayed on the splash, its boot script refused.
  it("follows a new build's pages: their inline scripts allowed as soon as they are served, the build before's kept", async () => {
    // A server and a build of its own: the other tests here see the first build only.
    const own = mkdtempSync(join(tmpdir(), 'wallet-security-build-'))
    writeFileSync(join(own, 'index.html'), INDEX)
    const running = await startServer({ staticDir: own })
    try {
      const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
      const scriptSources = async (url: string) => directives((await running.app.inject({ method: 'GET', url })).headers['content-security-policy'])['script-src']
      expect(await scriptSources('/')).toEqual(["'self'", hashOf(INLINE)])
      const next = "document.documentElement.dataset.boot='2'"
      writeFileSync(join(own, 'index.html'), INDEX.replace(INLINE, next))
      for (const url of ['/', '/login', '/index.html']) {
        const { headers, body } = await running.app.inject({ method: 'GET', url })
        expect(body, url).toContain(next)
        const scripts = directives(headers['content-security-policy'])['script-src']
        expect(scripts, url).toContain(hashOf(next))
        // A page of the build before, still on its way or kept by the service worker, runs too.
        expect(scripts, url).toContain(hashOf(INLINE))
      }
      // An API call between builds answers with the last look's policy: it carries no page.
      expect(await scriptSources('/api/lookup/banks')).toContain(hashOf(next))
      // In the middle of the next build (its dist/ emptied first): nothing is dropped.
      rmSync(join(own, 'index.html'))
      expect(await scriptSources('/icon.svg')).toEqual(expect.arrayContaining([hashOf(INLINE), hashOf(next)]))
      const third = "document.documentElement.dataset.boot='3'"
      writeFileSync(join(own, 'index.html'), INDEX.replace(INLINE, third))
      expect(await scriptSources('/')).toEqual(expect.arrayContaining([hashOf(INLINE), hashOf(next), hashOf(third)]))
    } finally {
      await running.app.close()
      rmSync(own, { recursive: true, force: true })
    }
  })

  it('hashes only inline scripts with a body', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script> </script><script>x()</script>')).toEqual([
      `'sha256-${createHash('sha256').update('x()').digest('base64')}'`,
    ])
  })
})

describe('static files', () => {
  it.each(['/.env', '/assets/.map', '/.git/config', '/%2eenv'])('refuses the dotfile %s with 404 NO_DATA', async (url) => {
    const result = await server.app.inject({ method: 'GET', url })
    expect(result.statusCode).toBe(404)
    expect(result.json()).toEqual({ message: 'NO_DATA' })
    expect(result.body).not.toContain('SECRET')
  })

  it('hashed assets are immutable for a year; index.html and config.json revalidate', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/assets/app.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await server.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache')
    expect((await server.app.inject({ method: 'GET', url: '/config.json' })).headers['cache-control']).toBe('no-cache')
  })
})

describe('disguised paths', () => {
  it('names no route with a path that escapes a letter, a digit or -._~, which no client escapes', async () => {
    for (const url of ['/%61pi/lookup/banks', '/api/lookup/b%61nks', '/%6Fps/api/me', '/api/wallet%2Ejson', '/~%7E']) {
      expect(await call(server.app, 'GET', url), url).toMatchObject({ status: 404, body: { message: 'NO_DATA' }, headers: { 'cache-control': 'no-store' } })
    }
    // What needs escaping may be escaped (a Thai word, a slash in a segment), and the query is not a path.
    expect((await call(server.app, 'GET', '/api/lookup/banks?x=%61')).status).toBe(200)
    expect((await call(server.app, 'GET', '/%E0%B8%81')).status).toBe(200)
    expect((await call(server.app, 'GET', '/api/lookup/banks')).headers['cache-control']).toBe('no-store')
  })
})

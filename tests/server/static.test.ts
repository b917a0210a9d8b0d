// @vitest-environment node
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestServer, startServer } from './helpers'

const INDEX = '<!doctype html><html><body><div id="root">wallet</div></body></html>'
const SCRIPT = `export const wallet = ${JSON.stringify('x'.repeat(4000))};\n`.repeat(2)

const SERVICE_WORKER = 'self.addEventListener("fetch", () => {})'
const CONSOLE = '<!doctype html><html><body><div id="root">console</div></body></html>'

let dir: string
let server: TestServer
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wallet-static-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), SCRIPT)
  writeFileSync(join(dir, 'banner.png'), 'png')
  writeFileSync(join(dir, 'config.json'), '{"built": true}')
  writeFileSync(join(dir, 'sw.js'), SERVICE_WORKER)
  mkdirSync(join(dir, 'ops', 'assets'), { recursive: true })
  writeFileSync(join(dir, 'ops', 'index.html'), CONSOLE)
  writeFileSync(join(dir, 'ops', 'assets', 'index-def456.js'), SCRIPT)
  server = await startServer({ staticDir: dir })
})
afterAll(async () => {
  await server.app.close()
  rmSync(dir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers })

/** A script served whole, with the caching its kind calls for. */
async function expectScript(url: string, cacheControl: string, body: string) {
  const result = await get(url)
  expect(result.statusCode).toBe(200)
  expect(result.headers['content-type']).toMatch(/javascript/)
  expect(result.headers['cache-control']).toBe(cacheControl)
  expect(result.body).toBe(body)
}

describe('the staff console (issue 33)', () => {
  it.each(['/ops/', '/ops', '/ops/slips'])('serves its own page at %s, revalidated', async (url) => {
    const result = await get(url)
    expect(result.statusCode).toBe(200)
    expect(result.body).toBe(CONSOLE)
    expect(result.headers['cache-control']).toBe('no-cache')
  })

  it('keeps its hashed files for a year', async () => {
    await expectScript('/ops/assets/index-def456.js', 'public, max-age=31536000, immutable', SCRIPT)
  })

  it.each(['/ops/api/nothing-here', '/ops/api', '/ops/assets/missing.js'])('answers %s as the API or a missing file would, never with a page', async (url) => {
    const result = await get(url)
    expect(result.statusCode).toBeGreaterThanOrEqual(400)
    expect(result.body).not.toContain('<html')
  })
})

describe('the built app', () => {
  it('serves index.html at / without caching', async () => {
    const result = await get('/')
    expect(result.statusCode).toBe(200)
    expect(result.body).toBe(INDEX)
    expect(result.headers['cache-control']).toBe('no-cache')
  })

  it.each(['/login', '/user/home', '/register?code=PR123', '/terminated', '/some/unknown/page'])(
    'falls back to index.html for %s',
    async (url) => {
      const result = await get(url)
      expect(result.statusCode).toBe(200)
      expect(result.headers['content-type']).toMatch(/^text\/html/)
      expect(result.headers['cache-control']).toBe('no-cache')
      expect(result.body).toBe(INDEX)
    },
  )

  it('caches hashed assets forever', async () => {
    await expectScript('/assets/index-abc123.js', 'public, max-age=31536000, immutable', SCRIPT)
  })

  it('compresses scripts with gzip or brotli', async () => {
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT)
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT)
  })

  it('serves other files with revalidation', async () => {
    const result = await get('/banner.png')
    expect(result.statusCode).toBe(200)
    expect(result.headers['cache-control']).toBe('no-cache')
  })

  it('answers 404 for a missing asset instead of the page', async () => {
    const result = await get('/assets/missing-123.js')
    expect(result.statusCode).toBe(404)
    expect(result.json()).toEqual({ message: 'NO_DATA' })
  })

  it('never answers the page for /api, /dev or /config.json', async () => {
    expect((await get('/api/unknown')).json()).toEqual({ message: 'NO_DATA' })
    expect((await get('/dev/unknown')).json()).toEqual({ message: 'NO_DATA' })
    const config = await get('/config.json')
    expect(config.json()).toMatchObject({ variant: 'th', apiBase: '' })
  })

  it('answers a POST to a page path with 404', async () => {
    const result = await server.app.inject({ method: 'POST', url: '/user/home' })
    expect(result.statusCode).toBe(404)
    expect(result.json()).toEqual({ message: 'NO_DATA' })
  })

  it('keeps /dev/ paths off the page in production too', async () => {
    const production = await startServer({ staticDir: dir, mode: 'production' })
    const result = await production.app.inject({ method: 'GET', url: '/dev/otp/0812345678' })
    expect(result.statusCode).toBe(404)
    expect(result.json()).toEqual({ message: 'NO_DATA' })
    expect((await production.app.inject({ method: 'GET', url: '/user/home' })).body).toBe(INDEX)
    await production.app.close()
  })
})

describe('what a browser installs (issue 31)', () => {
  it('revalidates the service worker, never caching it for long', async () => {
    await expectScript('/sw.js', 'no-cache', SERVICE_WORKER)
  })

  it("serves the web app manifest with the live config's name and the icons", async () => {
    const before = await get('/manifest.webmanifest')
    expect(before.statusCode).toBe(200)
    expect(before.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(before.headers['cache-control']).toBe('no-cache')
    expect(before.json()).toMatchObject({ name: 'Wallet', short_name: 'Wallet', start_url: '/', scope: '/', display: 'standalone', lang: 'th' })
    const icons = (before.json() as { icons: { src: string; sizes: string; purpose: string }[] }).icons
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))

    // An operator renames the app at run time: the next manifest says so, nothing rebuilt.
    await server.app.inject({ method: 'POST', url: '/dev/config', payload: { appName: 'Lao Star Wallet', variant: 'la' } })
    expect((await get('/manifest.webmanifest')).json()).toMatchObject({ name: 'Lao Star Wallet', short_name: 'Lao', lang: 'lo' })
    await server.app.inject({ method: 'DELETE', url: '/dev/config' })
  })
})

describe('the pages carry the live runtime config (issue 32)', () => {
  const PRELOAD = '<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />'
  const TEMPLATES = '<template data-prerendered="th-th"><p>th</p></template><template data-prerendered="th-en"><p>en</p></template><template data-prerendered="la-la"><p>la</p></template>'
  const page = (name: string, more = '') => `<!doctype html><html><head>${PRELOAD}<script>prepaint()</script></head><body>${name}<script>show()</script>${more}</body></html>`
  let pagesDir: string
  let pages: TestServer
  beforeAll(async () => {
    pagesDir = mkdtempSync(join(tmpdir(), 'wallet-pages-'))
    writeFileSync(join(pagesDir, 'index.html'), page('index'))
    writeFileSync(join(pagesDir, 'login.html'), page('login', TEMPLATES))
    pages = await startServer({ staticDir: pagesDir })
  })
  afterAll(async () => {
    await pages.app.close()
    rmSync(pagesDir, { recursive: true, force: true })
  })

  const inlineConfig = (html: string) => {
    const match = /<script type="application\/json" id="runtime-config">([^<]*)<\/script>/.exec(html)
    return match && (JSON.parse(match[1]) as Record<string, unknown>)
  }

  it.each([['/login', 'login'], ['/login?redirect=%2Fuser%2Fprofile', 'login'], ['/user/home', 'index'], ['/register', 'index']])(
    '%s: the %s page, with /config.json\'s answer where its preload was',
    async (url, name) => {
      const config = (await pages.app.inject({ method: 'GET', url: '/config.json' })).json<Record<string, unknown>>()
      const result = await pages.app.inject({ method: 'GET', url })
      expect(result.statusCode).toBe(200)
      expect(result.headers['cache-control']).toBe('no-cache')
      expect(result.body).toContain(`<body>${name}<script>`)
      expect(result.body).not.toContain(PRELOAD)
      expect(inlineConfig(result.body)).toEqual(config)
    },
  )

  it('follows a config changed at run time, and a name cannot close the script it is written in', async () => {
    const appName = '</script><script>alert(1)</script><!--'
    await pages.app.inject({ method: 'POST', url: '/dev/config', payload: { appName } })
    try {
      const html = (await pages.app.inject({ method: 'GET', url: '/login' })).body
      expect(inlineConfig(html)).toMatchObject({ appName })
      expect(html.match(/<script/g)).toHaveLength(3)
      expect(html).not.toContain('alert(1)</script>')
    } finally {
      await pages.app.inject({ method: 'DELETE', url: '/dev/config' })
    }
    expect(inlineConfig((await pages.app.inject({ method: 'GET', url: '/login' })).body)).toMatchObject({ appName: 'Wallet' })
  })

  it("sends only the live variant's prerendered templates", async () => {
    const templates = async () => [...(await pages.app.inject({ method: 'GET', url: '/login' })).body.matchAll(/data-prerendered="([^"]+)"/g)].map(([, key]) => key)
    expect(await templates()).toEqual(['th-th', 'th-en'])
    await pages.app.inject({ method: 'POST', url: '/dev/config', payload: { variant: 'la' } })
    try {
      expect(await templates()).toEqual(['la-la'])
    } finally {
      await pages.app.inject({ method: 'DELETE', url: '/dev/config' })
    }
  })

  it('sends each page compressed as asked, the same page every way', async () => {
    const plain = await pages.app.inject({ method: 'GET', url: '/login' })
    const br = await pages.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br, gzip' } })
    const gzip = await pages.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
  })

  it('the policy allows the inline scripts of every page, and no data block', async () => {
    const policy = String((await pages.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy'])
    const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`
    expect(policy).toContain(hash('prepaint()'))
    expect(policy).toContain(hash('show()'))
    expect(policy.match(/'sha256-/g)).toHaveLength(2)
  })
})

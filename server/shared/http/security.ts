// Security headers (helmet). The Content-Security-Policy is the backstop behind SafeHtml:
// scripts only from this origin (plus the hashes of index.html's own inline scripts), no plugins,
// no <base>, framing only by this origin and Telegram Web. connect-src follows the live runtime
// config: the wallet API, the chat socket, and LINE's hosts when the app is a LIFF app. The staff
// console under /ops/ has a stricter policy of its own, and its API answers are never cached.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import helmet from 'helmet'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { RuntimeConfig } from '../../../contract'
import { pageFiles } from './pages'

/** What LIFF talks to: its API, login and the SDK's own endpoints. */
export const LINE_HOSTS = ['https://api.line.me', 'https://access.line.me', 'https://liff.line.me', 'https://liffsdk.line-scdn.net']
export const TELEGRAM_WEB = 'https://web.telegram.org'

function origin(url: string, protocols: readonly string[]): string | undefined {
  try {
    const parsed = new URL(url)
    return protocols.includes(parsed.protocol) ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/** connect-src for a config: this origin, the API base, the chat socket (ws and https), LINE. */
export function connectSources(config: RuntimeConfig): string[] {
  const sources = new Set(["'self'"])
  const api = config.apiBase && origin(config.apiBase, ['https:', 'http:'])
  if (api) sources.add(api)
  if (config.chat) {
    const chat = origin(config.chat, ['https:', 'http:', 'wss:', 'ws:'])
    if (chat) {
      const url = new URL(chat)
      const secure = url.protocol === 'https:' || url.protocol === 'wss:'
      sources.add(`${secure ? 'https' : 'http'}://${url.host}`)
      sources.add(`${secure ? 'wss' : 'ws'}://${url.host}`)
    }
  }
  if (config.line && !config.line.mock) LINE_HOSTS.forEach((host) => sources.add(host))
  return [...sources]
}

/** sha256 sources for the inline <script> blocks of a built page (not its JSON data blocks). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>([\s\S]*?)<\/script>/gi)]
    .filter(([, body]) => body.trim() !== '')
    .map(([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`)
}

/**
 * The hashes the player's pages need: those of the inline scripts of index.html and the prerendered
 * pages (issue 32), one policy for every page. A build written under a running server (`npm run
 * build`, then each instance restarted in turn) is served at once, since pages.ts reads a page again
 * when its file changes: so its hashes are read again too, whenever a page file changed, or every
 * player who opened the app before the restart stayed on the splash, its boot script refused. The
 * last few builds' stay allowed as well (a page of one may still be on its way, or kept by the
 * service worker, and each was the operator's), and a look in the middle of a build, its pages not
 * all written yet, adds what it finds without dropping a build. `look` false (an API call) answers
 * from the last look.
 */
function buildHashes(staticDir: string | undefined): (look: boolean) => readonly string[] {
  const KEPT = 3
  let stamp: string | undefined
  let builds: (readonly string[])[] = []
  let allowed: readonly string[] = []
  return (look) => {
    if (!look && stamp !== undefined) return allowed
    const files = staticDir && existsSync(staticDir) ? pageFiles(staticDir) : []
    const now = files.map((file) => `${file}:${statSync(join(staticDir!, file), { throwIfNoEntry: false })?.mtimeMs}`).join('|')
    if (now === stamp) return allowed
    stamp = now
    // A file the build is replacing may be gone for a moment: it is read at the next look.
    const read = (file: string) => {
      try {
        return readFileSync(join(staticDir!, file), 'utf8')
      } catch {
        return ''
      }
    }
    const found = [...new Set(files.flatMap((file) => inlineScriptHashes(read(file))))]
    if (found.length === 0 || found.join() === builds[0]?.join()) return allowed
    builds = [found, ...builds].slice(0, KEPT)
    allowed = [...new Set(builds.flat())]
    return allowed
  }
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  currentConfig: () => RuntimeConfig,
  staticDir: string | undefined,
): Promise<void> {
  const hashesNow = buildHashes(staticDir)
  const helmetFor = (config: RuntimeConfig, hashes: readonly string[]) => helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...hashes],
        // index.html paints its splash with an inline <style>; style attributes come from React.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Banners, QR images and how-to videos are the operator's, from anywhere on https.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ['https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connectSources(config),
        // The browser's service worker (/sw.js) and web app manifest are this origin's (issue 31).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", TELEGRAM_WEB],
      },
    },
    // X-Frame-Options cannot allow Telegram Web; frame-ancestors above decides instead.
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // LIFF and Telegram open windows of their own; an operator's app on another origin loads our images.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  })
  // Helmet computes and checks every header on each request (the CSP's dynamic connect-src most
  // of all: a tenth of a wallet read). The headers depend on nothing but the config, which is
  // replaced, never changed in place, when it changes, and the build's hashes: so they are worked
  // out once per config and build.
  const headerSets = new WeakMap<RuntimeConfig, { hashes: readonly string[]; set: readonly (readonly [string, string])[] }>()
  const headersOf = (config: RuntimeConfig, hashes: readonly string[]) => {
    let made = headerSets.get(config)
    if (made?.hashes !== hashes) headerSets.set(config, (made = { hashes, set: recordedHeaders(helmetFor(config, hashes)) }))
    return made.set
  }
  const consoleHeaders = recordedHeaders(consoleHelmet)
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url
    const forConsole = path === '/ops' || path.startsWith('/ops/') || path.startsWith('/ops?')
    // What may be a page (not the API, a hashed file or a socket) looks at the build's pages first.
    const mayBePage = request.method === 'GET' && !/^\/(api|ops|assets|socket\.io)\//.test(path)
    for (const [name, value] of forConsole ? consoleHeaders : headersOf(currentConfig(), hashesNow(mayBePage))) reply.raw.setHeader(name, value)
    // What the APIs answer (members' data, whole account numbers) is never kept by a browser or a
    // proxy; a route may still say more (a slip image's `private, no-store`). Nor is a refusal: a
    // browser keeps a 410 with no Cache-Control as fresh for good, so once a member was suspended
    // (or the service terminated) and let back, their browser still answered "gone" from its cache
    // to every call it had made meanwhile, and the app stayed on /terminated (issue 52 §3, seen in
    // Chromium by e2e/browser/opsConsole.spec.ts).
    if (path.startsWith('/api/') || path.startsWith('/ops/api/')) reply.raw.setHeader('Cache-Control', 'no-store')
    done()
  })
}

/**
 * The staff console's own policy (issue 47): it is never framed (by Telegram or anyone), loads and
 * talks to this origin only (its socket included), shows slip pictures as blob: images and its
 * TOTP QR code inline, and sends no referrer. Its page has no inline script.
 */
const consoleHelmet = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'blob:', 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      frameSrc: ["'none'"],
      workerSrc: ["'none'"],
      manifestSrc: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
})

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void

/** The headers a helmet middleware sets, by running it once against a response that records them
 *  (it only sets headers, and removes X-Powered-By, which Node never sends). */
function recordedHeaders(middleware: Middleware): (readonly [string, string])[] {
  const set: (readonly [string, string])[] = []
  const recorder = { setHeader: (name: string, value: unknown) => set.push([name, String(value)]), removeHeader: () => {} }
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error
  })
  return set
}

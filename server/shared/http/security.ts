// Security headers (helmet). The Content-Security-Policy is the backstop behind SafeHtml:
// scripts only from this origin (plus the hashes of index.html's own inline scripts), no plugins,
// no <base>, framing only by this origin and Telegram Web. connect-src follows the live runtime
// config: the wallet API, the chat socket, and LINE's hosts when the app is a LIFF app. The staff
// console under /ops/ has a stricter policy of its own, and its API answers are never cached.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
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

export async function registerSecurityHeaders(
  app: FastifyInstance,
  currentConfig: () => RuntimeConfig,
  staticDir: string | undefined,
): Promise<void> {
  // index.html's and the prerendered pages' (issue 32): one policy for every page.
  const pages = staticDir && existsSync(staticDir) ? pageFiles(staticDir).map((file) => readFileSync(join(staticDir, file), 'utf8')) : []
  const hashes = [...new Set(pages.flatMap(inlineScriptHashes))]
  const helmetFor = (config: RuntimeConfig) => helmet({
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
  // replaced, never changed in place, when it changes: so they are worked out once per config.
  const headerSets = new WeakMap<RuntimeConfig, readonly (readonly [string, string])[]>()
  const headersOf = (config: RuntimeConfig) => {
    let set = headerSets.get(config)
    if (!set) headerSets.set(config, (set = recordedHeaders(helmetFor(config))))
    return set
  }
  const consoleHeaders = recordedHeaders(consoleHelmet)
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url
    const forConsole = path === '/ops' || path.startsWith('/ops/') || path.startsWith('/ops?')
    for (const [name, value] of forConsole ? consoleHeaders : headersOf(currentConfig())) reply.raw.setHeader(name, value)
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

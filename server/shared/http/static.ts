import { existsSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RuntimeConfig } from '../../../contract'
import { errorBody } from './errors'
import { createPages } from './pages'

const NO_CACHE = 'no-cache'
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Paths that are never the app: API, dev endpoints, chat files and the runtime config. */
function isServerPath(url: string): boolean {
  const path = url.split('?')[0]
  return (
    path === '/api' || path.startsWith('/api/') || path === '/dev' || path.startsWith('/dev/') || path === '/ops/api' || path.startsWith('/ops/api/') ||
    path === '/chat-files' || path.startsWith('/chat-files/') || path === '/config.json' || path === '/manifest.webmanifest'
  )
}

/** SPA fallback applies to page navigations, not to missing files under /assets/. */
function wantsIndex(request: FastifyRequest, hasIndex: boolean): boolean {
  if (!hasIndex || (request.method !== 'GET' && request.method !== 'HEAD')) return false
  const path = request.url.split('?')[0]
  // Under /ops the staff console's page or nothing: never the player's app.
  return !isServerPath(request.url) && !path.startsWith('/assets/') && path !== '/ops' && !path.startsWith('/ops/') && !isDotPath(request.url)
}

/** A page navigation of the staff console: /ops or under /ops/, never its API or a file. */
function isConsolePage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]
  return (request.method === 'GET' || request.method === 'HEAD') && (path === '/ops' || path.startsWith('/ops/')) &&
    !isServerPath(request.url) && !path.startsWith('/ops/assets/') && !isDotPath(request.url)
}

/** `/.env`, `/.git/config`, `/assets/.x`: dotfiles are never served, and never answered with the app
 *  (an escaped dot, `/%2eenv`, names no route at all: plainPaths.ts). */
function isDotPath(url: string): boolean {
  return url.split('?')[0].split('/').some((segment) => segment.startsWith('.'))
}

/**
 * Serves the built app from `staticDir` when it exists: hashed files under /assets/ are cached
 * forever, everything else revalidates; precompressed .br/.gz siblings are used when present
 * (@fastify/compress covers the rest). Any other GET is a page navigation: index.html, or a first
 * screen's prerendered page, with the live config written in (./pages.ts); every other miss is 404
 * `{ message: 'NO_DATA' }`.
 */
export async function registerStatic(app: FastifyInstance, staticDir: string | undefined, currentConfig: () => RuntimeConfig): Promise<void> {
  const root = staticDir && existsSync(staticDir) && statSync(staticDir).isDirectory() ? staticDir : undefined
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      preCompressed: true,
      // A dotfile is as good as absent: 404, never its content.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders(res, path) {
        const file = relative(root, path)
        // The app's hashed files, and the staff console's (its own build under ops/).
        const hashed = file.startsWith(`assets${sep}`) || file.startsWith(`ops${sep}assets${sep}`)
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : NO_CACHE)
      },
    })
  }

  const sendPage = root && createPages(root, currentConfig)
  // The staff console (issue 33): any page under /ops/ is its one page.
  const consolePage = root && join(root, 'ops', 'index.html')
  app.setNotFoundHandler((request, reply) => {
    if (consolePage && isConsolePage(request) && existsSync(consolePage)) {
      return reply.header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8').sendFile('ops/index.html')
    }
    if (root && sendPage && wantsIndex(request, existsSync(join(root, 'index.html')))) return sendPage(request, reply)
    return reply.code(404).send(errorBody('NO_DATA'))
  })
}

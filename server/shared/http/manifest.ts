// The web app manifest (issue 31): what a browser installs, with the operator's name from the live
// runtime config (set at run time, so the server writes it, not the build). Icons are the built
// app's public/icons/ (scripts/icons.ts draws them from the logo).
import type { FastifyInstance } from 'fastify'
import type { RuntimeConfig } from '../../../contract'

export const MANIFEST_PATH = '/manifest.webmanifest'

/** A launcher shows about 12 characters under an icon; a longer name is cut at a word if it can. */
function shortName(name: string): string {
  if (name.length <= 12) return name
  const words = name.split(/\s+/)
  return words[0].length <= 12 ? words[0] : name.slice(0, 12)
}

export function webManifest(config: RuntimeConfig): Record<string, unknown> {
  return {
    id: '/',
    name: config.appName,
    short_name: shortName(config.appName),
    lang: config.variant === 'la' ? 'lo' : 'th',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    // index.html's splash and the light palette's top bar, so the launch screen matches the first paint.
    background_color: '#f2f4f9',
    theme_color: '#121a3e',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  }
}

/**
 * What the built app reads of the server before anything else: `/config.json` (the runtime config
 * as served, `served`) and the manifest made from it. Both are read again on every open (no-cache):
 * an operator changes them at run time.
 */
export function registerRuntimeFiles(app: FastifyInstance, served: () => RuntimeConfig, current: () => RuntimeConfig): void {
  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache')
    return served()
  })
  app.get(MANIFEST_PATH, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/manifest+json').send(JSON.stringify(webManifest(current()))))
}

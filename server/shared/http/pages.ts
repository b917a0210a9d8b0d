// The app's pages as the reference server sends them (issue 32): index.html, or the prerendered
// page of a first screen (scripts/prerender.ts: /login, /register), with the live runtime config
// written in where index.html preloads /config.json, so the first screen waits for no config and
// shows in the operator's variant, language and name before the app's JavaScript runs (only that
// variant's templates are sent). Each page is
// compressed once per build and config (Brotli 11, gzip 9, as precompress does for files), not on
// every request.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { RuntimeConfig } from '../../../contract'
import { INLINE_CONFIG_ID, PRERENDERED_PAGES, prerenderedScreenOf, TEMPLATE_ATTRIBUTE } from '../../../contract/lib/prerender'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** index.html's preload of the runtime config: the config itself takes its place. */
const CONFIG_PRELOAD = /<link rel="preload" href="\/config\.json"[^>]*>/

/** JSON inside a <script> element: nothing in it can close the element or start a comment. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

/** The page file for a navigation to `url`: a prerendered screen's when the build has it. */
export function pageFile(root: string, url: string): string {
  const path = url.split('?')[0].replace(/\/+$/, '') || '/'
  const prerendered = PRERENDERED_PAGES[prerenderedScreenOf(path)]
  return prerendered && existsSync(join(root, prerendered)) ? prerendered : 'index.html'
}

/** The HTML files a page may be: index.html and the prerendered pages the build wrote. */
export const pageFiles = (root: string): string[] =>
  ['index.html', ...Object.values(PRERENDERED_PAGES)].filter((file) => existsSync(join(root, file)))

/** A prerendered screen's template for one variant and language (scripts/prerender.ts). */
const TEMPLATE = new RegExp(`<template ${TEMPLATE_ATTRIBUTE}="([^"-]+)-[^"]*"[^>]*>[\\s\\S]*?</template>`, 'g')

/** The page with the config written in, and only the live variant's templates: the others would
 *  never show (a page has the build's every variant, twice the bytes to send and parse). */
export function withConfig(html: string, config: RuntimeConfig): string {
  return html
    .replace(CONFIG_PRELOAD, () => `<script type="application/json" id="${INLINE_CONFIG_ID}">${scriptJson(config)}</script>`)
    .replace(TEMPLATE, (template, variant: string) => (variant === config.variant ? template : ''))
}

interface Made { key: string; html: Promise<{ raw: Buffer; br: Buffer; gzip: Buffer }> }

export function createPages(root: string, currentConfig: () => RuntimeConfig) {
  const made = new Map<string, Made>()

  function page(file: string) {
    const path = join(root, file)
    const config = JSON.stringify(currentConfig())
    const key = `${statSync(path).mtimeMs}:${config}`
    const cached = made.get(file)
    if (cached?.key === key) return cached.html
    const raw = Buffer.from(withConfig(readFileSync(path, 'utf8'), JSON.parse(config) as RuntimeConfig))
    const html = Promise.all([
      brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gzipped(raw, { level: 9 }),
    ]).then(([br, gzip]) => ({ raw, br, gzip }))
    made.set(file, { key, html })
    html.catch(() => made.delete(file))
    return html
  }

  /** Sends the page for this navigation, compressed as the browser accepts. */
  return async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const { raw, br, gzip } = await page(pageFile(root, request.url))
    const accepted = String(request.headers['accept-encoding'] ?? '')
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8')
    if (!encoding) return reply.send(raw)
    return reply.header('Content-Encoding', encoding).send(encoding === 'br' ? br : gzip)
  }
}

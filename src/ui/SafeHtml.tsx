// Every HTML string from the server goes through DOMPurify before it is rendered. DOMPurify (12 KB)
// arrives with the first server HTML to show, not with the screens that may show some: the home's
// first load carries none of it (a banner's text, the agreement, the conditions wait for it).
import type { DOMPurify as Purifier } from 'dompurify'
import { useEffect, useMemo, useState, type MouseEvent } from 'react'
import { SAFE_URI, safeUrl } from '../lib/url'
import { getPlatform } from '../platform'

/** Server HTML is text and pictures: nothing that takes input, styles itself or embeds a page. */
const PURIFY = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['form', 'input', 'button', 'select', 'option', 'textarea', 'iframe', 'frame', 'object', 'embed', 'style', 'link', 'meta', 'base'],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'target'],
  ALLOWED_URI_REGEXP: SAFE_URI,
}

let purifier: Purifier | undefined
let loading: Promise<void> | undefined

/** Loads DOMPurify once; a failed load (offline) is tried again at the next call. */
export function loadSanitizer(): Promise<void> {
  loading ??= import('dompurify').then(
    (module) => {
      purifier = module.default
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

const purify = (): Purifier => {
  if (!purifier) throw new Error('loadSanitizer() first')
  return purifier
}

/** Server HTML made safe; DOMPurify must be loaded (loadSanitizer). */
export const sanitizeHtml = (html: string): string => purify().sanitize(html, PURIFY)

/** Server SVG (a QR code): shapes only, no script, links, styles or foreign content. */
const PURIFY_SVG = {
  USE_PROFILES: { svg: true },
  FORBID_TAGS: ['a', 'style', 'foreignObject', 'image', 'use', 'script', 'animate', 'set'],
  FORBID_ATTR: ['style', 'href', 'xlink:href'],
}

export const sanitizeSvg = (svg: string): string => purify().sanitize(svg, PURIFY_SVG)

/** A link inside server HTML opens through the platform (LINE's external browser, Telegram's
 *  openLink, a new tab), never inside the mini-app's own webview. */
function openLinksThroughPlatform(event: MouseEvent<HTMLDivElement>): void {
  const link = (event.target as Element).closest?.('a[href]')
  if (!link) return
  event.preventDefault()
  const url = safeUrl(link.getAttribute('href'))
  if (url) getPlatform().openExternal(new URL(url, window.location.href).toString())
}

/** Server HTML, sanitized; empty (and busy) for the moment DOMPurify takes to arrive. */
export function SafeHtml({ html, className, svg = false }: { html: string; className?: string; svg?: boolean }) {
  const [ready, setReady] = useState(() => purifier !== undefined)
  useEffect(() => {
    if (ready) return
    let live = true
    loadSanitizer().then(() => live && setReady(true), () => undefined)
    return () => {
      live = false
    }
  }, [ready])
  const clean = useMemo(() => (!ready ? '' : svg ? sanitizeSvg(html) : sanitizeHtml(html)), [ready, html, svg])
  // The click handler only routes links that keyboard users activate as links too (Enter fires click).
  return <div className={className} aria-busy={ready ? undefined : true} onClick={openLinksThroughPlatform} dangerouslySetInnerHTML={{ __html: clean }} />
}

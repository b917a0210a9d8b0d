import DOMPurify from 'dompurify'
import { useMemo, type MouseEvent } from 'react'
import { SAFE_URI, safeUrl } from '../lib/url'
import { getPlatform } from '../platform'

/** Server HTML is text and pictures: nothing that takes input, styles itself or embeds a page. */
const PURIFY = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['form', 'input', 'button', 'select', 'option', 'textarea', 'iframe', 'frame', 'object', 'embed', 'style', 'link', 'meta', 'base'],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'target'],
  ALLOWED_URI_REGEXP: SAFE_URI,
}

export const sanitizeHtml = (html: string): string => DOMPurify.sanitize(html, PURIFY)

/** Server SVG (a QR code): shapes only, no script, links, styles or foreign content. */
const PURIFY_SVG = {
  USE_PROFILES: { svg: true },
  FORBID_TAGS: ['a', 'style', 'foreignObject', 'image', 'use', 'script', 'animate', 'set'],
  FORBID_ATTR: ['style', 'href', 'xlink:href'],
}

export const sanitizeSvg = (svg: string): string => DOMPurify.sanitize(svg, PURIFY_SVG)

/** A link inside server HTML opens through the platform (LINE's external browser, Telegram's
 *  openLink, a new tab), never inside the mini-app's own webview. */
function openLinksThroughPlatform(event: MouseEvent<HTMLDivElement>): void {
  const link = (event.target as Element).closest?.('a[href]')
  if (!link) return
  event.preventDefault()
  const url = safeUrl(link.getAttribute('href'))
  if (url) getPlatform().openExternal(new URL(url, window.location.href).toString())
}

/** Every HTML string from the server goes through DOMPurify before it is rendered. */
export function SafeHtml({ html, className, svg = false }: { html: string; className?: string; svg?: boolean }) {
  const clean = useMemo(() => (svg ? sanitizeSvg(html) : sanitizeHtml(html)), [html, svg])
  // The click handler only routes links that keyboard users activate as links too (Enter fires click).
  return <div className={className} onClick={openLinksThroughPlatform} dangerouslySetInnerHTML={{ __html: clean }} />
}

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
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  // The click handler only routes links that keyboard users activate as links too (Enter fires click).
  return <div className={className} onClick={openLinksThroughPlatform} dangerouslySetInnerHTML={{ __html: clean }} />
}

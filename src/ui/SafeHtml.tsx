import DOMPurify from 'dompurify'
import { useMemo } from 'react'

/** Every HTML string from the server goes through DOMPurify before it is rendered. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html])
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />
}

// URLs that come from the runtime config or the server are used only when they are http(s):
// absolute http(s), or a path on this origin. `javascript:`, `data:` and friends are dropped.

/** The URL when it is safe to link, load or open; undefined otherwise. */
export function safeUrl(value: string | null | undefined): string | undefined {
  const url = value?.trim()
  if (!url) return undefined
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}

/** For DOMPurify: href and src values allowed in server HTML (http(s), or a path here). */
export const SAFE_URI = /^(?:https?:|\/(?![/\\]))/i

/** Query and hash of a URL as one parameter list (Telegram puts launch parameters in either). */
export function urlParameters(url: URL): URLSearchParams {
  const all = new URLSearchParams(url.search)
  new URLSearchParams(url.hash.replace(/^#/, '')).forEach((value, key) => all.append(key, value))
  return all
}

// What a terminated service still answers (issue 29), and a suspended member too (issue 52 §3):
// the check that says so, how to reach the operator, and the chat. A player who still has money
// needs those most. Every other call of theirs answers 410 gone, and the app shows /terminated.

/** The paths (no query, no trailing slash) that answer whatever. */
export const OPEN_WHEN_GONE = /^\/api\/(lookup\/(active|contact|enableChatWidget)|chat\/.+)$/

/** A request URL's path, as OPEN_WHEN_GONE reads it. */
export const pathOf = (url: string): string => url.split('?')[0].replace(/\/+$/, '')

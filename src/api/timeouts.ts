// Spec 7 and 9's bounds on a call, in a module of their own: the prepaint script's early requests
// (api/early.ts, inline in the page) keep them too, without the app's HTTP client.

/** Every call (spec 7). */
export const TIMEOUT_MS = 60_000
/** Uploads and the invite collect call (spec 9). */
export const LONG_TIMEOUT_MS = 300_000

// The console's calls to the operator API: one fetch wrapper with the staff token, typed by the
// contract's descriptors (contract/ops.ts), as the player's app calls its API.
import { fillPath, type AnyEndpoint, type BodyOf, type ParamsOf, type QueryOf, type ReplyOf } from '../../contract/endpoint'
import type { Staff } from '../../contract/ops'
import { hasWord, say } from '../lib/i18n'

const TOKEN_KEY = 'ops-token'
const STAFF_KEY = 'ops-staff'

/** The session: kept for the tab only (sessionStorage), so a closed tab signs out. */
export const session = {
  token: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  staff: (): Staff | null => JSON.parse(sessionStorage.getItem(STAFF_KEY) ?? 'null') as Staff | null,
  save(token: string, staff: Staff): void {
    sessionStorage.setItem(TOKEN_KEY, token)
    sessionStorage.setItem(STAFF_KEY, JSON.stringify(staff))
  },
  /** The same session, the staff member as the server now says (a setup done). */
  update(staff: Staff): void {
    sessionStorage.setItem(STAFF_KEY, JSON.stringify(staff))
  },
  clear(): void {
    sessionStorage.removeItem(TOKEN_KEY)
    sessionStorage.removeItem(STAFF_KEY)
  },
}

/** A refusal of the API (its code) or no answer at all (`network`). */
export class OpsError extends Error {
  /** `limit`: the figure the refusal names (the statement's line that cannot be read). */
  constructor(readonly code: string, readonly status: number, readonly retryAfter?: number, readonly limit?: number) {
    super(code)
  }

  /** What staff read. */
  get text(): string {
    const key = `error_${this.code}`
    if (this.code === 'REQUEST_LIMIT') return say('error_REQUEST_LIMIT', { seconds: this.retryAfter ?? 60 })
    return hasWord(key) ? say(key, { limit: this.limit ?? '' }) : say('error_other', { code: this.code })
  }
}

/** Told when the session is gone (401): the app shows the sign-in again. */
let onSignedOut: () => void = () => undefined
export const whenSignedOut = (listener: () => void): void => {
  onSignedOut = listener
}

/** Told when the server asks this session for a setup first (403 SETUP_REQUIRED): an admin turned
 *  the code on for everyone after the tab signed in. (A reset ends the session: that is a 401.) */
let onSetupRequired: () => void = () => undefined
export const whenSetupRequired = (listener: () => void): void => {
  onSetupRequired = listener
}

interface CallOptions<E extends AnyEndpoint> {
  params?: ParamsOf<E>
  body?: BodyOf<E>
  query?: QueryOf<E>
}

export async function call<E extends AnyEndpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ReplyOf<E>> {
  const query = options.query ? `?${new URLSearchParams(Object.entries(options.query as Record<string, string>).filter(([, v]) => v !== undefined))}` : ''
  const answer = await send(`${fillPath(endpoint.path, options.params as Record<string, string> | undefined)}${query}`, endpoint.method, options.body)
  return (await answer.json()) as ReplyOf<E>
}

/** A file of the API (a slip's image), as a blob: an <img> cannot carry the bearer header. */
export async function fetchBlob(path: string): Promise<Blob> {
  return (await send(path, 'GET')).blob()
}

async function send(path: string, method: string, body?: unknown): Promise<Response> {
  const token = session.token()
  let answer: Response
  try {
    answer = await fetch(path, {
      method,
      headers: { 'accept-language': document.documentElement.lang, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new OpsError('network', 0)
  }
  if (answer.ok) return answer
  const { message = 'other', limit } = (await answer.json().catch(() => ({}))) as { message?: string; limit?: number }
  if (answer.status === 401 && !path.endsWith('/login')) {
    session.clear()
    onSignedOut()
  }
  if (answer.status === 403 && message === 'SETUP_REQUIRED') onSetupRequired()
  throw new OpsError(message, answer.status, Number(answer.headers.get('retry-after')) || undefined, limit)
}

/**
 * Idempotency-Key on money calls: the app sends one key per player action and reuses it when it
 * retries that action, so an answer lost on the way back never moves money twice.
 *
 * The key row is written in the same transaction as the money movement it guards. Two requests
 * racing with one key meet at the row's primary key: on PostgreSQL the second insert waits for
 * the first transaction, then finds its stored answer; on SQLite transactions run one at a time.
 * A request that fails rolls its key back with everything else, so its retry runs again (it
 * moved no money the first time). What must neither roll back with the call (a rate limit's
 * count) nor wait inside its transaction (a file write) runs before it, in `prepare`, and not at
 * all for a replay. Keys are kept for 24 hours.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ServerContext } from './context'
import { type Db, inTransaction } from './db'
import { Refusal, fail } from './http/errors'
import { sha256 } from './tokens'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/
/** How often expired keys are swept (at most; on a money call). */
const SWEEP_EVERY_MS = 10 * 60 * 1000
const lastSweep = new WeakMap<object, number>()

function fingerprint(request: FastifyRequest, content?: Buffer): string {
  const body = content ?? request.body
  const bodyText = Buffer.isBuffer(body) ? sha256(body.toString('base64')) : JSON.stringify(body ?? null)
  return sha256(`${request.method} ${request.url.split('?')[0]} ${bodyText}`)
}

async function sweep(ctx: ServerContext, now: number): Promise<void> {
  if (now - (lastSweep.get(ctx.db) ?? 0) < SWEEP_EVERY_MS) return
  lastSweep.set(ctx.db, now)
  await ctx.db.deleteFrom('idempotency_keys').where('created_at', '<', now - IDEMPOTENCY_TTL_MS).execute()
}

/** The key row of a call still running (its `body` holds what `begin` started, as JSON). */
const IN_FLIGHT = 0
/** The key row of a call that answered "still waiting for the outside party": a retry resumes it. */
const WAITING = 504

const keyOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers[IDEMPOTENCY_HEADER]
  if (header === undefined) return undefined
  const key = Array.isArray(header) ? header[0] : header
  if (!KEY_PATTERN.test(key)) throw fail(400, 'KEY_INVALID')
  return key
}

/** Whether this reply is a stored answer sent again (nothing ran this time). */
export const replayed = (reply: FastifyReply): boolean => reply.getHeader('Idempotent-Replayed') === 'true'

export interface IdempotentOptions<P> {
  /** What makes two requests the same call, when the raw body does not (a multipart boundary differs per send). */
  content?: Buffer
  /**
   * Runs first, outside the transaction, and not for a replay; its result goes to `work`. For what
   * must not roll back with a failed call or wait inside its transaction: a rate limit's count, a
   * file written to disk.
   */
  prepare?: () => Promise<P>
}

/**
 * Runs a money call's `work` once per (member, Idempotency-Key): a repeat with the same key
 * answers the stored status and body; the same key on another call or body is 409 KEY_INVALID.
 * Without the header, `work` just runs. `work` gets a context whose `db` is the transaction.
 */
export async function idempotent<T, P = undefined>(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (ctx: ServerContext, prepared: P) => Promise<T>,
  options: IdempotentOptions<P> = {},
): Promise<T> {
  const prepare = options.prepare ?? (async () => undefined as P)
  const key = keyOf(request)
  if (key === undefined) return work(ctx, await prepare())
  const call: KeyedCall = { memberId: request.member.id, key, print: fingerprint(request, options.content), now: ctx.now() }
  await sweep(ctx, call.now)

  // A retry of a finished call is answered before `prepare` counts or writes anything again.
  let outcome: Outcome<T> | undefined = await storedAnswer<T>(ctx.db, call)
  if (!outcome) {
    const prepared = await prepare()
    outcome = await runOnce(ctx, reply, call, (scoped) => work(scoped, prepared))
  }
  if (outcome.replay) {
    reply.code(outcome.status)
    reply.header('Idempotent-Replayed', 'true')
  }
  return outcome.body
}

interface KeyedCall { memberId: number; key: string; print: string; now: number }
interface Outcome<T> { replay: boolean; status: number; body: T }

/** The stored answer of a finished call under the key; 409 KEY_INVALID when the key was used for another call. */
async function storedAnswer<T>(db: Db, { memberId, key, print, now }: KeyedCall): Promise<Outcome<T> | undefined> {
  const stored = await db.selectFrom('idempotency_keys').select(['fingerprint', 'status_code', 'body'])
    .where('member_id', '=', memberId).where('idem_key', '=', key).where('created_at', '>=', now - IDEMPOTENCY_TTL_MS)
    .executeTakeFirst()
  if (!stored) return undefined
  if (stored.fingerprint !== print || Number(stored.status_code) === 0) throw fail(409, 'KEY_INVALID')
  return { replay: true, status: Number(stored.status_code), body: JSON.parse(stored.body) as T }
}

/** Claims the key and runs `work` in one transaction with it; a call racing with the same key gets the winner's answer. */
async function runOnce<T>(ctx: ServerContext, reply: FastifyReply, call: KeyedCall, work: (ctx: ServerContext) => Promise<T>): Promise<Outcome<T>> {
  const { memberId, key, print, now } = call
  return inTransaction(ctx.db, async (trx) => {
    // An expired key is a new key.
    await trx.deleteFrom('idempotency_keys')
      .where('member_id', '=', memberId).where('idem_key', '=', key).where('created_at', '<', now - IDEMPOTENCY_TTL_MS)
      .execute()
    const claimed = await trx.insertInto('idempotency_keys')
      .values({ member_id: memberId, idem_key: key, fingerprint: print, status_code: 0, body: '', created_at: now })
      .onConflict((c) => c.columns(['member_id', 'idem_key']).doNothing())
      .returning('idem_key')
      .executeTakeFirst()
    if (!claimed) {
      const stored = await storedAnswer<T>(trx, call)
      if (!stored) throw fail(409, 'KEY_INVALID')
      return stored
    }
    const result = await work({ ...ctx, db: trx })
    const status = reply.statusCode
    await trx.updateTable('idempotency_keys').set({ status_code: status, body: JSON.stringify(result) })
      .where('member_id', '=', memberId).where('idem_key', '=', key).execute()
    return { replay: false, status, body: result }
  })
}

/**
 * A money call that crosses to an outside party (a game provider) in steps (transfers.ts):
 * - `begin` runs in one transaction with the key's claim: the reservation, where every refusal
 *   happens; a refusal rolls the key back with it. What it returns is kept with the key (JSON).
 * - `finish` runs outside any transaction: it asks the outside party and books the outcome.
 * - `resume` is for a retry of a call that did not finish: it recovers what `begin` started.
 * `finish` and `resume` answer the call, or throw: TRANSFER_PENDING (504) keeps the key so a
 * retry resumes at once; any other failure ends the call, its key with it (nothing stays moved).
 * A retry while the first is still running is 409 KEY_INVALID, unless the first has been silent
 * for `staleMs` (its instance died): then it resumes.
 */
export async function idempotentSteps<B, T>(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  steps: {
    begin: (ctx: ServerContext) => Promise<B>
    finish: (begun: B) => Promise<T>
    resume: (begun: B) => Promise<T>
    /** `begin` writes all or nothing on its own (one movement with its record): without a key it
     *  needs no transaction around it, and on PostgreSQL saves that transaction's two round trips. */
    beginIsAtomic?: boolean
  },
  staleMs: number,
): Promise<T> {
  const key = keyOf(request)
  if (key === undefined) {
    return steps.finish(await (steps.beginIsAtomic ? steps.begin(ctx) : inTransaction(ctx.db, (trx) => steps.begin({ ...ctx, db: trx }))))
  }
  const memberId = request.member.id
  const print = fingerprint(request)
  const now = ctx.now()
  await sweep(ctx, now)
  const row = (db: Db) => db.updateTable('idempotency_keys').where('member_id', '=', memberId).where('idem_key', '=', key)

  const started = await inTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('idempotency_keys')
      .where('member_id', '=', memberId).where('idem_key', '=', key).where('created_at', '<', now - IDEMPOTENCY_TTL_MS)
      .execute()
    const claimed = await trx.insertInto('idempotency_keys')
      .values({ member_id: memberId, idem_key: key, fingerprint: print, status_code: IN_FLIGHT, body: '', created_at: now })
      .onConflict((c) => c.columns(['member_id', 'idem_key']).doNothing())
      .returning('idem_key')
      .executeTakeFirst()
    if (claimed) {
      const begun = await steps.begin({ ...ctx, db: trx })
      await row(trx).set({ body: JSON.stringify(begun) }).execute()
      return { kind: 'begun' as const, begun }
    }
    const stored = await trx.selectFrom('idempotency_keys').select(['fingerprint', 'status_code', 'body', 'created_at'])
      .where('member_id', '=', memberId).where('idem_key', '=', key).executeTakeFirstOrThrow()
    const status = Number(stored.status_code)
    if (stored.fingerprint !== print) throw fail(409, 'KEY_INVALID')
    if (status === WAITING || (status === IN_FLIGHT && Number(stored.created_at) <= now - staleMs)) {
      return { kind: 'resume' as const, begun: JSON.parse(stored.body) as B }
    }
    if (status === IN_FLIGHT) throw fail(409, 'KEY_INVALID')
    return { kind: 'replay' as const, status, body: JSON.parse(stored.body) as T }
  })
  if (started.kind === 'replay') {
    reply.code(started.status)
    reply.header('Idempotent-Replayed', 'true')
    return started.body
  }

  try {
    const result = started.kind === 'begun' ? await steps.finish(started.begun) : await steps.resume(started.begun)
    await row(ctx.db).set({ status_code: reply.statusCode, body: JSON.stringify(result) }).execute()
    return result
  } catch (error) {
    if (error instanceof Refusal && error.status === WAITING) {
      await row(ctx.db).set({ status_code: WAITING }).execute()
    } else {
      await ctx.db.deleteFrom('idempotency_keys').where('member_id', '=', memberId).where('idem_key', '=', key).execute()
    }
    throw error
  }
}

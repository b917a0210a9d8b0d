// A database remembers what it is (issue 47 §2). Production marks the database at its first start;
// any other mode (demo, dev, test: a demo member with a published password, a demo bank that
// approves slips and pays withdrawals, /dev/ endpoints that settle them) refuses to start on a
// database so marked, and a process of another mode already running on it stops acting once the
// mark appears (app.ts). A database production ran on before the mark existed is known by what
// production left: its seeds without the demo's, or the demo member it disabled.
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { type Db, isPostgres, LOCKS, lockedTransaction, tableExists } from '../shared/db'
import { errorBody } from '../shared/http/errors'
import type { ServerMode } from '../shared/context'
import { recentValue } from '../shared/recent'
import { demoMember } from './seedData'

const MARK = 'production'

/** Seeds applied after the demo member's in every mode but production (seed.ts's order). */
const SEEDS_AFTER_DEMO_MEMBER = ['kip-amounts', 'refund-info']

/** When production marked this database (one indexed read: a running process asks it often). */
export async function productionMarkedAt(db: Db): Promise<number | undefined> {
  const mark = await db.selectFrom('database_marks').select('at').where('name', '=', MARK).executeTakeFirst()
  return mark ? Number(mark.at) : undefined
}

/** When production first ran on this database, or undefined if it never did. Reads nothing it
 *  cannot find: it runs before the migrations (a database of an older release may lack the mark). */
export async function productionSince(db: Db): Promise<number | undefined> {
  if (await tableExists(db, 'database_marks')) {
    const marked = await productionMarkedAt(db)
    if (marked !== undefined) return marked
  }
  if (!(await tableExists(db, 'seeds'))) return undefined
  const seeds = new Set((await db.selectFrom('seeds').select('name').execute()).map((row) => row.name))
  // Every other mode seeds the demo member before these (seed.ts applies them in order): one of
  // them without it was production's. (Not the lookups alone: another mode starting a moment
  // before, on an empty database, has them and not yet its demo member.)
  const seededByProduction = !seeds.has('demo-member') && SEEDS_AFTER_DEMO_MEMBER.some((name) => seeds.has(name))
  const demo = await db.selectFrom('members').select(['is_active', 'created_at'])
    .where('id', '=', demoMember.id).where('username', '=', demoMember.phone).executeTakeFirst()
  // Only a production start disables the demo member (seed.ts, disableDemoMember).
  const disabledByProduction = demo !== undefined && Number(demo.is_active) === 0
  if (!seededByProduction && !disabledByProduction) return undefined
  const first = await db.selectFrom('seeds').select((eb) => eb.fn.min('applied_at').as('at')).executeTakeFirst()
  return Number(first?.at ?? 0)
}

/** Whether a demo, dev or test server seeded this database (its demo member). Where production never
 *  ran on it, its balances are not money: the demo bank paid QR codes and approved slips and gift
 *  links for whoever registered, and /dev/ settled anything. */
export async function seededByDemo(db: Db): Promise<boolean> {
  if (!(await tableExists(db, 'seeds'))) return false
  return (await db.selectFrom('seeds').select('name').where('name', '=', 'demo-member').executeTakeFirst()) !== undefined
}

/** What production says when it finds a demo's database. */
export const DEMO_DATABASE_MESSAGE =
  "This database is a demo's: a demo, dev or test server has run on it, and its balances are not money " +
  '(its demo bank paid QR codes and approved slips and gift links for anyone who registered; /dev/ settles anything). ' +
  'APP_MODE=production would make them real, so it does not start. Give production a database of its own (another DATA_DIR or DATABASE_URL).'

/**
 * Production's start: the database is production's from now on (kept from the first time). Written
 * under the mark's lock, exclusive, so a demo bank's decision under way (`refuseOnceProduction`,
 * shared) commits before it or sees it.
 */
export async function markProduction(db: Db, at: number): Promise<void> {
  await lockedTransaction(db, LOCKS.productionMark, (trx) =>
    trx.insertInto('database_marks').values({ name: MARK, at }).onConflict((c) => c.column('name').doNothing()).execute())
}

/** Thrown in a demo bank's decision that finds production's mark: the decision is rolled back. */
export class ProductionArrived extends Error {
  constructor(readonly since: number) {
    super(`production marked this database at ${new Date(since).toISOString()}`)
  }
}

/**
 * Inside a demo bank's decision, as it writes its audit row: throws ProductionArrived when
 * production's mark is in, so no decision of the demo bank commits after the mark, however late its
 * pass read it. PostgreSQL: the mark's lock, shared (the mark is written under it exclusive), then
 * the mark as committed by then. SQLite: one writer at a time, and a transaction that read before
 * another's commit cannot write after it; the read alone is enough.
 */
export async function refuseOnceProduction(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock_shared(${sql.lit(LOCKS.productionMark)})`.execute(trx)
  const since = await productionMarkedAt(trx)
  if (since !== undefined) throw new ProductionArrived(since)
}

/** What a process of another mode says when it finds the database is production's. */
export function productionDatabaseMessage(mode: ServerMode, since: number): string {
  return `This database is production's: a production server has run on it (since ${new Date(since).toISOString()}). ` +
    `APP_MODE=${mode} would run the demo on real players' money (a demo member with a published password, a demo bank that approves slips and pays withdrawals` +
    `${mode === 'dev' || mode === 'test' ? ', /dev/ endpoints that settle them' : ''}), so it does not start. ` +
    'Start it with APP_MODE=production, or give it a database of its own (another DATA_DIR or DATABASE_URL).'
}

/** How stale a running process of another mode may be about production joining its database. */
const MARK_CHECK_MS = 1_000

/**
 * For a process of another mode: whether production has joined its database since it started (two
 * processes, one database). From then on it answers nothing of the API (503) and its demo bank
 * stops (app.ts); said once in the log. `fresh` reads the mark itself, else at most once a second.
 */
export function watchForProduction(db: Db, mode: ServerMode, log: { error(message: string): void }): (options?: { fresh?: boolean }) => Promise<boolean> {
  let seen = false
  return async ({ fresh = false } = {}) => {
    if (mode === 'production' || seen) return seen
    const since = fresh ? await productionMarkedAt(db) : await recentValue(db, 'production-mark', MARK_CHECK_MS, () => productionMarkedAt(db))
    if (since !== undefined) {
      seen = true
      log.error(productionDatabaseMessage(mode, since))
    }
    return seen
  }
}

/** Another mode's process that production joined answers nothing of the API, nor /dev/ (503). */
export function refuseOnceProductionArrived(app: FastifyInstance, productionArrived: () => Promise<boolean>): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!/^\/(api|ops\/api|dev)\//.test(request.url)) return
    if (await productionArrived()) return reply.code(503).send(errorBody('production database'))
  })
}

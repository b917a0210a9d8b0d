import { CompiledQuery } from 'kysely'
import { type Db, isPostgres } from './db'
import { namePrepared } from './prepared'

/**
 * A statement of the money path written as SQL, run through Kysely's executor as it is. Every
 * transfer runs a dozen of these; building each with the query builder cost about as much CPU as
 * running it, which halved the transfers a server could take. Write `?` for parameters, as SQLite
 * does; PostgreSQL's `$1, $2, ...` are put in here. Only portable SQL (both dialects) belongs here.
 */
export async function runSql<Row>(db: Db, text: string, parameters: readonly unknown[]): Promise<Row[]> {
  const query = CompiledQuery.raw(isPostgres(db) ? numbered(text) : text, [...parameters])
  return (await db.executeQuery<Row>(query)).rows
}

const numberedTexts = new Map<string, string>()

/** `?` placeholders as `$1`, `$2`, ... (none of these statements has a `?` inside a string literal). */
function numbered(text: string): string {
  let found = numberedTexts.get(text)
  if (found === undefined) {
    let n = 0
    found = text.replace(/\?/g, () => `$${(n += 1)}`)
    numberedTexts.set(text, found)
    namePrepared(found)
  }
  return found
}


/** `(?, ?, ?), (?, ?, ?)`: the placeholders of `rows` tuples of `width` values. */
export const tuples = (rows: number, width: number): string =>
  Array.from({ length: rows }, () => `(${Array.from({ length: width }, () => '?').join(', ')})`).join(', ')

/** `?, ?, ?`: one placeholder a value. */
export const list = (count: number): string => Array.from({ length: count }, () => '?').join(', ')

/**
 * A read of a few values, each a scalar subquery (one column, at most one row), that readTogether
 * sends with other areas' in one statement: on PostgreSQL every statement is a round trip, and a
 * screen that shows a little of several areas (the wallet read) need not send one each.
 */
export interface ScalarRead<T> {
  /** The subqueries, without their parentheses, `?` for parameters. */
  subqueries: readonly string[]
  parameters: readonly unknown[]
  /** The value from the subqueries' results, in their order (NULL when a subquery found no row). */
  value: (results: readonly unknown[]) => T
}

type ReadValues<Reads extends readonly ScalarRead<unknown>[]> = { [K in keyof Reads]: Reads[K] extends ScalarRead<infer T> ? T : never }

/** The values of `reads`, in their order, from one statement. */
export async function readTogether<const Reads extends readonly ScalarRead<unknown>[]>(db: Db, reads: Reads): Promise<ReadValues<Reads>> {
  const columns = reads.flatMap((read) => read.subqueries.map((subquery) => `(${subquery})`))
  const [row] = await runSql<Record<string, unknown>>(db, `SELECT ${columns.map((column, i) => `${column} AS v${i}`).join(', ')}`,
    reads.flatMap((read) => read.parameters))
  let next = 0
  return reads.map((read) => read.value(read.subqueries.map(() => row[`v${next++}`]))) as ReadValues<Reads>
}

/**
 * The statements runSql sends (sql.ts), each with the name it is prepared under on a PostgreSQL
 * connection (db.ts): a connection parses and plans such a statement once, and then only binds
 * values and runs it (issue 49 §1: the money path's statements are sent thousands of times a
 * second, and were planned anew each time). Kysely's own queries (the query builder's, migrations)
 * stay unnamed, parsed and planned at every call. The texts are the SQL of this code, a bounded
 * set: a few hundred names at most.
 */
const names = new Map<string, string>()

/** Gives `text` (as sent, `$1` placeholders) a name of its own. */
export function namePrepared(text: string): void {
  if (!names.has(text)) names.set(text, `wallet_${names.size + 1}`)
}

/** The name `text` is prepared under; undefined for a statement runSql never sent. */
export const preparedName = (text: string): string | undefined => names.get(text)

// Global setup of the PostgreSQL run (vitest.pg.config.ts): each test server gets its own
// database named with this run's prefix (see testStorage in helpers.ts), empty or copied from a
// template migrated here once; teardown drops them all.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrate, openDatabase } from '../../server/shared/db'

declare module 'vitest' {
  export interface ProvidedContext {
    pgDatabasePrefix: string
    /** A database every migration has been applied to, to copy (CREATE DATABASE ... TEMPLATE). */
    pgTemplateDatabase: string
    /** How a test database is made from its template: FILE_COPY where the server has it (PostgreSQL 15 and later). */
    pgCreateStrategy: string
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.WALLET_TEST_PG_URL
  if (!adminUrl) throw new Error('the PostgreSQL run needs WALLET_TEST_PG_URL (see scripts/with-postgres.sh)')
  const prefix = `wallet_test_${randomBytes(4).toString('hex')}_`
  project.provide('pgDatabasePrefix', prefix)
  // Fail early and clearly when the server is not reachable.
  const probe = new pg.Client({ connectionString: adminUrl })
  await probe.connect()
  const template = `${prefix}template`
  try {
    await probe.query(`CREATE DATABASE ${template}`)
    const { rows: [{ server_version_num: version }] } = await probe.query<{ server_version_num: string }>('SHOW server_version_num')
    project.provide('pgCreateStrategy', Number(version) >= 150_000 ? ' STRATEGY FILE_COPY' : '')
  } finally {
    await probe.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${template}`
  const db = openDatabase({ dataDir: ':memory:', databaseUrl: url.toString() })
  try {
    await migrate(db)
  } finally {
    await db.destroy()
  }
  project.provide('pgTemplateDatabase', template)

  // A throwaway cluster (scripts/with-postgres.sh) is dropped whole right after: nothing to tidy.
  if (process.env.WALLET_TEST_PG_THROWAWAY === '1') return undefined
  return async () => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [prefix],
      )
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
    } finally {
      await admin.end()
    }
  }
}

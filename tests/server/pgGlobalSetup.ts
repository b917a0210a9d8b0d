// Global setup of the PostgreSQL run (vitest.pg.config.ts): each test server gets its own
// database named with this run's prefix (see testStorage in helpers.ts); teardown drops them all.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    pgDatabasePrefix: string
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
  await probe.end()

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

// The server suite again, on PostgreSQL: `npm run test:pg` (scripts/with-postgres.sh) sets
// WALLET_TEST_PG_URL to a server where each test server gets a database of its own.
import { defineConfig } from 'vitest/config'
import viteConfig, { TEST_PROJECTS } from './vite.config.ts'

export default defineConfig({
  ...viteConfig,
  test: {
    ...viteConfig.test,
    projects: TEST_PROJECTS.filter((project) => project.test.name.startsWith('server')),
    globalSetup: ['tests/server/pgGlobalSetup.ts'],
  },
})

// The reference server as `npm run load` drives it: server/main.ts's app in test mode on a fresh
// data folder, with cheap password hashing so 200 members can sign up in seconds (sign-up is not
// what the load measures). Logging stays on, as in production. Env: PORT, DATA_DIR.
import { buildServer } from '../server/app'

const app = await buildServer({
  dataDir: process.env.DATA_DIR ?? '.data/load',
  mode: 'test',
  passwordCost: { N: 2 ** 10, r: 8, p: 1 },
  logger: process.env.LOAD_LOGGER !== '0',
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))

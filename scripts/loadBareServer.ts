// The floor `npm run load` compares the reference server with: a bare Fastify server, in its own
// process, answering the load's two routes with the bodies the real server gave (LOAD_BODIES:
// `{ "wallet": ..., "transfer": ... }`), no database, no authentication, no hooks. Its logger is
// the real server's setting (on, at info: two lines a request), so the difference is the work the
// wallet does. Env: PORT, LOAD_BODIES, LOAD_LOGGER.
import Fastify from 'fastify'

const bodies = JSON.parse(process.env.LOAD_BODIES ?? '{}') as { wallet: unknown; transfer: unknown }
const app = Fastify({ logger: process.env.LOAD_LOGGER !== '0' })
// Each answer is serialized per request (JSON.stringify), as the real server serializes its own.
app.get('/api/wallet', async () => bodies.wallet)
app.post('/api/wallet/transfer', async () => bodies.transfer)
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))

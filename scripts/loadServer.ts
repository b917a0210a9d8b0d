// The reference server as `npm run load` drives it: server/main.ts's app in test mode on a fresh
// data folder, with cheap password hashing so 200 members can sign up in seconds (sign-up is not
// what the load measures). Logging stays on, as in production. Env: PORT, DATA_DIR; LOAD_ELD=1
// prints the event loop's utilization and delay every 5 s to stderr (how busy the one thread is).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { buildServer } from '../server/app'

const app = await buildServer({
  dataDir: process.env.DATA_DIR ?? '.data/load',
  mode: 'test',
  passwordCost: { N: 2 ** 10, r: 8, p: 1 },
  logger: process.env.LOAD_LOGGER !== '0',
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
if (process.env.LOAD_ELD) {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  let last = performance.eventLoopUtilization()
  const ms = (ns: number) => (ns / 1e6).toFixed(1)
  setInterval(() => {
    const now = performance.eventLoopUtilization()
    const busy = performance.eventLoopUtilization(now, last).utilization
    last = now
    console.error(`event loop ${(busy * 100).toFixed(0)}% busy; delay p50 ${ms(delay.percentile(50))} p99 ${ms(delay.percentile(99))} max ${ms(delay.max)} ms`)
    delay.reset()
  }, 5000).unref()
}

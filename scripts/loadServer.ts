// The reference server as `npm run load` drives it: server/main.ts's app in test mode on a fresh
// data folder (or DATABASE_URL's PostgreSQL), with cheap password hashing and room for 200
// sign-ups from one address, so the members are made in seconds (sign-up is not what the load
// measures). Logging stays on, as in production. Env: PORT, DATA_DIR, DATABASE_URL; LOAD_ELD=1
// prints the event loop's utilization and delay, and the time spent in GC, every 5 s to stderr (how busy the one thread is).
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks'
import { buildServer } from '../server/app'

const app = await buildServer({
  dataDir: process.env.DATA_DIR ?? '.data/load',
  databaseUrl: process.env.DATABASE_URL || undefined,
  mode: 'test',
  passwordCost: { N: 2 ** 10, r: 8, p: 1 },
  limits: { accountPerAddress: 10_000, accountGlobal: 10_000 },
  logger: process.env.LOAD_LOGGER !== '0',
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
if (process.env.LOAD_ELD) {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  let last = performance.eventLoopUtilization()
  const ms = (ns: number) => (ns / 1e6).toFixed(1)
  const gc = { total: 0, max: 0 }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.total += entry.duration
      gc.max = Math.max(gc.max, entry.duration)
    }
  }).observe({ entryTypes: ['gc'] })
  setInterval(() => {
    const now = performance.eventLoopUtilization()
    const busy = performance.eventLoopUtilization(now, last).utilization
    last = now
    console.error(`${process.env.PORT}: event loop ${(busy * 100).toFixed(0)}% busy; delay p50 ${ms(delay.percentile(50))} p99 ${ms(delay.percentile(99))} max ${ms(delay.max)} ms; GC ${gc.total.toFixed(0)} ms, longest ${gc.max.toFixed(1)} ms`)
    delay.reset()
    gc.total = 0
    gc.max = 0
  }, 5000).unref()
}

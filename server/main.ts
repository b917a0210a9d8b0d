import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildServer } from './app'
import { readServerEnv, type ServerEnv } from './env'
import { createWebhookOtpSender } from './otp/sms'
import { serveMetrics } from './shared/http/metrics'
import { demoMember } from './seed/seedData'

let env: ServerEnv
try {
  env = readServerEnv(process.env)
} catch (error) {
  console.error(`Cannot start: ${(error as Error).message}`)
  process.exit(1)
}

const { port, host, dataDir, mode } = env
/** A warning framed and wrapped so it stands out of the request log around it. */
const shout = (text: string) => {
  const bar = '!'.repeat(78)
  const lines = text.split(' ').reduce<string[]>((wrapped, word) => {
    const last = wrapped.length - 1
    if (last >= 0 && wrapped[last].length + word.length < 74) wrapped[last] += ` ${word}`
    else wrapped.push(word)
    return wrapped
  }, [])
  console.warn([bar, ...lines.map((line) => `!! ${line}`), bar].join('\n'))
}
for (const warning of env.warnings) shout(`WARNING: ${warning}`)
// A setting the environment cannot check (the database's own state: production's, a migration
// refused) stops the start with its message, as a bad variable does.
const app = await buildServer({
  dataDir,
  databaseUrl: env.databaseUrl,
  mode,
  config: env.config,
  settings: env.settings,
  trustProxy: env.trustProxy,
  sms: env.smsWebhookUrl ? createWebhookOtpSender(env.smsWebhookUrl, { secret: env.smsWebhookSecret }) : undefined,
  payoutHoldMs: env.payoutHoldMs,
  timeZone: env.timeZone,
  depositQr: env.depositQr,
  bonusOffers: env.bonusOffers,
  depositAccounts: env.depositAccounts,
  contact: env.contact,
  withdrawLimits: env.withdrawLimits,
  identity: env.identity,
  firstAdmin: env.firstAdmin,
  notify: env.notify,
  metrics: env.metricsPort !== undefined,
  logger: true,
}).catch((error: unknown) => {
  console.error(`Cannot start: ${(error as Error).message}`)
  process.exit(1)
})
await app.listen({ port, host })
const metrics = app.metrics && env.metricsPort !== undefined ? await serveMetrics(app.metrics, env.metricsPort, env.metricsHost) : undefined

const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
// PORT=0 takes any free port: the one taken is shown.
const listeningPort = (app.server.address() as AddressInfo | null)?.port ?? port
// The URL's password stays out of the console.
const dataIn = env.databaseUrl ? `PostgreSQL ${new URL(env.databaseUrl).host}` : dataDir
console.log(`Wallet API (${mode} mode) on http://${shownHost}:${listeningPort} — data in ${dataIn}`)
if (mode !== 'production') {
  console.log(`DEMO: sign in as ${demoMember.phone} / ${demoMember.password}; OTP codes are printed here, not sent.`)
  console.log('Not for real players: run with APP_MODE=production, SMS_WEBHOOK_URL, SMS_WEBHOOK_SECRET, DEPOSIT_ACCOUNTS and CONTACT (see README).')
}
if (metrics) console.log(`Metrics for Prometheus on http://${env.metricsHost.includes(':') ? `[${env.metricsHost}]` : env.metricsHost}:${(metrics.address() as AddressInfo).port}/metrics (keep this port from the balancer)`)
if (mode === 'dev' || mode === 'test') console.log(`Dev endpoints: http://${shownHost}:${listeningPort}/dev/...`)
// Said again once listening, where the operator looks for the address.
for (const warning of env.warnings) shout(`WARNING: ${warning}`)

/** How long the calls in flight and the sockets have to end once the instance stops accepting. */
const CLOSE_BOUND_MS = 20_000

/**
 * SIGTERM (a rolling restart, a scale-in): /readyz answers `draining` and every answer closes its
 * connection, for DRAIN_SECONDS while the instance still answers, so a balancer stops sending here
 * before anything is refused; then the chat and console sockets are cut at the transport (each
 * client reconnects, through the balancer, to another instance), the port stops accepting, the
 * calls in flight end, and the process exits, within CLOSE_BOUND_MS or with an error. SIGINT (the
 * operator's Ctrl-C) skips the wait.
 */
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  const drainMs = signal === 'SIGTERM' ? env.drainSeconds * 1000 : 0
  app.drain()
  app.log.info({ signal, drainSeconds: drainMs / 1000 }, 'draining')
  if (drainMs > 0) await sleep(drainMs)
  setTimeout(() => {
    app.log.error(`calls or sockets still open ${CLOSE_BOUND_MS / 1000} s after closing: exiting`)
    process.exit(1)
  }, CLOSE_BOUND_MS).unref()
  metrics?.close()
  await app.close()
  app.log.info('closed')
}

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // One shutdown; a Ctrl-C while it drains or closes ends the process at once.
    if (stopping) {
      if (signal === 'SIGINT') process.exit(1)
      return
    }
    stopping = true
    shutDown(signal).then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}

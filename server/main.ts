import { buildServer } from './app'
import { readServerEnv, type ServerEnv } from './env'
import { createWebhookOtpSender } from './otp/sms'
import { demoMember } from './seedData'

let env: ServerEnv
try {
  env = readServerEnv(process.env)
} catch (error) {
  console.error(`Cannot start: ${(error as Error).message}`)
  process.exit(1)
}

const { port, host, dataDir, mode } = env
const app = await buildServer({
  dataDir,
  databaseUrl: env.databaseUrl,
  mode,
  config: env.config,
  settings: env.settings,
  trustProxy: env.trustProxy,
  sms: env.smsWebhookUrl ? createWebhookOtpSender(env.smsWebhookUrl) : undefined,
  payoutHoldMs: env.payoutHoldMs,
  depositQr: env.depositQr,
  bonusOffers: env.bonusOffers,
  depositAccounts: env.depositAccounts,
  contact: env.contact,
  withdrawLimits: env.withdrawLimits,
  logger: true,
})
await app.listen({ port, host })

const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
// The URL's password stays out of the console.
const dataIn = env.databaseUrl ? `PostgreSQL ${new URL(env.databaseUrl).host}` : dataDir
console.log(`Wallet API (${mode} mode) on http://${shownHost}:${port} — data in ${dataIn}`)
if (mode !== 'production') {
  console.log(`DEMO: sign in as ${demoMember.phone} / ${demoMember.password}; OTP codes are printed here, not sent.`)
  console.log('Not for real players: run with APP_MODE=production and SMS_WEBHOOK_URL (see README).')
}
if (mode === 'dev' || mode === 'test') console.log(`Dev endpoints: http://${shownHost}:${port}/dev/...`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}

import { buildServer } from './app'
import { parseConfigPatch } from './config'
import type { ServerMode } from './context'
import { demoMember } from './seedData'

function modeFromEnv(): ServerMode {
  const mode = process.env.APP_MODE
  if (mode === 'production' || mode === 'dev' || mode === 'test') return mode
  if (mode) throw new Error(`APP_MODE must be production, dev or test (got "${mode}")`)
  // The /dev/ endpoints can rewrite the config and read OTPs: never on unless asked for.
  return 'production'
}

function configFromEnv() {
  const raw = process.env.APP_CONFIG
  if (!raw) return undefined
  try {
    return parseConfigPatch(JSON.parse(raw))
  } catch {
    throw new Error('APP_CONFIG must be a JSON object of RuntimeConfig fields')
  }
}

const port = Number(process.env.PORT ?? 8080)
const host = process.env.HOST ?? '0.0.0.0'
const dataDir = process.env.DATA_DIR ?? '.data/'
const mode = modeFromEnv()

const app = await buildServer({ dataDir, mode, config: configFromEnv(), logger: true })
await app.listen({ port, host })

const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
console.log(`Wallet API (${mode}) on http://${shownHost}:${port} — data in ${dataDir}`)
console.log(`Demo member: phone ${demoMember.phone} / password ${demoMember.password}`)
if (mode !== 'production') console.log(`Dev endpoints: http://${shownHost}:${port}/dev/...`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}

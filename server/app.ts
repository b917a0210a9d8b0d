import { resolve } from 'node:path'
import compress from '@fastify/compress'
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler'
import { SerializerSelector, type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler'
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import { registerAreas } from './areas'
import { socketOwner } from './chat/identity'
import { startChatHub } from './chat/socket'
import { type ConfigPatch, createConfigState } from './shared/config'
import { hasDevRoutes, type ServerContext, type ServerMode } from './shared/context'
import { namePlugins } from './shared/http/pluginNames'
import { openDatabase, repliesWhenDurable, type StatementObserver, watchWrites } from './shared/db'
import { SESSION_WRITES, startSessionCache } from './auth/sessionCache'
import { DEFAULT_RETENTION_SWEEP_MS, keepRetention } from './retention'
import { createPasswordHasher, TEST_MODE_PASSWORD_COST, type PasswordCost } from './auth/passwords'
import { DEFAULT_LIMITS, type Limits } from './shared/limits'
import type { QrSettingsPatch } from './deposit/qrSettings'
import { installErrorHandler } from './shared/http/errors'
import { requestLogSerializer } from './requestLog'
import { registerRuntimeFiles } from './shared/http/manifest'
import { registerHealth } from './shared/http/health'
import { instrument } from './shared/http/metrics'
import type { Registry } from 'prom-client'
import { registerSecurityHeaders } from './shared/http/security'
import { registerStatic } from './shared/http/static'
import { fastifyTrustProxy, type TrustProxy } from './shared/http/trustProxy'
import { createLogOtpSender, type OtpSender, SwitchableOtpSender } from './otp/sms'
import { refuseOnceProductionArrived, watchForProduction } from './seed/productionMark'
import { finishStart, type OperatorSettings, prepareDatabase, requireOperatorServices } from './seed/start'
import { variantZone } from './shared/zone'
import { DEFAULT_MAX_AMOUNT_MINOR } from './shared/amount'
import { type GameProvider, simulatedProvider } from './games/providers'
import { DEFAULT_TRANSFER_SWEEP_MS, keepTransferSweep } from './wallet/transfers'
import { demoBankEvery, keepDemo } from './demo/keep'
import { IDENTITY_OFF, type IdentitySettings, servedConfig } from './identity/settings'
import type { FirstAdmin } from './ops/firstAdmin'
import { keepOutbox } from './notify/outbox'
import { outboxBacklog } from './notify/repo'
import { keepPrizeReminders } from './spin/reminders'
import { channelsOn, NOTIFY_OFF, type NotifySettings } from './notify/settings'
import { refuseWhenTerminated } from './shared/http/gone'
import { refuseDisguisedPaths } from './shared/http/plainPaths'


/**
 * Schema compilers shared by every server this process builds. The route schemas are module
 * constants, so a schema compiled for one instance is found again by the next (Ajv caches by
 * schema object, serializers here by schema): a restart in the same process, and each of the
 * server suite's hundreds of servers, skip compiling them again.
 */
const SHARED_COMPILERS = ((): { buildValidator: ValidatorFactory; buildSerializer: SerializerFactory } => {
  const serializerFactory = SerializerSelector()
  const serializers = new WeakMap<object, Map<string, Serializer>>()
  return {
    buildValidator: AjvCompiler(),
    buildSerializer(externalSchemas, serializerOptions) {
      const build = serializerFactory(externalSchemas, serializerOptions)
      const key = JSON.stringify([externalSchemas, serializerOptions])
      return (route) => {
        const schema = route.schema as object
        let byOptions = serializers.get(schema)
        if (!byOptions) serializers.set(schema, (byOptions = new Map()))
        let serializer = byOptions.get(key)
        if (!serializer) byOptions.set(key, (serializer = build(route)))
        return serializer
      }
    },
  }
})()

/** With the operator's settings each start applies (seed/start.ts). */
export interface BuildServerOptions extends OperatorSettings {
  /** Folder of `wallet.db` (created if missing), or ':memory:' for a throwaway database. */
  dataDir: string
  /** PostgreSQL connection string: when set, the data lives there and `dataDir` is unused. */
  databaseUrl?: string
  /** See StorageOptions.memoryImage. */
  memoryImage?: Buffer
  /** On PostgreSQL, how long a kept session is served before it is read again (auth/sessionCache.ts; default 10 s). */
  sessionCacheMs?: number
  /** Told each statement sent to the database (tests/server/statementCounts.test.ts), with its values on PostgreSQL. */
  observeStatement?: StatementObserver
  /** See ServerMode: `dev` and `test` add the /dev/ endpoints; `production` seeds no demo member. */
  mode: ServerMode
  /** Merged over the default RuntimeConfig; served as /config.json. */
  config?: ConfigPatch
  /** The built app; default `dist/`. Skipped when the folder does not exist. */
  staticDir?: string
  logger?: boolean
  /** Told of every route as it is registered, with its schemas (the screen tests check their fake answers against them). */
  onRoute?: (route: RouteOptions) => void
  /** Where the logger writes (tests read it); default stdout. */
  loggerStream?: { write(line: string): void }
  /** Counts requests and keeps `app.metrics`, which GET /metrics answers from (METRICS_PORT). */
  metrics?: boolean
  /** Session lifetime; default 7 days. */
  sessionTtlMs?: number
  /** Clock in epoch ms; default Date.now (tests pass a movable one). */
  now?: () => number
  /** Where OTP codes go. Required in production (the operator's gateway); elsewhere the default
   *  prints `OTP for <phone>: <code> (ref <ref>)`. */
  sms?: OtpSender
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe, so request.ip is the player's. */
  trustProxy?: TrustProxy
  /** The operator's time zone: the slip window's times and the day's book's days; default Asia/Vientiane for the Lao variant, else Asia/Bangkok. */
  timeZone?: string
  /** scrypt cost of new hashes; default N = 2^17, r = 8, p = 1, and N = 2^10 in test mode. */
  passwordCost?: PasswordCost
  /** Rate limits; defaults in limits.ts. */
  limits?: Partial<Limits>
  /** Payout hold after a bank account change; default 24 hours. */
  payoutHoldMs?: number
  /** QR deposit settings (expiry minutes, minimums, providers on or off), applied at every start. */
  depositQr?: QrSettingsPatch
  /** Ceiling of one transfer or withdrawal in minor units; default DEFAULT_MAX_AMOUNT_MINOR. */
  maxAmountMinor?: number
  /** Game providers; default the simulated ones. */
  provider?: GameProvider
  /** How long a game provider may take before its answer counts as lost; default 10 s. */
  providerTimeoutMs?: number
  /** Age of a game transfer still in transit that the sweep resolves; default 60 s. */
  transferRecoveryAfterMs?: number
  /** How often the sweep runs (it also runs once at start); default 30 s, 0 for never. */
  transferSweepMs?: number
  /** How often the retention sweep (retention.ts) runs (also once at start); default an hour, 0 for never. */
  retentionSweepMs?: number
  /** The messenger identity's operator settings (issue 31); default off. */
  identity?: IdentitySettings
  /** How often demo mode's bank pays what waits and its agent answers (demo/); default 1.5 s in demo
   *  mode and never elsewhere (0). Production never runs it, whatever this says. */
  demoBankMs?: number
  /** The first staff admin, made at start when no active admin exists (OPS_ADMIN_USERNAME, OPS_ADMIN_PASSWORD). */
  firstAdmin?: FirstAdmin
  /** The chat's room prefix: a room is `${chatPrefix}-${guest or member id}`; default 'wallet'. */
  chatPrefix?: string
  /** The messages of members' money through their messengers (issue 50); default none sent. */
  notify?: NotifySettings
  /** How often each instance looks for prizes about to expire (spin/reminders.ts); 0: never (tests run it by hand). */
  prizeReminderEveryMs?: number
}

export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000
export const DEFAULT_TRANSFER_RECOVERY_AFTER_MS = 60_000
export const DEFAULT_CHAT_PREFIX = 'wallet'
export const DEFAULT_PAYOUT_HOLD_MS = 24 * 60 * 60 * 1000

/**
 * How long a client has to send its whole request, and how long a connection may sit idle: spec 9
 * gives uploads (slip, chat) 300 s. Without them, a client that opens a request and sends its body
 * a byte at a time holds a connection and a buffer for as long as it likes.
 */
export const REQUEST_TIMEOUT_MS = 300_000

/** JSON bodies are small; uploads get their own limit on their routes. */
export const JSON_BODY_LIMIT = 64 * 1024

export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's storage, config and clock (tests reach the database through it). */
    serverContext: ServerContext
    /** Set with the `metrics` option: what GET /metrics answers (shared/http/metrics.ts). */
    metrics?: Registry
  }
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  requireOperatorServices(options.mode, options)
  const app = Fastify({
    // Every request's URL is logged; the secret segments of some (slip image, auto-login, game
    // launch, chat file) never are (requestLog.ts).
    logger: options.logger
      ? { serializers: { req: requestLogSerializer }, ...(options.loggerStream ? { stream: options.loggerStream } : {}) }
      : false,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: REQUEST_TIMEOUT_MS,
    schemaController: { compilersFactory: SHARED_COMPILERS },
    ajv: {
      // Bodies are taken as sent: a number where a string belongs is KEY_INVALID, not coerced.
      // Extra keys are refused where a schema says so, not silently dropped.
      // `verbose` gives the error handler the failing value, to tell missing from invalid.
      // `multipleOfPrecision`: 0.07 is a multiple of 0.01 (in floating point 0.07 / 0.01 is 7.000000000000001).
      customOptions: { coerceTypes: false, removeAdditional: false, verbose: true, allErrors: false, multipleOfPrecision: 9 },
    },
  })
  namePlugins(app)
  // First of all: the request hooks below read the path as it came (shared/http/plainPaths.ts).
  refuseDisguisedPaths(app)
  if (options.onRoute) app.addHook('onRoute', options.onRoute)
  const now = options.now ?? Date.now
  const db = openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, observeStatement: options.observeStatement, memoryImage: options.memoryImage })
  const passwords = createPasswordHasher(options.passwordCost ?? (options.mode === 'test' ? TEST_MODE_PASSWORD_COST : undefined))
  // The app shows the config's LINE contact until the server's arrives: the operator's, unless APP_CONFIG names one.
  const config = createConfigState(options.contact
    ? { ...options.config, contact: { lineName: options.contact.lineName, lineLink: options.contact.lineLink, ...options.config?.contact } }
    : options.config)
  const disabledDemo = await prepareDatabase(db, { mode: options.mode, at: now(), passwords, variant: config.current.variant, appName: config.current.appName }, options)
    .catch(async (error: unknown) => {
      await db.destroy()
      throw error
    })

  // The chat's socket.io on this server's HTTP server (chat/socket.ts). It is the context's
  // sessionSockets, so it starts first; its handshakes, which read the context, come only once the
  // server listens.
  const chatHub = await startChatHub({
    server: app.server,
    prefix: options.chatPrefix ?? DEFAULT_CHAT_PREFIX,
    databaseUrl: options.databaseUrl,
    identify: (auth) => socketOwner(ctx, auth),
    now,
    log: app.log,
  }).catch(async (error: unknown) => {
    await db.destroy()
    throw error
  })

  const quietTests = options.mode === 'test' && !options.logger
  const ctx: ServerContext = {
    db,
    mode: options.mode,
    config,
    now,
    // A plain console line a developer can read at a glance; quiet in tests unless logging is on.
    sms: (() => {
      const gateway = options.sms ?? createLogOtpSender(quietTests ? () => {} : (line) => console.log(line))
      return hasDevRoutes(options.mode) ? new SwitchableOtpSender(gateway) : gateway
    })(),
    sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    // The operator's days (the slip window, the day's book): the variant's country unless told.
    timeZone: options.timeZone ?? variantZone(config.current.variant),
    passwords,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    payoutHoldMs: options.payoutHoldMs ?? DEFAULT_PAYOUT_HOLD_MS,
    maxAmountMinor: options.maxAmountMinor ?? DEFAULT_MAX_AMOUNT_MINOR,
    provider: options.provider ?? simulatedProvider(db, now),
    providerTimeoutMs: options.providerTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    transferRecoveryAfterMs: options.transferRecoveryAfterMs ?? DEFAULT_TRANSFER_RECOVERY_AFTER_MS,
    identity: options.identity ?? IDENTITY_OFF,
    notify: options.notify ?? NOTIFY_OFF,
    // An ended session's sockets are cut on every instance (auth/sessions.ts).
    sessionSockets: chatHub,
    // Staff consoles hear their queues change on the same sockets (ops/feed.ts).
    opsFeed: chatHub,
    // On PostgreSQL the sessions read are kept, forgotten as their rows change (auth/sessionCache.ts).
    ...(options.databaseUrl ? { sessionCache: startSessionCache({ databaseUrl: options.databaseUrl, now, ttlMs: options.sessionCacheMs, log: (line) => app.log.warn(line) }) } : {}),
  }
  if (ctx.sessionCache) watchWrites(db, SESSION_WRITES, ctx.sessionCache.forgetAll)
  app.decorate('serverContext', ctx)
  // Its sockets end before the server closes (they would hold it open). The areas' jobs, started
  // below, each stop themselves first (Fastify closes last added first), then the chat's
  // connections, the session cache and the database go.
  app.addHook('preClose', async () => chatHub.disconnect())
  app.addHook('onClose', async () => {
    await chatHub.close()
    await ctx.sessionCache?.close()
    await db.destroy()
  })
  // Before every route, so that each is counted (GET /metrics is served by main.ts on its own port).
  if (options.metrics) {
    app.decorate('metrics', instrument(app, { db, now, sockets: () => chatHub.connected(), transferRecoveryAfterMs: ctx.transferRecoveryAfterMs, outboxBacklog: () => outboxBacklog(db) }))
  }
  // The disabled demo member's sessions end only now, so that their sockets on other instances are cut too.
  await finishStart(ctx, disabledDemo, options.firstAdmin, app.log)
  // Production may join this database while a process of another mode runs on it (productionMark.ts).
  const productionArrived = watchForProduction(db, options.mode, app.log)
  // The areas' own jobs (shared/job.ts): each runs one pass at a time and stops itself at close.
  keepTransferSweep(app, ctx, options.transferSweepMs ?? DEFAULT_TRANSFER_SWEEP_MS)
  keepDemo(app, ctx, chatHub, demoBankEvery(options.mode, options.demoBankMs), productionArrived)
  keepRetention(app, ctx, options.retentionSweepMs ?? DEFAULT_RETENTION_SWEEP_MS)
  keepOutbox(app, ctx)
  keepPrizeReminders(app, ctx, options.prizeReminderEveryMs)
  installErrorHandler(app)
  repliesWhenDurable(app, db)

  refuseOnceProductionArrived(app, productionArrived)
  // A terminated service still says so and how to reach the operator (issue 29).
  refuseWhenTerminated(app, db)

  const staticDir = resolve(options.staticDir ?? 'dist')
  await registerSecurityHeaders(app, () => ctx.config.current, staticDir)
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] })

  registerHealth(app, db)
  // The identity switch is the server's own settings, never APP_CONFIG's.
  const served = () => servedConfig(ctx.config.current, ctx.identity, channelsOn(ctx.notify), ctx.notify.webPush?.publicKey)
  registerRuntimeFiles(app, served, () => ctx.config.current)
  // Every area of the API, each registering its own routes (areas.ts).
  await registerAreas(app, { dataDir: options.dataDir, qrSettings: options.depositQr, hub: chatHub })
  await registerStatic(app, staticDir, served)
  return app
}

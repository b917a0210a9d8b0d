// Deposit routes (spec 7): QR codes, slip upload, gift links and the statement's slip table,
// plus the slip image address and the dev endpoints that stand in for providers and slip reading.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyError } from 'fastify'
import { Type } from 'typebox'
import * as C from '../../contract'
import { depositEndpoints as D } from '../../contract/deposit'
import { memberLookupEndpoints as M } from '../../contract/lookup'
import { sameCurrency } from '../../contract/lib/money'
import { listDepositBanks, listWalletAccounts } from '../lookup/repo'
import { variantOf } from '../shared/context'
import { toMajor } from '../shared/money'
import { getSetting } from '../shared/settings'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { memberScope } from '../auth/memberScope'
import type { AreaRoutes } from '../shared/http/area'
import { depositDevRoutes } from './devRoutes'
import { depositOpsRoutes } from './opsRoutes'
import { cancelQr, createQr, qrState } from './qrcode'
import { getQrSettings, type QrSettingsPatch, updateQrSettings } from './qrSettings'
import { SLIP_MAX_BYTES, type SlipFiles, slipDirFor, slipFiles, slipImage } from './slipFile'
import { restoreSlipDigests } from './slipDigests'
import * as slips from './slips'
import { idempotent, replayed } from '../shared/idempotency'
import { readerOf } from '../shared/inLanguages'

const qrcodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  // GET /api/lookup/deposit: where a member may deposit, in their money; served here, as it reads
  // the QR settings (its descriptor is with the other lookups).
  app.route({
    ...routeOf(M.deposit, { response: { 200: C.DepositLookup } }),
    handler: async (request) => {
      const { member } = request
      return {
        banks: (await listDepositBanks(ctx.db, variantOf(ctx))).filter((bank) => sameCurrency(bank.currency, member.currency)),
        wallets: sameCurrency('THB', member.currency) ? await listWalletAccounts(ctx.db) : [],
        isManual: await getSetting(ctx.db, 'depositManual'),
        bankQrMinimum: toMajor((await getQrSettings(ctx.db)).minimumMinor.KBANK),
      }
    },
  })
  const state = { 200: C.QrState }
  app.route({
    ...routeOf(D.qrState, { params: C.QrProviderParams, querystring: C.QrStateQuery, response: state }),
    handler: async (request) => qrState(ctx, request.member, request.params.provider, request.query.qrcodeId, readerOf(ctx, request)),
  })
  app.route({
    ...routeOf(D.qrCreate, { params: C.QrProviderParams, body: C.QrCreateRequest, response: state }),
    handler: async (request, reply) =>
      idempotent(ctx, request, reply, (scoped) => createQr(scoped, request.member, request.params.provider, request.body.amount, readerOf(ctx, request))),
  })
  app.route({
    ...routeOf(D.qrCancel, { params: C.QrIdParams, response: { 200: C.MessageBody } }),
    handler: async (request) => {
      await cancelQr(ctx, request.member, request.params.qrcodeId)
      return { message: 'OK' as const }
    },
  })
}

/** Multipart (spec 7) and, for simple clients, a raw JPEG or PNG body; a little room for the form's own bytes. */
const UPLOAD_BODY_LIMIT = SLIP_MAX_BYTES + 64 * 1024

const slipUploadRoute = (files: SlipFiles): FastifyPluginAsyncTypebox => async (app) => {
  const ctx = app.serverContext
  // Any body type reaches the handler as bytes, so a wrong file answers SLIP_INVALID_FILE, not 415.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) => done(null, body))
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) => done(null, body))
  app.route({
    ...routeOf(D.slip, { response: { 200: C.Slip } }),
    bodyLimit: UPLOAD_BODY_LIMIT,
    // Thrown on to the app's error handler, which answers in the spec's shape.
    errorHandler: (error: FastifyError) => {
      throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? fail(413, 'SLIP_INVALID_FILE') : error
    },
    handler: async (request, reply) => {
      const image = slipImage(request.body, request.headers['content-type'])
      const slip = await idempotent(ctx, request, reply, (scoped, received) => slips.recordSlip(scoped, request.member, received), {
        content: image.bytes,
        prepare: () => slips.receiveSlip(ctx, files, request.member, image),
      })
      if (!replayed(reply)) await slips.announceSlip(ctx, slip)
      return slip
    },
  })
}

/** The deposits served under /api/wallet (spec 7): the slip upload and the gift link. */
const walletDepositRoutes = (files: SlipFiles): FastifyPluginAsyncTypebox => async (app) => {
  const ctx = app.serverContext
  await app.register(slipUploadRoute(files))
  app.route({
    ...routeOf(D.truelink, { body: C.TruelinkRequest, response: { 200: C.Slip } }),
    handler: async (request, reply) => {
      const slip = await idempotent(ctx, request, reply, (scoped) => slips.submitTruelink(scoped, request.member, request.body.link), {
        prepare: () => slips.admitTruelink(ctx, request.member),
      })
      if (!replayed(reply)) await slips.announceSlip(ctx, slip)
      return slip
    },
  })
}

const statementSlipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(D.slips, { body: C.SlipPageRequest, response: { 200: C.SlipPageResponse } }),
    handler: async (request) => slips.listSlips(ctx, request.member, request.body.page, request.body.limit),
  })
  app.route({
    ...routeOf(D.slipImageUrl, { params: C.SlipReferenceParams, response: { 200: C.SlipImageUrl } }),
    handler: async (request) => ({ url: await slips.slipImageUrl(ctx, request.member, request.params.reference) }),
  })
}

const SlipImageParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) })

/** The slip image itself: no bearer header on an <img>, so the unguessable, expiring token is the key. */
const slipImageRoute = (files: SlipFiles): FastifyPluginAsyncTypebox => async (app) => {
  const ctx = app.serverContext
  app.get(`${slips.SLIP_IMAGE_PATH}/:token`, { schema: { params: SlipImageParams } }, async (request, reply) => {
    const image = await slips.slipImage(ctx, files, request.params.token)
    reply.header('Content-Type', image.mime)
    reply.header('Cache-Control', 'private, no-store')
    // The app may run on another origin than the API (config apiBase) and show it in an <img>.
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin')
    return reply.send(image.bytes)
  })
}

export interface DepositOptions {
  /** The server's data folder; slip images go under it (see slipDirFor). */
  dataDir: string
  /** The operator's QR settings (DEPOSIT_QR), written over the stored ones at every start. */
  qrSettings?: QrSettingsPatch
}

/** The deposit area (spec 7): its routes share the slip files, set up before any is served (the
 *  open routes register first, areas.ts); the operator's slip queue reads the same files. */
export function depositArea(options: DepositOptions): AreaRoutes {
  let files: SlipFiles | undefined
  const started = (): SlipFiles => {
    if (!files) throw new Error('the deposit area has not started')
    return files
  }
  return {
    open: depositRoutes(options, (ready) => {
      files = ready
    }),
    ops: depositOpsRoutes(started),
    dev: depositDevRoutes,
  }
}

const depositRoutes = (options: DepositOptions, started: (files: SlipFiles) => void): FastifyPluginAsyncTypebox => async (app) => {
  if (options.qrSettings) await updateQrSettings(app.serverContext.db, options.qrSettings)
  const slipDir = await slipDirFor(options.dataDir)
  app.addHook('onClose', slipDir.dispose)
  const files = slipFiles(slipDir.dir)
  started(files)
  await restoreSlipDigests(app.serverContext.db, files, app.log)
  await app.register(slipImageRoute(files))
  await memberScope(app, async (member) => {
    await member.register(qrcodeRoutes)
    await member.register(walletDepositRoutes(files))
    await member.register(statementSlipRoutes)
  })
}

import { readFile } from 'node:fs/promises'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { TSchema } from 'typebox'
import * as C from '../../contract'
import type { AnyEndpoint } from '../../contract/endpoint'
import { memberLookupEndpoints as M, publicLookupEndpoints as P } from '../../contract/lookup'
import { lookupDevRoutes } from './devRoutes'
import type { AreaRoutes } from '../shared/http/area'
import { type Agreeing, routeOf } from '../shared/http/endpoint'
import { type ServerContext, variantOf } from '../shared/context'
import { errorBody, fail } from '../shared/http/errors'
import { moneyOf, toMajor } from '../shared/money'
import { getSetting } from '../shared/settings'
import type { Member } from '../shared/members'
import { isSlipOpen } from './slipWindow'
import { type Reader, readerOf, saidTo, sayStored } from '../shared/inLanguages'
import * as repo from './repo'

async function content<K extends keyof repo.ContentMap>(ctx: ServerContext, key: K): Promise<repo.ContentMap[K]> {
  const value = await repo.getContent(ctx.db, key)
  if (value === undefined) throw fail(404, 'NO_DATA')
  return value
}

/** Content of the operator's texts, in the reader's language (issue 51). */
const said = async (ctx: ServerContext, key: keyof repo.ContentMap, reader: Reader) => saidTo(reader, await content(ctx, key))

interface Lookup {
  route: ReturnType<typeof routeOf>
  /** `member`: the member asking, for the member lookups; `reader`: the language asked in. */
  handler: (ctx: ServerContext, member: Member | undefined, reader: Reader) => unknown
}

/** A lookup route from its descriptor (its schema checked against it at compile time) and what it answers. */
const lookup = <E extends AnyEndpoint, S extends { response: { 200: TSchema } }>(endpoint: E, schema: Agreeing<E, S>, handler: Lookup['handler']): Lookup =>
  ({ route: routeOf(endpoint, schema), handler })

/** What anyone may read: the register wizard's lists and flags, the service check, contact. */
const PUBLIC: Lookup[] = [
  lookup(P.banks, { response: { 200: C.BanksResponse } }, (ctx) => repo.listBanks(ctx.db, variantOf(ctx))),
  lookup(P.sources, { response: { 200: C.SourcesResponse } }, async (ctx, _member, reader) =>
    (await repo.listSources(ctx.db)).map((source) => ({ ...source, description: sayStored(reader, source.description) }))),
  lookup(P.registerOTP, { response: { 200: C.RegisterOtpResponse } }, async (ctx) => ({ registerOTP: await getSetting(ctx.db, 'registerOTP') })),
  lookup(P.active, { response: { 200: C.ActiveResponse } }, async (ctx) => ({
    isActive: await getSetting(ctx.db, 'spinActive'),
    terminated: await getSetting(ctx.db, 'terminated'),
  })),
  lookup(P.contact, { response: { 200: C.ContactInfo } }, (ctx, _member, reader) => said(ctx, 'contact', reader)),
  lookup(P.info, { response: { 200: C.SiteInfo } }, (ctx, _member, reader) => said(ctx, 'info', reader)),
  lookup(P.conditions, { response: { 200: C.HtmlListResponse } }, (ctx, _member, reader) => said(ctx, 'conditions', reader)),
  lookup(P.enableChatWidget, { response: { 200: C.EnableChatWidgetResponse } }, async (ctx) => ({
    enableChatWidget: await getSetting(ctx.db, 'enableChatWidget'),
  })),
]

/** What only a member reads: where to deposit, withdraw limits, agreements, notice, slip window. */
const MEMBER: Lookup[] = [
  // Only what the member can pay into: accounts in their currency (a kip member is not offered the
  // baht accounts, QR codes or TrueMoney, which would only fail); isManual is the operator's setting.
  // The limits in the member's money (a kip member's are kip-sized).
  lookup(M.withdraw, { response: { 200: C.WithdrawLimits } }, async (ctx, member) => {
    const limits = await repo.withdrawLimitsFor(ctx.db, moneyOf(member?.currency ?? 'THB'))
    if (!limits) throw fail(404, 'NO_DATA')
    const { payoutMinutes } = limits
    return { withdrawMin: toMajor(limits.withdrawMinMinor), withdrawMax: toMajor(limits.withdrawMaxMinor), ...(payoutMinutes ? { payoutMinutes } : {}) }
  }),
  lookup(M.agreements, { response: { 200: C.HtmlListResponse } }, (ctx, _member, reader) => said(ctx, 'agreements', reader)),
  lookup(M.notice, { response: { 200: C.NoticeLookup } }, async (ctx, _member, reader) => ({ notice: await said(ctx, 'notice', reader) })),
  lookup(M.slip, { response: { 200: C.SlipLookup } }, async (ctx) => {
    const window = await content(ctx, 'slipWindow')
    return { ...window, isOpen: isSlipOpen(ctx.now(), window.closedFrom, window.closedTo, ctx.timeZone) }
  }),
]

const lookupRoutes = (lookups: Lookup[]): FastifyPluginAsyncTypebox => async (app) => {
  for (const { route, handler } of lookups) {
    app.route({ ...route, handler: async (request) => handler(app.serverContext, (request as { member?: Member }).member ?? undefined, readerOf(app.serverContext, request)) })
  }
}

/** The demo's LINE QR image, read once when first asked for (demo, dev and test only). */
let demoLineQr: Promise<Buffer> | undefined
const readDemoLineQr = () => (demoLineQr ??= readFile(new URL('./demo-line-qr.png', import.meta.url)))

/** The demo's LINE QR (the contact page's image in demo, dev and test); production has none to
 *  give, and answers 404 rather than the app's page, so the page shows no QR but the operator's. */
const demoLineQrRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/line-qr.png', async (_request, reply) => {
    if (app.serverContext.mode === 'production') return reply.code(404).send(errorBody('NO_DATA'))
    return reply.header('Cache-Control', 'no-cache').type('image/png').send(await readDemoLineQr())
  })
}

const openRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(lookupRoutes(PUBLIC))
  await app.register(demoLineQrRoute)
}

/** GET /api/lookup/...: what anyone may read, and what members read; and the demo's LINE QR. */
export const lookupArea: AreaRoutes = { open: openRoutes, member: lookupRoutes(MEMBER), dev: lookupDevRoutes }

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { TSchema } from 'typebox'
import * as C from '../../src/api/contract'
import { type ServerContext, variantOf } from '../context'
import { fail } from '../http/errors'
import { toMajor } from '../money'
import { getQrSettings } from '../deposit/store'
import { getSetting } from '../settings'
import { isSlipOpen } from './slipWindow'
import * as store from './store'

async function content<K extends keyof store.ContentMap>(ctx: ServerContext, key: K): Promise<store.ContentMap[K]> {
  const value = await store.getContent(ctx.db, key)
  if (value === undefined) throw fail(404, 'NO_DATA')
  return value
}

type Lookups = Record<string, { response: TSchema; handler: (ctx: ServerContext) => unknown }>

const lookup = <S extends TSchema>(response: S, handler: (ctx: ServerContext) => unknown) => ({ response, handler })

/** What anyone may read: the register wizard's lists and flags, the service check, contact. */
const PUBLIC: Lookups = {
  banks: lookup(C.BanksResponse, (ctx) => store.listBanks(ctx.db, variantOf(ctx))),
  sources: lookup(C.SourcesResponse, (ctx) => store.listSources(ctx.db)),
  registerOTP: lookup(C.RegisterOtpResponse, async (ctx) => ({ registerOTP: await getSetting(ctx.db, 'registerOTP') })),
  active: lookup(C.ActiveResponse, async (ctx) => ({
    isActive: await getSetting(ctx.db, 'spinActive'),
    terminated: await getSetting(ctx.db, 'terminated'),
  })),
  contact: lookup(C.ContactInfo, (ctx) => content(ctx, 'contact')),
  info: lookup(C.SiteInfo, (ctx) => content(ctx, 'info')),
  conditions: lookup(C.HtmlListResponse, (ctx) => content(ctx, 'conditions')),
  enableChatWidget: lookup(C.EnableChatWidgetResponse, async (ctx) => ({
    enableChatWidget: await getSetting(ctx.db, 'enableChatWidget'),
  })),
}

/** What only a member reads: where to deposit, withdraw limits, agreements, notice, slip window. */
const MEMBER: Lookups = {
  deposit: lookup(C.DepositLookup, async (ctx) => ({
    banks: await store.listDepositBanks(ctx.db, variantOf(ctx)),
    wallets: await store.listWalletAccounts(ctx.db),
    isManual: false,
    bankQrMinimum: toMajor((await getQrSettings(ctx.db)).minimumMinor.KBANK),
  })),
  withdraw: lookup(C.WithdrawLimits, async (ctx) => {
    const limits = await content(ctx, 'withdrawLimits')
    return { withdrawMin: toMajor(limits.withdrawMinMinor), withdrawMax: toMajor(limits.withdrawMaxMinor) }
  }),
  agreements: lookup(C.HtmlListResponse, (ctx) => content(ctx, 'agreements')),
  notice: lookup(C.NoticeLookup, async (ctx) => ({ notice: await content(ctx, 'notice') })),
  slip: lookup(C.SlipLookup, async (ctx) => {
    const window = await content(ctx, 'slipWindow')
    return { ...window, isOpen: isSlipOpen(ctx.now(), window.closedFrom, window.closedTo, ctx.timeZone) }
  }),
}

const lookupRoutes = (lookups: Lookups): FastifyPluginAsyncTypebox => async (app) => {
  for (const [path, { response, handler }] of Object.entries(lookups)) {
    app.get(`/${path}`, { schema: { response: { 200: response } } }, async () => handler(app.wallet))
  }
}

/** GET /api/lookup/... (prefix /api/lookup). */
export const publicLookupRoutes = lookupRoutes(PUBLIC)
/** GET /api/lookup/... for members (prefix /api/lookup, inside the member scope). */
export const memberLookupRoutes = lookupRoutes(MEMBER)

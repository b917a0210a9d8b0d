import type { FastifyInstance } from 'fastify'
import type {
  ActiveResponse,
  BanksResponse,
  ContactInfo,
  DepositLookup,
  EnableChatWidgetResponse,
  HtmlListResponse,
  NoticeLookup,
  RegisterOtpResponse,
  SiteInfo,
  SlipLookup,
  SourcesResponse,
  WithdrawLimits,
} from '../../src/api/types'
import { authenticate } from '../auth/guard'
import { type ServerContext, variantOf } from '../context'
import { fail } from '../http/errors'
import { toMajor } from '../money'
import { getSetting } from '../settings'
import { isSlipOpen } from './slipWindow'
import * as store from './store'

function content<K extends keyof store.ContentMap>(ctx: ServerContext, key: K): store.ContentMap[K] {
  const value = store.getContent(ctx.db, key)
  if (value === undefined) throw fail(404, 'NO_DATA')
  return value
}

/** GET /api/lookup/...: public lookups first, then the member-only ones. */
export function registerLookupRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const get = <T>(path: string, handler: () => T) => app.get(`/api/lookup/${path}`, async () => handler())
  const memberGet = <T>(path: string, handler: () => T) =>
    app.get(`/api/lookup/${path}`, async (request) => {
      authenticate(ctx, request)
      return handler()
    })

  get('banks', (): BanksResponse => store.listBanks(ctx.db, variantOf(ctx)))
  get('sources', (): SourcesResponse => store.listSources(ctx.db))
  get('registerOTP', (): RegisterOtpResponse => ({ registerOTP: getSetting(ctx.db, 'registerOTP') }))
  get('active', (): ActiveResponse => ({
    isActive: getSetting(ctx.db, 'spinActive'),
    terminated: getSetting(ctx.db, 'terminated'),
  }))
  get('contact', (): ContactInfo => content(ctx, 'contact'))
  get('info', (): SiteInfo => content(ctx, 'info'))
  get('conditions', (): HtmlListResponse => content(ctx, 'conditions'))
  get('enableChatWidget', (): EnableChatWidgetResponse => ({
    enableChatWidget: getSetting(ctx.db, 'enableChatWidget'),
  }))

  memberGet('deposit', (): DepositLookup => ({
    banks: store.listDepositBanks(ctx.db, variantOf(ctx)),
    wallets: store.listWalletAccounts(ctx.db),
    isManual: false,
  }))
  memberGet('withdraw', (): WithdrawLimits => {
    const limits = content(ctx, 'withdrawLimits')
    return { withdrawMin: toMajor(limits.withdrawMinMinor), withdrawMax: toMajor(limits.withdrawMaxMinor) }
  })
  memberGet('agreements', (): HtmlListResponse => content(ctx, 'agreements'))
  memberGet('notice', (): NoticeLookup => ({ notice: content(ctx, 'notice') }))
  memberGet('slip', (): SlipLookup => {
    const window = content(ctx, 'slipWindow')
    return { ...window, isOpen: isSlipOpen(ctx.now(), window.closedFrom, window.closedTo, ctx.timeZone) }
  })
}

// Lookup routes (spec 7 "Lookups"): what anyone may read (the register wizard's lists, the
// service check, contact) and what only a member reads (deposit, withdraw limits, agreements,
// notice, slip window). Types only from the schemas.
import type * as C from '../contract'
import type { Static } from 'typebox'
import { endpoint } from './endpoint'

const lookup = <Reply>(name: string) => endpoint<void, void, Reply>('GET', `/api/lookup/${name}`)

/** Readable without a session. */
export const publicLookupEndpoints = {
  banks: lookup<Static<typeof C.BanksResponse>>('banks'),
  sources: lookup<Static<typeof C.SourcesResponse>>('sources'),
  registerOTP: lookup<Static<typeof C.RegisterOtpResponse>>('registerOTP'),
  active: lookup<Static<typeof C.ActiveResponse>>('active'),
  contact: lookup<Static<typeof C.ContactInfo>>('contact'),
  info: lookup<Static<typeof C.SiteInfo>>('info'),
  conditions: lookup<Static<typeof C.HtmlListResponse>>('conditions'),
  enableChatWidget: lookup<Static<typeof C.EnableChatWidgetResponse>>('enableChatWidget'),
}

/** A member's only. */
export const memberLookupEndpoints = {
  deposit: lookup<Static<typeof C.DepositLookup>>('deposit'),
  withdraw: lookup<Static<typeof C.WithdrawLimits>>('withdraw'),
  agreements: lookup<Static<typeof C.HtmlListResponse>>('agreements'),
  notice: lookup<Static<typeof C.NoticeLookup>>('notice'),
  slip: lookup<Static<typeof C.SlipLookup>>('slip'),
}

// Invite and refund routes (spec 7 "Invite and refund"): the friends invited and the invite bonus,
// the lost-bet refund, and the banners shown before either modal. Types only from the schemas.
import type * as C from '../contract'
import type { Static } from 'typebox'
import { endpoint } from './endpoint'

type Page = Static<typeof C.PageRequest>
type MessageBody = Static<typeof C.MessageBody>
type Banners = Static<typeof C.BannersResponse>

export const rewardEndpoints = {
  invites: endpoint<void, Page, Static<typeof C.InviteListResponse>>('POST', '/api/invite'),
  inviteBanners: endpoint<void, void, Banners>('GET', '/api/invite/banners'),
  /** Gathers the friends' play into the bonus earned (5-minute timeout, spec 9). */
  inviteCollect: endpoint<void, void, MessageBody>('GET', '/api/invite/collect'),
  /** Moves the invite bonus earned into the wallet. */
  inviteBonus: endpoint<void, void, MessageBody>('GET', '/api/invite/bonus'),
  refunds: endpoint<void, Page, Static<typeof C.RefundListResponse>>('POST', '/api/refund'),
  refundCheck: endpoint<void, void, Static<typeof C.RefundCheck>>('GET', '/api/refund/check'),
  refundReceive: endpoint<void, void, MessageBody>('GET', '/api/refund/receive'),
  /** Spec 7 lists it; spec 2's refund modal has no button for it. */
  refundAddWallet: endpoint<void, void, MessageBody>('GET', '/api/refund/addWallet'),
  refundBanners: endpoint<void, void, Banners>('GET', '/api/refund/banners'),
}

// Invite and refund routes and their schemas (spec 7 "Invite and refund"): the friends invited and the invite bonus,
// the lost-bet refund, and the banners shown before either modal.
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { BannersResponse, MessageBody, PageRequest, text } from './shared'

/** POST /api/invite (spec 3 "Invite list"): the friends who registered with the member's code. */
export const Invite = Type.Object({
  from: Type.Object({ name: text(100) }),
  /** The invite bonus earned from this friend, major units. */
  amount: Type.Number(),
  createdAt: text(40),
})
export type Invite = Static<typeof Invite>
export const InviteListResponse = Type.Object({ invites: Type.Array(Invite), type: text(32), isXArea: Type.Boolean() })
export type InviteListResponse = Static<typeof InviteListResponse>

/** GET /api/refund/check (spec 3 "Refund check"): the lost-bet refund waiting to be received. */
export const RefundCheck = Type.Object({
  result: Type.Boolean(),
  /** True while the member holds a bonus: then the refund cannot be received (spec 4). */
  bonus: Type.Boolean(),
  info: Type.Union([text(500), Type.Null()]),
  refundAmount: Type.Number(),
  refundSuccess: Type.Integer({ minimum: 0 }),
  refundFail: Type.Integer({ minimum: 0 }),
  /** The operator's rule (issue 29): `percent` of losses back, counted each `period` (day, week or
   *  month); `nextOn` (issue 51 §5), the day the next period's count starts, YYYY-MM-DD in the
   *  operator's time zone: a date, not an instant, so a phone in another zone says the same day. */
  rate: Type.Optional(Type.Object({ percent: Type.Number(), period: text(16), nextOn: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })) })),
})
export type RefundCheck = Static<typeof RefundCheck>
/** POST /api/refund (spec 3 "Refund log"). */
export const Refund = Type.Object({ refundAmount: Type.Number(), createdAt: text(40) })
export type Refund = Static<typeof Refund>
export const RefundListResponse = Type.Object({ refunds: Type.Array(Refund) })
export type RefundListResponse = Static<typeof RefundListResponse>

type Page = Static<typeof PageRequest>
type Banners = Static<typeof BannersResponse>

export const rewardEndpoints = {
  invites: endpoint<void, Page, Static<typeof InviteListResponse>>('POST', '/api/invite'),
  inviteBanners: endpoint<void, void, Banners>('GET', '/api/invite/banners'),
  /** Gathers the friends' play into the bonus earned (5-minute timeout, spec 9). */
  inviteCollect: endpoint<void, void, MessageBody>('GET', '/api/invite/collect'),
  /** Moves the invite bonus earned into the wallet. */
  inviteBonus: endpoint<void, void, MessageBody>('GET', '/api/invite/bonus'),
  refunds: endpoint<void, Page, Static<typeof RefundListResponse>>('POST', '/api/refund'),
  refundCheck: endpoint<void, void, Static<typeof RefundCheck>>('GET', '/api/refund/check'),
  refundReceive: endpoint<void, void, MessageBody>('GET', '/api/refund/receive'),
  /** Spec 7 lists it; spec 2's refund modal has no button for it. */
  refundAddWallet: endpoint<void, void, MessageBody>('GET', '/api/refund/addWallet'),
  refundBanners: endpoint<void, void, Banners>('GET', '/api/refund/banners'),
}

// Bonus and promotion routes and their schemas (spec 7 "Bonus and promotion"): the bonus cards, receiving one, the
// bonus held and cancelling it, and promotion codes.
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { Banner, MessageBody, text } from './shared'

/** GET /api/bonus/check/active (spec 3 "Bonus active check"): `status` true while the member holds
 *  a bonus, `type` its kind (bonus or promotion), `code` and `name` which one, `turnover` its progress. While one is active
 *  a withdrawal must take the whole balance (spec 1). */
export const BonusActiveCheck = Type.Object({
  status: Type.Boolean(),
  type: Type.Optional(Type.Union([text(32), Type.Null()])),
  code: Type.Optional(text(32)),
  name: Type.Optional(text(100)),
  /** How far the held bonus's turnover is (issue 29): what was played so far of what it needs, in major units. */
  turnover: Type.Optional(Type.Object({ played: Type.Number({ minimum: 0 }), target: Type.Number({ minimum: 0 }) })),
})
export type BonusActiveCheck = Static<typeof BonusActiveCheck>

/** How often a bonus may be received: in all (limit), per day or per week (spec 3, 4). */
export const BonusType = Type.Union([Type.Literal('limit'), Type.Literal('day'), Type.Literal('week')])
/** The member's record of one bonus (spec 3): the latest one's id and whether it is held, and
 *  when each was received (`updatedAt`, ISO), which the card counts against `maxReceived`. */
export const UserBonus = Type.Object({
  _id: text(32),
  isActive: Type.Boolean(),
  received: Type.Array(Type.Object({ updatedAt: text(40) })),
})
export type UserBonus = Static<typeof UserBonus>
/** GET /api/bonus: one card of the bonus page (spec 3 "Bonus list item"). */
export const BonusItem = Type.Object({
  code: text(32),
  name: text(100),
  type: BonusType,
  maxReceived: Type.Integer({ minimum: 1 }),
  /** The cancel threshold: a bonus can be cancelled while the balance is below this percent of deposit plus bonus (spec 1). */
  percentFail: Type.Integer({ minimum: 0, maximum: 100 }),
  /** What it pays: this percent of the wallet when received, at most `maxBonus` (major units). */
  percent: Type.Integer({ minimum: 1 }),
  maxBonus: Type.Number(),
  /** The play it asks before it ends: deposit plus bonus times this. */
  turnover: Type.Integer({ minimum: 0 }),
  banners: Type.Array(Banner),
  userBonus: Type.Union([UserBonus, Type.Null()]),
})
export type BonusItem = Static<typeof BonusItem>
export const BonusList = Type.Array(BonusItem)
/** A bonus or promotion code in a path: letters, digits, `_` and `-`; promotion codes are upper-cased by the app. */
export const BonusCodeParams = Type.Object({ code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }) })
/** GET /api/promotion/find/{code} (spec 3 "Promotion found"), and the promotion held (`current`). */
export const Promotion = Type.Object({
  code: text(32),
  percentFail: Type.Integer({ minimum: 0, maximum: 100 }),
  description: text(2_000),
})
export type Promotion = Static<typeof Promotion>
/** A promotion, or `{}` when there is none by that code (spec 7: "promotion or empty"). */
export const PromotionOrEmpty = Type.Union([Promotion, Type.Object({}, { additionalProperties: false })])
export type PromotionOrEmpty = Static<typeof PromotionOrEmpty>
/** GET /api/bonus/check/minimum (defined, unused by the app): whether the held bonus may be cancelled
 *  now, and the balance (major units) it must fall below. */
export const BonusMinimum = Type.Object({ status: Type.Boolean(), minimum: Type.Number() })
export type BonusMinimum = Static<typeof BonusMinimum>

type Code = Static<typeof BonusCodeParams>

export const bonusEndpoints = {
  list: endpoint<void, void, BonusItem[]>('GET', '/api/bonus'),
  activate: endpoint<Code, void, UserBonus>('GET', '/api/bonus/activate/:code'),
  active: endpoint<void, void, BonusActiveCheck>('GET', '/api/bonus/check/active'),
  minimum: endpoint<void, void, BonusMinimum>('GET', '/api/bonus/check/minimum'),
  clear: endpoint<void, void, MessageBody>('GET', '/api/bonus/clear'),
  promotionCurrent: endpoint<void, void, PromotionOrEmpty>('GET', '/api/promotion/current'),
  promotionFind: endpoint<Code, void, PromotionOrEmpty>('GET', '/api/promotion/find/:code'),
  promotionActivate: endpoint<Code, void, UserBonus>('GET', '/api/promotion/activate/:code'),
}

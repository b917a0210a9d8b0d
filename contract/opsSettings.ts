// The operator's switches and offers (issue 33): what APP_SETTINGS and BONUS_OFFERS set at start,
// and what an admin changes at run time through the operator API (ops.ts). Here, in the contract,
// so the server's table, its environment and the staff console read one schema.
import { type Static, Type } from 'typebox'
import { BonusType } from './bonus'
import { BannersAsWritten, InLanguages } from './shared'

const Money = Type.Union([Type.Literal('THB'), Type.Literal('LAK')])

/**
 * The invite bonus rule (spec 7 "Invite and refund", rewards/invites.ts): `type` turnover pays
 * `percent` % of what invited friends play, gathered by collect; `isXArea` hides collect (spec 6);
 * `active` false refuses collect and receive (INVITE_INACTIVE). A friend's play counts for an
 * inviter of the same money (baht or kip) only, unless `rates` has the pair: `rate` of the
 * inviter's money (`to`) per one of the friend's (`from`), e.g. `{"from":"LAK","to":"THB","rate":0.0016}`.
 */
export const InviteRule = Type.Object({
  active: Type.Boolean(),
  type: Type.Union([Type.Literal('turnover'), Type.Literal('member')]),
  isXArea: Type.Boolean(),
  percent: Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 }),
  rates: Type.Optional(Type.Array(Type.Object({
    from: Money,
    to: Money,
    rate: Type.Number({ minimum: 0.000001, maximum: 1_000_000 }),
  }, { additionalProperties: false }), { maxItems: 2 })),
}, { additionalProperties: false })
export type InviteRule = Static<typeof InviteRule>

const colour = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' })

/**
 * The spin wheel (spin/spin.ts; `spinActive` turns the campaign on): its slices in order from
 * the pointer clockwise, each drawn with probability weight / sum of weights; a slice with an
 * amount wins a coupon of that much (minor units), claimable for `couponDays`; every
 * `coinPerDepositMinor` of one deposit grants a coin (0: deposits grant none).
 */
const wheelName = Type.String({ minLength: 1, maxLength: 100 })

export const SpinRule = Type.Object({
  name: wheelName,
  /** The name in each language the operator gives it in (issue 29); `name` for the others. */
  names: Type.Optional(Type.Object({ th: Type.Optional(wheelName), la: Type.Optional(wheelName), en: Type.Optional(wheelName) }, { additionalProperties: false })),
  coinPerDepositMinor: Type.Integer({ minimum: 0 }),
  couponDays: Type.Integer({ minimum: 1, maximum: 365 }),
  slices: Type.Array(Type.Object({
    code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
    label: Type.String({ minLength: 1, maxLength: 40 }),
    bgColor: colour,
    textColor: colour,
    weight: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    amountMinor: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
    /** What the prize is, as HTML (spec 3 "Spin setup"); the app sanitizes it. One string or one
     *  per language (issue 51), said in the language asked. */
    htmlDescription: Type.Optional(InLanguages(5_000)),
  }, { additionalProperties: false }), { minItems: 2, maxItems: 16 }),
}, { additionalProperties: false })
export type SpinRule = Static<typeof SpinRule>

/** The lost-bet refund as the operator runs it (issue 29): what percent of a member's losses comes
 *  back, and how often it is counted; the app says both. The provider reports the amounts. */
export const RefundRule = Type.Object({
  percent: Type.Number({ minimum: 0, maximum: 100 }),
  period: Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]),
}, { additionalProperties: false })
export type RefundRule = Static<typeof RefundRule>

/**
 * The four-eyes rule of the counter (issue 47): a slip's approval, or a withdrawal's payout, of more
 * than `secondAboveMinor` of its money (minor units) is decided by two staff members, the second
 * confirming what the first decided; and nobody decides both a credit (a slip approved) and a
 * payout (a withdrawal paid) of the same member within `separationHours` (0: allowed).
 */
export const ApprovalRule = Type.Object({
  secondAboveMinor: Type.Object({
    THB: Type.Integer({ minimum: 0, maximum: 1e13 }),
    LAK: Type.Integer({ minimum: 0, maximum: 1e13 }),
  }, { additionalProperties: false }),
  separationHours: Type.Integer({ minimum: 0, maximum: 24 * 90 }),
}, { additionalProperties: false })
export type ApprovalRule = Static<typeof ApprovalRule>

/** Who must sign in to the staff console with a code from an authenticator app besides the password. */
export const StaffTotpRule = Type.Union([Type.Literal('admins'), Type.Literal('everyone')])
export type StaffTotpRule = Static<typeof StaffTotpRule>

/** Operator switches kept in the `settings` table (values stored as JSON): one schema for the
 *  table, APP_SETTINGS (server/env.ts), /dev/settings and /ops/api/settings. */
export const SettingsSchema = Type.Object({
  registerOTP: Type.Boolean(),
  terminated: Type.Boolean(),
  spinActive: Type.Boolean(),
  enableChatWidget: Type.Boolean(),
  /** The deposit lookup's isManual (spec 2 "Deposit"): transfers are checked by staff, not credited automatically. */
  depositManual: Type.Boolean(),
  invite: InviteRule,
  spin: SpinRule,
  refund: RefundRule,
  approvals: ApprovalRule,
  staffTotp: StaffTotpRule,
}, { additionalProperties: false })
export type Settings = Static<typeof SettingsSchema>

/** One offer as the operator writes it: BONUS_OFFERS at start (server/env.ts), POST /dev/bonuses, or PUT /ops/api/bonus-offers/:code. */
export const BonusOffer = Type.Object({
  code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
  kind: Type.Union([Type.Literal('bonus'), Type.Literal('promotion')]),
  /** Its name and description in one language or several (issue 51): `{"th": …, "en": …}`. */
  name: InLanguages(100, 1),
  description: Type.Optional(InLanguages(2_000)),
  type: BonusType,
  maxReceived: Type.Integer({ minimum: 1, maximum: 1_000 }),
  percent: Type.Integer({ minimum: 1, maximum: 1_000 }),
  /**
   * The most one receipt pays, in minor units of the member's money: a number is the baht cap
   * (the offer is not made to kip members); `{ "THB": 50000, "LAK": 30000000 }` caps each money
   * on its own and makes the offer to kip members too (issue 27: a cap is never read across moneys).
   */
  maxBonusMinor: Type.Union([
    Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
    Type.Object({
      THB: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
      LAK: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000_000 })),
    }, { additionalProperties: false }),
  ]),
  turnoverMultiplier: Type.Integer({ minimum: 0, maximum: 1_000 }),
  percentFail: Type.Integer({ minimum: 0, maximum: 100 }),
  quota: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  active: Type.Optional(Type.Boolean()),
  banners: Type.Optional(BannersAsWritten),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
}, { additionalProperties: false })
export type BonusOffer = Static<typeof BonusOffer>
export const BonusOffers = Type.Array(BonusOffer, { minItems: 1, maxItems: 100 })


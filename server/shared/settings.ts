import { type Static, Type } from 'typebox'
import { type Db, inTransaction } from './db'
import { forgetRecent, recentValue } from './recent'

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
    /** What the prize is, as HTML (spec 3 "Spin setup"); the app sanitizes it. */
    htmlDescription: Type.Optional(Type.String({ maxLength: 5_000 })),
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

/** Operator switches kept in the `settings` table (values stored as JSON): one schema for the
 *  table, APP_SETTINGS (env.ts) and /dev/settings. */
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
}, { additionalProperties: false })
export type Settings = Static<typeof SettingsSchema>

export const settingKeys = Object.keys(SettingsSchema.properties) as (keyof Settings)[]

const defaults: Settings = {
  registerOTP: true,
  terminated: false,
  spinActive: false,
  enableChatWidget: false,
  depositManual: false,
  invite: { active: true, type: 'turnover', isXArea: false, percent: 1 },
  refund: { percent: 5, period: 'week' },
  spin: {
    name: 'Lucky wheel',
    names: { th: 'วงล้อนำโชค', la: 'ວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel' },
    coinPerDepositMinor: 100_00,
    couponDays: 7,
    slices: [
      { code: 'B5', label: '5', bgColor: '#1f6feb', textColor: '#ffffff', weight: 30, amountMinor: 5_00 },
      { code: 'NONE1', label: '0', bgColor: '#f5b400', textColor: '#1a1a1a', weight: 25, amountMinor: 0 },
      { code: 'B10', label: '10', bgColor: '#0b7a5a', textColor: '#ffffff', weight: 20, amountMinor: 10_00 },
      { code: 'B20', label: '20', bgColor: '#d64545', textColor: '#ffffff', weight: 10, amountMinor: 20_00 },
      { code: 'NONE2', label: '0', bgColor: '#f5b400', textColor: '#1a1a1a', weight: 25, amountMinor: 0 },
      { code: 'B50', label: '50', bgColor: '#7a1fa2', textColor: '#ffffff', weight: 6, amountMinor: 50_00 },
      { code: 'B100', label: '100', bgColor: '#0a3d62', textColor: '#ffffff', weight: 3, amountMinor: 100_00 },
      { code: 'B500', label: '500', bgColor: '#111111', textColor: '#ffd24d', weight: 1, amountMinor: 500_00 },
    ],
  },
}

export async function getSetting<K extends keyof Settings>(db: Db, key: K): Promise<Settings[K]> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
  return row === undefined ? defaults[key] : (JSON.parse(row.value) as Settings[K])
}

/** How long an instance trusts what it last read of a switch that every request asks (terminated). */
export const SETTING_CACHE_MS = 1_000

/** A switch as this instance read it at most SETTING_CACHE_MS ago (recent.ts). */
export const getRecentSetting = <K extends keyof Settings>(db: Db, key: K): Promise<Settings[K]> =>
  recentValue(db, `setting:${key}`, SETTING_CACHE_MS, () => getSetting(db, key))

export async function getSettings(db: Db): Promise<Settings> {
  const settings = { ...defaults }
  const rows = await db.selectFrom('settings').selectAll().execute()
  for (const { key, value } of rows) {
    if ((settingKeys as readonly string[]).includes(key)) Object.assign(settings, { [key]: JSON.parse(value) })
  }
  return settings
}

export async function updateSettings(db: Db, patch: Partial<Settings>): Promise<Settings> {
  for (const key of settingKeys) forgetRecent(db, `setting:${key}`)
  await inTransaction(db, async (trx) => {
    for (const key of settingKeys) {
      if (patch[key] === undefined) continue
      const value = JSON.stringify(patch[key])
      await trx.insertInto('settings').values({ key, value })
        .onConflict((c) => c.column('key').doUpdateSet({ value })).execute()
    }
  })
  return getSettings(db)
}

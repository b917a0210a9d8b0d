import { type Static, Type } from 'typebox'
import { type Db, inTransaction } from './db'
import { forgetRecent, recentValue } from './recent'

/**
 * The invite bonus rule (spec 7 "Invite and refund", wallet/invites.ts): `type` turnover pays
 * `percent` % of what invited friends play, gathered by collect; `isXArea` hides collect (spec 6);
 * `active` false refuses collect and receive (INVITE_INACTIVE).
 */
export const InviteRule = Type.Object({
  active: Type.Boolean(),
  type: Type.Union([Type.Literal('turnover'), Type.Literal('member')]),
  isXArea: Type.Boolean(),
  percent: Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 }),
}, { additionalProperties: false })

/** Operator switches kept in the `settings` table (values stored as JSON): one schema for the
 *  table, APP_SETTINGS (env.ts) and /dev/settings. */
export const SettingsSchema = Type.Object({
  registerOTP: Type.Boolean(),
  terminated: Type.Boolean(),
  spinActive: Type.Boolean(),
  enableChatWidget: Type.Boolean(),
  invite: InviteRule,
}, { additionalProperties: false })
export type Settings = Static<typeof SettingsSchema>

export const settingKeys = Object.keys(SettingsSchema.properties) as (keyof Settings)[]

const defaults: Settings = {
  registerOTP: true,
  terminated: false,
  spinActive: false,
  enableChatWidget: false,
  invite: { active: true, type: 'turnover', isXArea: false, percent: 1 },
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

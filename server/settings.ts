import { type Db, inTransaction } from './db'
import { forgetRecent, recentValue } from './recent'

/** Operator switches kept in the `settings` table (values stored as JSON). */
export interface Settings {
  registerOTP: boolean
  terminated: boolean
  spinActive: boolean
  enableChatWidget: boolean
}

export const settingKeys = ['registerOTP', 'terminated', 'spinActive', 'enableChatWidget'] as const

const defaults: Settings = {
  registerOTP: true,
  terminated: false,
  spinActive: false,
  enableChatWidget: false,
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

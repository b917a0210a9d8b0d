import { type Db, inTransaction } from './db'

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

export async function getSettings(db: Db): Promise<Settings> {
  const settings = { ...defaults }
  const rows = await db.selectFrom('settings').selectAll().execute()
  for (const { key, value } of rows) {
    if ((settingKeys as readonly string[]).includes(key)) Object.assign(settings, { [key]: JSON.parse(value) })
  }
  return settings
}

export async function updateSettings(db: Db, patch: Partial<Settings>): Promise<Settings> {
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

import type { Db } from './db'

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

export function getSetting<K extends keyof Settings>(db: Db, key: K): Settings[K] {
  const value = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as
    | string
    | undefined
  return value === undefined ? defaults[key] : (JSON.parse(value) as Settings[K])
}

export function getSettings(db: Db): Settings {
  const settings = { ...defaults }
  for (const key of settingKeys) settings[key] = getSetting(db, key)
  return settings
}

export function updateSettings(db: Db, patch: Partial<Settings>): Settings {
  const upsert = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  )
  db.transaction(() => {
    for (const key of settingKeys) {
      if (patch[key] !== undefined) upsert.run(key, JSON.stringify(patch[key]))
    }
  })()
  return getSettings(db)
}

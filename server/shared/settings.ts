import { InviteRule, RefundRule, type Settings, SettingsSchema, SpinRule } from '../../contract/opsSettings'
import { type Db, LOCKS, lockedTransaction } from './db'
import { forgetRecent, recentValue } from './recent'

// The schemas are the contract's (the operator API reads and changes the switches, issue 33): one
// schema for the table, APP_SETTINGS (env.ts), /dev/settings and /ops/api/settings.
export { InviteRule, RefundRule, type Settings, SettingsSchema, SpinRule }

export const settingKeys = Object.keys(SettingsSchema.properties) as (keyof Settings)[]

const defaults: Settings = {
  registerOTP: true,
  terminated: false,
  spinActive: false,
  enableChatWidget: false,
  depositManual: false,
  invite: { active: true, type: 'turnover', isXArea: false, percent: 1 },
  refund: { percent: 5, period: 'week' },
  // ฿20,000 and about as much in kip; a day between crediting a member and paying them out.
  approvals: { secondAboveMinor: { THB: 20_000_00, LAK: 12_000_000_00 }, separationHours: 24 },
  staffTotp: 'admins',
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

/** What is told of a change inside its transaction (the operator's audit row), so the two commit together. */
export type SettingsChanged = (trx: Db, change: { before: Partial<Settings>; after: Partial<Settings> }) => Promise<void>

/**
 * Writes the switches `patch` names and answers them all. Under one lock on every instance, so that
 * what `onChanged` is told was there before is what this change replaced, however many admins
 * change the switches at once.
 */
export async function updateSettings(db: Db, patch: Partial<Settings>, onChanged?: SettingsChanged): Promise<Settings> {
  const keys = settingKeys.filter((key) => patch[key] !== undefined)
  for (const key of keys) forgetRecent(db, `setting:${key}`)
  await lockedTransaction(db, LOCKS.operatorSettings, async (trx) => {
    const before = onChanged ? pick(await getSettings(trx), keys) : {}
    for (const key of keys) {
      const value = JSON.stringify(patch[key])
      await trx.insertInto('settings').values({ key, value })
        .onConflict((c) => c.column('key').doUpdateSet({ value })).execute()
    }
    await onChanged?.(trx, { before, after: pick(patch, keys) })
  })
  // Again once committed: a request in between may have read (and kept) the value being replaced.
  for (const key of keys) forgetRecent(db, `setting:${key}`)
  return getSettings(db)
}

const pick = (settings: Partial<Settings>, keys: readonly (keyof Settings)[]): Partial<Settings> =>
  Object.fromEntries(keys.map((key) => [key, settings[key]]))

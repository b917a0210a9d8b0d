import { Type } from 'typebox'
import { Value } from 'typebox/value'
import type { QrProvider } from '../../contract'
import type { InLanguages } from '../../contract/lib/language'
import { InLanguages as TextInLanguages } from '../../contract/shared'
import { type Db, inTransaction } from '../shared/db'
import { findQrSettingsJson, saveQrSettingsJson } from './repo'

// The operator's QR deposit settings: one JSON value in `settings`, its patch and its schemas.

/** Operator settings of QR deposits. Amounts are minor units. */
export interface QrSettings {
  expireMinutes: number
  minimumMinor: Record<QrProvider, number>
  maximumMinor: number
  /** A provider switched off answers `hasQrcode: false` with `offMessage`, in the language asked (issue 51). */
  enabled: Record<QrProvider, boolean>
  offMessage: InLanguages
}

export const DEFAULT_QR_SETTINGS: QrSettings = {
  expireMinutes: 15,
  // WW and E2P minimums are spec 9's; the bank QR minimum is the operator's (not shown in the spec).
  minimumMinor: { KBANK: 10_00, WW: 100_00, E2P: 50_00 },
  maximumMinor: 200_000_00,
  enabled: { KBANK: true, WW: true, E2P: true },
  offMessage: {
    th: 'ช่องทางนี้ปิดปรับปรุงชั่วคราว',
    la: 'ຊ່ອງທາງນີ້ປິດປັບປຸງຊົ່ວຄາວ',
    en: 'This way to pay is closed for maintenance for now',
  },
}

export async function getQrSettings(db: Db): Promise<QrSettings> {
  const json = await findQrSettingsJson(db)
  const stored = json === undefined ? {} : (JSON.parse(json) as QrSettingsPatch)
  return mergeQrSettings(DEFAULT_QR_SETTINGS, stored)
}

export function mergeQrSettings(base: QrSettings, patch: QrSettingsPatch): QrSettings {
  return {
    ...base,
    ...patch,
    minimumMinor: { ...base.minimumMinor, ...patch.minimumMinor },
    enabled: { ...base.enabled, ...patch.enabled },
  }
}

/** Merges `patch` over the stored settings (read and written in one transaction) and returns the result. */
export async function updateQrSettings(db: Db, patch: QrSettingsPatch): Promise<QrSettings> {
  return inTransaction(db, async (trx) => {
    const settings = mergeQrSettings(await getQrSettings(trx), patch)
    await saveQrSettingsJson(trx, JSON.stringify(settings))
    return settings
  })
}

const perProvider = <T extends Type.TSchema>(schema: T) =>
  Type.Object({ KBANK: Type.Optional(schema), WW: Type.Optional(schema), E2P: Type.Optional(schema) }, { additionalProperties: false })

/**
 * A change to the QR settings (DEPOSIT_QR at start, POST /dev/deposit/qr-settings): any of the
 * fields, amounts in minor units; providers merge one by one.
 */
export const QrSettingsPatch = Type.Object({
  expireMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 60 })),
  minimumMinor: Type.Optional(perProvider(Type.Integer({ minimum: 1, maximum: 1e11 }))),
  maximumMinor: Type.Optional(Type.Integer({ minimum: 1, maximum: 1e11 })),
  enabled: Type.Optional(perProvider(Type.Boolean())),
  offMessage: Type.Optional(TextInLanguages(500)),
}, { additionalProperties: false })

export type QrSettingsPatch = Partial<Omit<QrSettings, 'minimumMinor' | 'enabled'>> & {
  minimumMinor?: Partial<QrSettings['minimumMinor']>
  enabled?: Partial<QrSettings['enabled']>
}

export const QrSettingsSchema = Type.Object({
  expireMinutes: Type.Integer(),
  minimumMinor: Type.Object({ KBANK: Type.Integer(), WW: Type.Integer(), E2P: Type.Integer() }),
  maximumMinor: Type.Integer(),
  enabled: Type.Object({ KBANK: Type.Boolean(), WW: Type.Boolean(), E2P: Type.Boolean() }),
  offMessage: TextInLanguages(500),
})

/** An untrusted patch (an environment variable); undefined when it is not one. */
export function parseQrSettingsPatch(value: unknown): QrSettingsPatch | undefined {
  return Value.Check(QrSettingsPatch, value) ? (value as QrSettingsPatch) : undefined
}

import { Type } from 'typebox'
import { Value } from 'typebox/value'
import type { QrSettings } from './store'

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
  offMessage: Type.Optional(Type.String({ maxLength: 500 })),
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
  offMessage: Type.String(),
})

/** An untrusted patch (an environment variable); undefined when it is not one. */
export function parseQrSettingsPatch(value: unknown): QrSettingsPatch | undefined {
  return Value.Check(QrSettingsPatch, value) ? (value as QrSettingsPatch) : undefined
}

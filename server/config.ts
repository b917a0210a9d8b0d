import type { HowtoVideos, RuntimeConfig } from '../src/api/types'
import { type Body, bodyOf } from './http/body'
import { fail } from './http/errors'

/** A partial RuntimeConfig; `howto` and `contact` may be partial too and merge key by key. */
export type ConfigPatch = Partial<Omit<RuntimeConfig, 'howto' | 'contact'>> & {
  howto?: Partial<HowtoVideos>
  contact?: Partial<RuntimeConfig['contact']>
}

export const defaultRuntimeConfig: RuntimeConfig = {
  apiBase: '',
  variant: 'th',
  appName: 'Wallet',
  chat: null,
  line: null,
  telegram: null,
  howto: {
    wallet: '/howto/wallet.mp4',
    play: '/howto/play.mp4',
    balance: '/howto/balance.mp4',
    bonus: '/howto/bonus.mp4',
    bonusCancel: '/howto/bonus-cancel.mp4',
  },
  contact: { lineName: '@wallet-demo', lineLink: 'https://line.me/R/ti/p/@wallet-demo' },
}

export function mergeConfig(base: RuntimeConfig, patch: ConfigPatch = {}): RuntimeConfig {
  return {
    ...base,
    ...patch,
    howto: { ...base.howto, ...patch.howto },
    contact: { ...base.contact, ...patch.contact },
  }
}

/** The live config: what `/config.json` serves now, and what the server started with. */
export interface ConfigState {
  current: RuntimeConfig
  readonly initial: RuntimeConfig
}

export function createConfigState(patch?: ConfigPatch): ConfigState {
  const initial = mergeConfig(defaultRuntimeConfig, patch)
  return { current: initial, initial }
}

function isString(value: unknown): value is string {
  return typeof value === 'string'
}

function stringFields(value: unknown, keys: readonly string[]): Record<string, string> {
  const body = bodyOf(value)
  for (const [key, field] of Object.entries(body)) {
    if (!keys.includes(key) || !isString(field)) throw fail(400, 'KEY_INVALID')
  }
  return body as Record<string, string>
}

const checks: Record<keyof RuntimeConfig, (value: unknown) => boolean> = {
  apiBase: isString,
  appName: isString,
  variant: (value) => value === 'th' || value === 'la',
  chat: (value) => value === null || isString(value),
  line: (value) => {
    if (value === null) return true
    const line = bodyOf(value)
    return isString(line.liffId) && typeof line.mock === 'boolean'
  },
  telegram: (value) => {
    if (value === null) return true
    const telegram = bodyOf(value)
    return isString(telegram.botUsername) && isString(telegram.appName)
  },
  howto: (value) => !!stringFields(value, ['wallet', 'play', 'balance', 'bonus', 'bonusCancel']),
  contact: (value) => !!stringFields(value, ['lineName', 'lineLink']),
}

/** Checks an untrusted partial config (APP_CONFIG, POST /dev/config); 400 KEY_INVALID if bad. */
export function parseConfigPatch(value: unknown): ConfigPatch {
  const body: Body = bodyOf(value)
  for (const [key, field] of Object.entries(body)) {
    if (!Object.hasOwn(checks, key) || !checks[key as keyof RuntimeConfig](field)) {
      throw fail(400, 'KEY_INVALID')
    }
  }
  return body as ConfigPatch
}

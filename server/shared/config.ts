import { Value } from 'typebox/value'
import * as C from '../../contract'
import type { ConfigPatch, RuntimeConfig } from '../../contract'
import { fail } from './http/errors'

export type { ConfigPatch }

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
  // Served to every visitor, so it only keeps gift links out of logs and proxies on the way;
  // an operator sets their own (APP_CONFIG).
  truelinkSecret: 'wallet-demo-truelink',
  // The reference server stores keys (24 h) and answers a repeated key with the first answer.
  idempotencyKeys: true,
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

/** Checks an untrusted partial config (APP_CONFIG); 400 KEY_INVALID if bad. */
export function parseConfigPatch(value: unknown): ConfigPatch {
  if (!Value.Check(C.ConfigPatch, value)) throw fail(400, 'KEY_INVALID')
  return value
}

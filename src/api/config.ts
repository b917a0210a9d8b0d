// The runtime config (`/config.json`), fetched once before the first render. One build serves
// every operator and variant; nothing here is decided at build time.
import type { RuntimeConfig } from './types'

let loaded: RuntimeConfig | null = null

export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' })
  if (!response.ok) throw new Error(`config ${response.status}`)
  loaded = (await response.json()) as RuntimeConfig
  return loaded
}

export function getConfig(): RuntimeConfig {
  if (!loaded) throw new Error('config read before loadConfig()')
  return loaded
}

/** Tests set the config without a fetch. */
export function setConfig(config: RuntimeConfig): void {
  loaded = config
}

// The runtime config (`/config.json`), fetched once before the first render. One build serves
// every operator and variant; nothing here is decided at build time.
import { CONFIG_URL, fetchConfig, takeEarly } from './early'
import type { RuntimeConfig } from '../../contract'

let loaded: RuntimeConfig | null = null

export async function loadConfig(url = CONFIG_URL): Promise<RuntimeConfig> {
  // The prepaint script's request when it made one (api/early.ts), else our own. The server
  // answers `Cache-Control: no-cache`, so a changed config is always seen.
  const early = url === CONFIG_URL ? takeEarly('config') : undefined
  loaded = (await (early ?? fetchConfig(url))) as RuntimeConfig
  return loaded
}

/** Build time only (src/prerender/render.tsx): the config a prerendered screen is drawn with. */
export function setPrerenderConfig(config: RuntimeConfig): void {
  loaded = config
}

export function getConfig(): RuntimeConfig {
  if (!loaded) throw new Error('config read before loadConfig()')
  return loaded
}

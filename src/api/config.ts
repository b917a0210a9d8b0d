// The runtime config (`/config.json`), fetched once before the first render. One build serves
// every operator and variant; nothing here is decided at build time.
import type { RuntimeConfig } from './types'

let loaded: RuntimeConfig | null = null

export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  // Default cache mode, so index.html's preload of /config.json is reused; the server answers
  // `Cache-Control: no-cache`, so a changed config is always seen.
  const response = await fetch(url, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`config ${response.status}`)
  loaded = (await response.json()) as RuntimeConfig
  return loaded
}

export function getConfig(): RuntimeConfig {
  if (!loaded) throw new Error('config read before loadConfig()')
  return loaded
}

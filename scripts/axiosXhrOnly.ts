// Vite plugin: axios tries its adapters in the order xhr, http, fetch, so in a browser the fetch
// adapter never runs, yet it weighs about 2.3 KB gzip of /login's budget. Swap it for a stub that
// reports "not available" (getFetch returning false is axios's own "unsupported" answer).
import type { Plugin } from 'vite'

const STUB = '\0axios-fetch-adapter-stub'

export function axiosXhrOnly(): Plugin {
  return {
    name: 'axios-xhr-only',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === './fetch.js' && importer?.replaceAll('\\', '/').includes('/axios/lib/adapters/') ? STUB : undefined,
    load: (id) => (id === STUB ? 'export const getFetch = () => false\nexport default false\n' : undefined),
  }
}

// Vite plugin: builds src/prepaint.ts into one minified classic script and inlines it where
// index.html has PREPAINT_MARKER (before the stylesheet, which would otherwise hold it back). In a
// build it also hands the script each language's core-strings chunk, to preload one of them.
import { resolve } from 'node:path'
import { build, type Plugin, type Rolldown } from 'vite'

export const PREPAINT_MARKER = '<!-- prepaint -->'

const LOCALE_CORE = /^\0virtual:locale\/(th|la|en)\/core$/

function localeCoreUrls(bundle: Rolldown.OutputBundle | undefined, base: string): Record<string, string> {
  const urls: Record<string, string> = {}
  for (const output of Object.values(bundle ?? {})) {
    if (output.type !== 'chunk') continue
    for (const id of output.moduleIds) {
      const match = LOCALE_CORE.exec(id)
      if (match) urls[match[1]] = `${base}${output.fileName}`
    }
  }
  return urls
}

async function buildScript(entry: string, urls: Record<string, string>): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    define: { __LOCALE_CORE_URLS__: JSON.stringify(urls) },
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      lib: { entry, formats: ['iife'], name: 'prepaint', fileName: 'prepaint' },
    },
  })
  const [output] = Array.isArray(result) ? result : [result]
  if (!('output' in output)) throw new Error('prepaint: unexpected build result')
  // The IIFE assigns its exports to a global; only the call at the module's end matters.
  return output.output[0].code.trim().replace(/^var prepaint\s*=\s*/, '')
}

export function prepaintScript(entry = resolve('src/prepaint.ts')): Plugin {
  let base = '/'
  return {
    name: 'prepaint-script',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!html.includes(PREPAINT_MARKER)) throw new Error(`index.html lacks ${PREPAINT_MARKER}`)
        const code = await buildScript(entry, localeCoreUrls(context.bundle, base))
        return html.replace(PREPAINT_MARKER, () => `<script>${code}</script>`)
      },
    },
  }
}

// Vite plugin (issue 32): after a build, writes the prerendered first screens beside index.html, one
// page per screen of PRERENDERED_PAGES (login.html, register.html, home.html: the member home's
// frame). Each is index.html with:
// - the entry's stylesheet and the screen's own inline, so nothing holds the first paint;
// - the screen as the app draws it, once per variant and language, in <template>s, rendered from
//   the app's own components (src/prerender/render.tsx, through Vite's SSR loader in a jsdom window);
// - a line of script after them that shows the one the app will start in (src/prerender/show.ts,
//   through the prepaint script), when the page carries its runtime config (the reference server
//   writes it in); without one, the page is index.html's splash as before;
// - the app's entry and the modules it imports asked for by that line once the screen has painted:
//   the screen's bytes come first, and the player sees it before the app's first long task, even
//   when the scripts come from the cache.
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { JSDOM } from 'jsdom'
import react from '@vitejs/plugin-react'
import { createServer, type Plugin, type Rolldown } from 'vite'
import { languages } from '../contract/lib/language.ts'
import { PRERENDERED_ID, PRERENDERED_PAGES, TEMPLATE_ATTRIBUTE, templateKey } from '../contract/lib/prerender.ts'
import { localeParts } from './localeParts.ts'
import { buildScript, SCREENS } from './prepaintScript.ts'
import { startScript } from './startScript.ts'
import { paths } from '../contract/lib/paths.ts'

const VARIANTS = ['th', 'la'] as const
/** The entry's script tag and the modules it imports: asked for by the lines above instead. */
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g
const ROOT = /<div id="root">[\s\S]*?<\/div><\/div>/
const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/

type Render = (path: string, variant: string, language: string) => Promise<{ markup: string; strings?: object }>

/** A value for a double-quoted HTML attribute. */
const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')

/** What each prerendered page runs after showing its screen, beside the app: the member home's
 *  frame fills in the greeting, the balance and the sync line (src/prerender/homeFrame.ts). */
const AFTER_SHOW: Record<string, string> = { [paths.member.home]: 'src/prerender/homeFrame.ts' }

/** Runs `run` with a jsdom window as the page's globals (the app's modules read window and
 *  storage), and takes them away after. */
async function inJsdom<T>(run: () => Promise<T>): Promise<T> {
  const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'https://prerender.invalid/' })
  const names = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history', 'HTMLElement', 'Node', 'NodeFilter', 'MutationObserver']
  const before = new Map(names.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]))
  for (const name of names) Object.defineProperty(globalThis, name, { value: window[name as keyof typeof window], configurable: true, writable: true })
  try {
    return await run()
  } finally {
    for (const [name, descriptor] of before) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor)
      else Reflect.deleteProperty(globalThis, name)
    }
    window.close()
  }
}

async function renderScreens(root: string): Promise<Map<string, string>> {
  const server = await createServer({
    root,
    configFile: false,
    plugins: [react(), localeParts(root)],
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
    define: { __APP_VERSION__: '""' },
  })
  try {
    return await inJsdom(async () => {
      const { renderPrerendered } = (await server.ssrLoadModule('/src/prerender/render.tsx')) as { renderPrerendered: Render }
      const templates = new Map<string, string>()
      for (const path of Object.keys(PRERENDERED_PAGES)) {
        let html = ''
        for (const variant of VARIANTS) {
          for (const language of languages) {
            const { markup, strings } = await renderPrerendered(path, variant, language)
            const words = strings ? ` data-strings="${attribute(JSON.stringify(strings))}"` : ''
            html += `<template ${TEMPLATE_ATTRIBUTE}="${templateKey(variant, language)}"${words}>${markup}</template>`
          }
        }
        templates.set(path, html)
      }
      return templates
    })
  } finally {
    await server.close()
  }
}

/** The stylesheets of a lazy screen's chunks (what the app loads with it), by file name. */
function screenStylesheets(bundle: Rolldown.OutputBundle, path: string): string[] {
  const modules = SCREENS.find((screen) => screen.path === path)?.modules ?? []
  const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk')
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    byFile.get(file)?.imports.forEach(visit)
  }
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)))
    if (!chunk) throw new Error(`prerender: no chunk holds ${module}`)
    visit(chunk.fileName)
  }
  return [...seen].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])
}

export function prerender(): Plugin {
  let outDir = 'dist'
  let root = process.cwd()
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = resolve(config.root, config.build.outDir)
    },
    writeBundle: {
      sequential: true,
      async handler(_options, bundle) {
        const index = readFileSync(join(outDir, 'index.html'), 'utf8')
        const stylesheet = STYLESHEET.exec(index)
        const splash = ROOT.exec(index)
        const entry = ENTRY.exec(index)
        if (!stylesheet || !splash || !entry) throw new Error('prerender: index.html has no stylesheet link, no #root or no entry script')
        const css = (file: string) => readFileSync(join(outDir, file), 'utf8')
        // The stylesheet inline, and its link kept, disabled (never fetched, never applied): the
        // app's loader of lazy chunks adds a stylesheet a chunk needs only if no link has it, and the
        // entry's added again after the screens' own would override them (a modal off-centre, a
        // carousel as wide as the page can be).
        // A lazy screen's own stylesheets, inline beside the entry's, get a disabled link each for the
        // same reason: without it the app added each again with its chunk, and the browser fetched,
        // parsed and applied the same rules a second time over the whole page (issue 51).
        const disabledLink = (href: string) => stylesheet[0].replace(stylesheet[1], href).replace(/>$/, ' disabled>')
        const inline = (styles: string, screenFiles: string[] = []) =>
          `<style>${styles}</style>${[stylesheet[1], ...screenFiles.map((file) => `/${file}`)].map(disabledLink).join('')}`
        const modules = [...index.matchAll(MODULE_PRELOAD)].map(([, href]) => href).join(' ')
        const templates = await renderScreens(root)
        for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
          // The entry's stylesheet and the screen's own (a lazy screen's).
          // Not the entry's again: a chunk the screen needs may list it too, and it was inlined twice.
          const screenFiles = screenStylesheets(bundle, path).filter((file) => `/${file}` !== stylesheet[1])
          const styles = [css(stylesheet[1].replace(/^\//, '')), ...screenFiles.map(css)].join('')
          const after = AFTER_SHOW[path] ? `<script>${await buildScript(resolve(root, AFTER_SHOW[path]))}</script>` : ''
          const page = index
            .replace(STYLESHEET, () => inline(styles, screenFiles))
            .replace(ENTRY, '')
            .replace(MODULE_PRELOAD, '')
            .replace(ROOT, () => `${templates.get(path)}<div id="${PRERENDERED_ID}" data-path="${path}"></div>${splash[0]}${startScript(entry[1], modules)}${after}`)
          writeFileSync(join(outDir, file), page)
        }
        // index.html (every other screen) likewise: its stylesheet inline, and the app asked for
        // once the splash has painted (the same line: it has no prerendered screen to show).
        writeFileSync(
          join(outDir, 'index.html'),
          index
            .replace(STYLESHEET, () => inline(css(stylesheet[1].replace(/^\//, ''))))
            .replace(ENTRY, '')
            .replace(MODULE_PRELOAD, '')
            .replace(ROOT, (root) => `${root}${startScript(entry[1], modules)}`),
        )
      },
    },
  }
}

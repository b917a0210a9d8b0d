// Vite plugin: builds src/prepaint.ts into one minified classic script and inlines it where
// index.html has PREPAINT_MARKER (before the stylesheet, which would otherwise hold it back). In a
// build it hands the script the built files each first screen needs, to preload them. The engine
// gate (engineGate.ts) goes before it.
import { resolve } from 'node:path'
import { build, type Plugin, type Rolldown } from 'vite'
import { paths } from '../contract/lib/paths.ts'
import { engineGate, UPDATE_PAGE, updatePage } from './engineGate.ts'
import type { PrepaintManifest } from '../src/prepaint.ts'

export const PREPAINT_MARKER = '<!-- prepaint -->'

/** The lazy screens of src/app/routes.tsx by path: the modules that make them, and the image
 *  that is their largest paint (ContactPage's LOCAL_LINE_QR). */
export const SCREENS: { path: string; modules: string[]; image?: string }[] = [
  { path: paths.register, modules: ['src/features/auth/register/RegisterPage.tsx'] },
  { path: paths.howto, modules: ['src/features/info/HowtoPage.tsx'] },
  { path: paths.contact, modules: ['src/features/info/ContactPage.tsx'], image: '/line-qr.png' },
  { path: paths.terminated, modules: ['src/features/info/TerminatedPage.tsx'] },
  { path: paths.member.home, modules: ['src/app/MemberLayout.tsx', 'src/app/home.tsx', 'src/features/wallet/HomePage.tsx'] },
  { path: paths.member.profile, modules: ['src/app/MemberLayout.tsx', 'src/features/profile/ProfilePage.tsx'] },
  { path: paths.member.bonus, modules: ['src/app/MemberLayout.tsx', 'src/features/bonus/BonusPage.tsx'] },
  { path: paths.member.statement, modules: ['src/app/MemberLayout.tsx', 'src/features/statement/StatementPage.tsx'] },
  { path: paths.member.contact, modules: ['src/app/MemberLayout.tsx', 'src/features/info/ContactPage.tsx'], image: '/line-qr.png' },
]

/** What api/http.ts imports lazily. */
const HTTP_CLIENT = 'node_modules/axios/index.js'

const LOCALE_PART = /^\0virtual:locale\/(th|la|en)\/(core|rest)$/

type Chunks = Rolldown.OutputChunk[]

function manifestOf(bundle: Rolldown.OutputBundle | undefined, base: string): PrepaintManifest {
  const manifest: PrepaintManifest = { locale: {}, screens: {}, images: {}, client: [] }
  const chunks: Chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk')
  if (!chunks.length) return manifest // dev: Vite serves modules one by one
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const closure = (roots: string[], seen = new Set<string>()) => {
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      byFile.get(file)?.imports.forEach(visit)
    }
    roots.forEach(visit)
    return seen
  }
  const entryFiles = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))
  const chunkWith = (module: string) => {
    const found = chunks.find((chunk) => chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)))
    if (!found) throw new Error(`prepaint: no chunk holds ${module}`)
    return found.fileName
  }
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const match = LOCALE_PART.exec(id)
      if (!match) continue
      const [, language, part] = match as unknown as [string, 'th' | 'la' | 'en', 'core' | 'rest']
      manifest.locale[language] = { ...manifest.locale[language]!, [part]: `${base}${chunk.fileName}` }
    }
  }
  for (const screen of SCREENS) {
    const files = [...closure(screen.modules.map(chunkWith))].filter((file) => !entryFiles.has(file))
    manifest.screens[screen.path] = files.map((file) => `${base}${file}`)
    if (screen.image) manifest.images[screen.path] = screen.image
  }
  manifest.client = [...closure([chunkWith(HTTP_CLIENT)])].filter((file) => !entryFiles.has(file)).map((file) => `${base}${file}`)
  return manifest
}

/** `entry` built into one minified classic script (an IIFE), to inline in a page. */
export async function buildScript(entry: string, manifest: PrepaintManifest = { locale: {}, screens: {}, images: {}, client: [] }): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    define: { __PREPAINT_MANIFEST__: JSON.stringify(manifest) },
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
    // The page the engine gate sends an engine the app does not support to.
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: UPDATE_PAGE, source: updatePage() })
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!html.includes(PREPAINT_MARKER)) throw new Error(`index.html lacks ${PREPAINT_MARKER}`)
        const code = await buildScript(entry, manifestOf(context.bundle, base))
        // The engine gate first: on an engine the app does not support, nothing after it acts.
        return html.replace(PREPAINT_MARKER, () => `<script>${engineGate(base)}</script><script>${code}</script>`)
      },
    },
  }
}

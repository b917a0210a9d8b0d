// Vite plugin: after a build, records which modules went into which chunk and what each chunk
// imports, so scripts/size-budget.ts can add up exactly what a screen loads.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Plugin } from 'vite'

export const BUNDLE_REPORT = resolve('node_modules/.cache/bundle-report.json')

export interface ChunkReport {
  isEntry: boolean
  imports: string[]
  dynamicImports: string[]
  modules: string[]
  css: string[]
}

export function bundleReport(): Plugin {
  return {
    name: 'bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, ChunkReport> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        chunks[output.fileName] = {
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: output.moduleIds.map((id) => id.replaceAll('\\', '/')),
          css: [...(output.viteMetadata?.importedCss ?? [])],
        }
      }
      mkdirSync(dirname(BUNDLE_REPORT), { recursive: true })
      writeFileSync(BUNDLE_REPORT, JSON.stringify({ chunks }, null, 1))
    },
  }
}

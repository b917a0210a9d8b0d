// Vite plugin: each language stays one JSON file (contract/locales/<lang>.json), served in two
// parts so /login downloads only the strings it shows. `virtual:locale/<lang>/core` holds the
// sections of CORE_SECTIONS; `virtual:locale/<lang>/rest` everything else (other screens and the
// whole error catalogue), loaded with the lazy screens or when the first call fails.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { isOwnChunkError } from '../src/i18n/ownChunkErrors.ts'

export const CORE_SECTIONS = ['common', 'menu', 'fields', 'login', 'validation', 'platform']
/** Sections that arrive with the lazy chunks that show them (src/i18n/identityStrings.ts), in neither part. */
export const OWN_CHUNK_SECTIONS = ['identity', 'stepUp']
/** Sections no screen of the app shows: the update page's, which the build writes (scripts/engineGate.ts). */
export const BUILD_ONLY_SECTIONS = ['engine']

/** The catalogue without the codes of isOwnChunkError. */
const sharedErrors = (errors: Record<string, unknown>) => Object.fromEntries(Object.entries(errors).filter(([code]) => !isOwnChunkError(code)))

const PATTERN = /^\0virtual:locale\/(th|la|en)\/(core|rest)$/
const OWN_ID = '\0virtual:locale/own'
const LANGUAGES = ['th', 'la', 'en']

export function localeParts(root = process.cwd()): Plugin {
  return {
    name: 'locale-parts',
    resolveId: (id) => (id.startsWith('virtual:locale/') ? `\0${id}` : undefined),
    load(id) {
      if (id === OWN_ID) {
        // Every language's own-chunk strings in one small module (src/i18n/identityStrings.ts).
        const own = Object.fromEntries(LANGUAGES.map((language) => {
          const file = resolve(root, 'contract/locales', `${language}.json`)
          this.addWatchFile(file)
          const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
          const errors = Object.entries(all.errors as Record<string, unknown>).filter(([code]) => isOwnChunkError(code))
          return [language, { ...Object.fromEntries(OWN_CHUNK_SECTIONS.map((section) => [section, all[section]])), errors: Object.fromEntries(errors) }]
        }))
        return `export default ${JSON.stringify(own)}`
      }
      const match = PATTERN.exec(id)
      if (!match) return undefined
      const [, language, part] = match
      const file = resolve(root, 'contract/locales', `${language}.json`)
      this.addWatchFile(file)
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
      const wanted = Object.entries(all)
        .filter(([section]) => !OWN_CHUNK_SECTIONS.includes(section) && !BUILD_ONLY_SECTIONS.includes(section) && CORE_SECTIONS.includes(section) === (part === 'core'))
        .map(([section, strings]) => (section === 'errors' ? [section, sharedErrors(strings as Record<string, unknown>)] : [section, strings]))
      return `export default ${JSON.stringify(Object.fromEntries(wanted))}`
    },
  }
}

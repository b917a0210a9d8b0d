// One i18next instance. Each language is one JSON file, downloaded in two parts (see
// scripts/localeParts.ts): `core` before the first render, `rest` with the lazy screens or when
// the first call fails. Only the language in use is downloaded.
import i18next, { type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { htmlLang, languages, type Language } from '../../contract/lib/language'
import { storeLanguage } from './language'

type Part = 'core' | 'rest'
type Loader = () => Promise<{ default: ResourceKey }>

const parts: Record<Language, Record<Part, Loader>> = {
  th: { core: () => import('virtual:locale/th/core'), rest: () => import('virtual:locale/th/rest') },
  la: { core: () => import('virtual:locale/la/core'), rest: () => import('virtual:locale/la/rest') },
  en: { core: () => import('virtual:locale/en/core'), rest: () => import('virtual:locale/en/rest') },
}

const loaded = new Map<string, Promise<void>>()
let restWanted = false
/** The language changeLanguage is loading, until it is in use. */
let switchingTo: Language | null = null

function loadPart(language: Language, part: Part): Promise<void> {
  const key = `${language}/${part}`
  let done = loaded.get(key)
  if (!done) {
    done = parts[language][part]().then((module) => {
      i18next.addResourceBundle(language, 'translation', module.default, true, true)
    })
    done.catch(() => loaded.delete(key))
    loaded.set(key, done)
  }
  return done
}

/** The strings of every screen but login, and the error catalogue of spec 8. */
export function ensureAllStrings(): Promise<void> {
  restWanted = true
  // During a switch, the language coming too: a screen that opens meanwhile must not show keys.
  return Promise.all([loadPart(currentLanguage(), 'rest'), switchingTo && loadPart(switchingTo, 'rest')]).then(() => undefined)
}

export const i18n = i18next

export async function initI18n(language: Language): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    returnNull: false,
    partialBundledLanguages: true,
    resources: {},
  })
  await loadPart(language, 'core')
  applyHtmlLang(language)
}

/** Switches the language; `store: false` when the host's language replaces a first guess, so it
 *  is not taken for the player's own choice. */
export async function changeLanguage(language: Language, { store = true } = {}): Promise<void> {
  switchingTo = language
  try {
    await Promise.all([loadPart(language, 'core'), restWanted ? loadPart(language, 'rest') : undefined])
    // A lazy screen may have asked for the rest while the core loaded (see ensureAllStrings).
    if (restWanted) await loadPart(language, 'rest')
    applyHtmlLang(language)
    await i18next.changeLanguage(language)
  } finally {
    if (switchingTo === language) switchingTo = null
  }
  if (store) storeLanguage(language)
}

function applyHtmlLang(language: Language): void {
  document.documentElement.lang = htmlLang[language]
}

export const currentLanguage = (): Language => i18next.language as Language

import { useTranslation } from 'react-i18next'
import { changeLanguage } from '../i18n/i18n'
import { isLanguage, languages, type Language } from '../i18n/language'
import { showToast } from '../state/ui'

/** Each language is named in itself, so a player can always find their own. */
const NATIVE_NAMES: Record<Language, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' }

export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  return (
    <select
      className="lang-select select"
      aria-label={t('common.language')}
      value={i18n.language}
      onChange={(event) => {
        // The new language's strings are downloaded; offline, say so rather than silently stay.
        if (isLanguage(event.target.value)) changeLanguage(event.target.value).catch(() => showToast(t('common.loadFailed')))
      }}
    >
      {languages.map((language) => (
        <option key={language} value={language} lang={language === 'la' ? 'lo' : language}>
          {NATIVE_NAMES[language]}
        </option>
      ))}
    </select>
  )
}

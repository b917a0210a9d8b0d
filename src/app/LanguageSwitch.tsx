import { useTranslation } from 'react-i18next'
import { changeLanguage } from '../i18n/i18n'
import { isLanguage, languages, nativeNames } from '../i18n/language'
import { showToast } from '../state/ui'

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
          {nativeNames[language]}
        </option>
      ))}
    </select>
  )
}

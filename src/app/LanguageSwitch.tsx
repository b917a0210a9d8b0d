import { useTranslation } from 'react-i18next'
import { languages, nativeNames } from '../../contract/lib/language'
import { chooseLanguage } from '../state/ui'

export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  return (
    <select
      className="lang-select select"
      aria-label={t('common.language')}
      value={i18n.language}
      onChange={(event) => chooseLanguage(event.target.value, t('common.loadFailed'))}
    >
      {languages.map((language) => (
        <option key={language} value={language} lang={language === 'la' ? 'lo' : language}>
          {nativeNames[language]}
        </option>
      ))}
    </select>
  )
}

// Its own file: the strings loaded stay loaded, and this needs a language whose rest is not yet.
import { expect, it } from 'vitest'
import { changeLanguage, ensureAllStrings, i18n, initI18n } from '../../src/i18n/i18n'
import en from '../../contract/locales/en.json'

it('a screen that asks for all strings while the host language replaces the first guess gets the new language whole', async () => {
  await initI18n('th')
  // LIFF says en while /terminated (a lazy screen) opens in th.
  const switching = changeLanguage('en', { store: false })
  const screen = ensureAllStrings()
  await Promise.all([switching, screen])
  expect(i18n.language).toBe('en')
  expect(i18n.t('terminated.title')).toBe(en.terminated.title)
  expect(i18n.t('errors.WRONG_CREDENTIAL')).toBe(en.errors.WRONG_CREDENTIAL)
})

// The strings of issue 31's prompts (the link offer, the profile's messengers, the password asked
// again), in every language: they arrive with the lazy chunks that show them, so the member home's
// first load carries none of them (scripts/localeParts.ts leaves these sections out of its parts).
// Imported for its effect by each of those modules.
import { identity as en, stepUp as enStepUp } from './locales/en.json'
import { identity as la, stepUp as laStepUp } from './locales/la.json'
import { identity as th, stepUp as thStepUp } from './locales/th.json'
import { i18n } from './i18n'

const sections = { en: { identity: en, stepUp: enStepUp }, la: { identity: la, stepUp: laStepUp }, th: { identity: th, stepUp: thStepUp } }
const add = () => {
  for (const [language, strings] of Object.entries(sections)) i18n.addResourceBundle(language, 'translation', strings, true, true)
}
// The app loads these modules after i18n has started; a test may import them before.
if (i18n.isInitialized) add()
else i18n.on('initialized', add)

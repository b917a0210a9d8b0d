// The strings of issue 31's prompts (the link offer, the profile's messengers, the password asked
// again, the Telegram phone offer) and of the refusals only they meet, in every language: they
// arrive with the lazy chunks that show them, so the first loads of /login and the member home
// carry none of them (scripts/localeParts.ts leaves these out of its parts). Imported for its
// effect by each of those modules.
import own from 'virtual:locale/own'
import { i18n } from './i18n'

const sections = own as Record<string, Record<string, unknown>>
const add = () => {
  for (const [language, strings] of Object.entries(sections)) i18n.addResourceBundle(language, 'translation', strings, true, true)
}
// The app loads these modules after i18n has started; a test may import them before.
if (i18n.isInitialized) add()
else i18n.on('initialized', add)

// A bank's name in the player's language (issue 17, spec 2 "Profile"): its Thai name in Thai,
// its English name in Lao and English (the lookups carry no Lao name); either when the other is blank.
import type { Language } from '../i18n/language'

export interface BankNames { nameTH?: string | null; nameEN?: string | null }

export function bankName(bank: BankNames | null | undefined, language: Language, fallback = ''): string {
  const thai = bank?.nameTH?.trim() ?? ''
  const english = bank?.nameEN?.trim() ?? ''
  return (language === 'th' ? thai || english : english || thai) || fallback
}

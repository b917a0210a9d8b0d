// A bank's name in the player's language (issue 17, 29; spec 2 "Profile"). The lookups carry a
// local name (`nameTH`: Thai for a Thai bank, Lao script for a Lao one) and an English one. The
// local name is shown when it is written in the screen's script: a Thai bank in Thai on a Thai
// screen, BCEL in Lao on a Lao screen; otherwise the English name (a Thai bank on a Lao screen,
// a Lao bank on a Thai one), and either when the other is blank.
import type { Language } from '../../contract/lib/language'

export interface BankNames { nameTH?: string | null; nameEN?: string | null }

const LAO_SCRIPT = /[\u0E80-\u0EFF]/

export function bankName(bank: BankNames | null | undefined, language: Language, fallback = ''): string {
  const local = bank?.nameTH?.trim() ?? ''
  const english = bank?.nameEN?.trim() ?? ''
  const localIsLao = LAO_SCRIPT.test(local)
  const ownScript = (language === 'th' && !localIsLao) || (language === 'la' && localIsLao)
  return (ownScript ? local || english : english || local) || fallback
}

/** A name of three words or more with its last two kept together (a no-break space): "Siam /
 *  Commercial Bank", never "Siam Commercial / Bank" on a narrow phone (issue 51). For display only. */
export function keepLastWordsTogether(name: string): string {
  const words = name.trim().split(/\s+/)
  return words.length < 3 ? name : `${words.slice(0, -1).join(' ')}\u00a0${words.at(-1)}`
}

// The words of a statement row: its activity, the line under it (where the money came from or
// went), its status with a slip's reason. Shared by the list and the receipt so both say the same.
import type { TFunction } from 'i18next'
import type { Bank, Slot, StatementEntry } from '../../../contract'
import type { Language } from '../../../contract/lib/language'
import { maskAccountNumber } from '../../../contract/lib/validation'
import { bankName } from '../../lib/banks'
import { localDate, relativeTime } from '../../lib/dates'
import { slipReason } from '../../lib/slipReason'
import { knownType, linkOf, statusKey, type LinkKind } from './rows'

export interface Names {
  language: Language
  slots: readonly Pick<Slot, 'code' | 'name'>[]
  banks: readonly Bank[]
}

type T = TFunction

/** What the row is, in the player's words: money a reward paid is named by the reward (cashback,
 *  an invite bonus, a wheel prize, a promotion), not as one more "bonus" (issue 29). */
export const activityText = (t: T, entry: Partial<StatementEntry>): string => {
  const type = knownType(entry.statementType)
  const kind = rewardKind(entry)
  if (kind) return t(`statement.links.${kind}`)
  return type ? t(`statement.types.${type}`) : String(entry.statementType ?? '')
}

/** The reward a bonus row's money came from, when it is not a bonus of the bonus list. */
export function rewardKind(entry: Partial<StatementEntry>): Exclude<LinkKind, 'bonus'> | undefined {
  const kind = entry.statementType === 'bonus' ? linkOf(entry)?.kind : undefined
  return kind === 'bonus' ? undefined : kind
}

/** WALLET as the main wallet, ALL (a 1.1 transfer-all) as every account, a game code as its name, anything else as it came. */
export function accountName(t: T, code: string | null | undefined, names: Names): string {
  if (!code) return ''
  if (code.toUpperCase() === 'WALLET') return t('statement.wallet')
  if (code.toUpperCase() === 'ALL') return t('statement.allAccounts')
  return names.slots.find((slot) => slot.code === code)?.name ?? code
}

/** How money came in; `correction`: staff corrected the wallet (issue 52 §3), in or out. */
const WAYS = ['slip', 'truelink', 'qrcode', 'correction'] as const

/** The line under the activity: how a deposit came, a transfer's route, where a withdrawal goes, a bonus's source. */
export function detailText(t: T, entry: Partial<StatementEntry>, names: Names): string {
  const link = linkOf(entry)
  if (link) {
    // A bonus row's activity already says what paid it: the line under it is the name alone.
    if (entry.statementType === 'bonus' || entry.statementType === 'finish_bonus') return link.description
    const kind = t(`statement.links.${link.kind}`)
    return link.description ? `${kind} · ${link.description}` : kind
  }
  switch (entry.statementType) {
    case 'deposit': {
      const way = WAYS.find((w) => w === entry.from)
      return way ? t(`statement.ways.${way}`) : ''
    }
    case 'transfer':
      return entry.from && entry.to ? `${accountName(t, entry.from, names)} → ${accountName(t, entry.to, names)}` : ''
    case 'withdraw':
      return entry.to === 'correction' ? t('statement.ways.correction') : destinationText(entry, names)
    default:
      return ''
  }
}

/** A withdrawal's destination: the bank in the player's language and the account number the server
 *  masked, grouped as the withdraw form's (`xxx-xxx-7890`). */
export function destinationOf(entry: Partial<StatementEntry>, names: Names): { bank: string; name: string; number: string } | null {
  const destination = entry.destination
  if (!destination) return null
  const bank = names.banks.find((b) => b.code === destination.bankCode)
  return { bank: destination.bankCode, name: bankName(bank, names.language, destination.bankCode), number: maskAccountNumber(destination.bankAccountNo) }
}

/** A withdrawal's destination in one line. */
export function destinationText(entry: Partial<StatementEntry>, names: Names): string {
  const destination = destinationOf(entry, names)
  return destination ? `${destination.name} ${destination.number}`.trim() : ''
}

/** What a status says besides itself: a failed slip's reason, a held withdrawal's review, or that
 *  a failed withdrawal's or transfer's money came back (the server books the return with the failure). */
export function statusNote(t: T, entry: Partial<StatementEntry>, exists: (key: string) => boolean): string | undefined {
  const note = entry.note
  if (!note && statusKey(entry.status) === 'failed' && (entry.statementType === 'withdraw' || entry.statementType === 'transfer')) return t('statement.returned')
  if (!note) return undefined
  if (note === 'review') return t('statement.review')
  return slipReason(note, t, exists)
}

/** The status in words, with its note (statusNote) in brackets. */
export function statusText(t: T, entry: Partial<StatementEntry>, exists: (key: string) => boolean): string {
  const status = t(`statement.status.${statusKey(entry.status)}`)
  const note = statusNote(t, entry, exists)
  return note ? `${status} (${note})` : status
}

/** A day's heading: how long ago in words (Today, Yesterday, 3 days ago: spec 2's relative time,
 *  said once for the day), then its date. */
export function dayHeading(t: T, day: string, language: Language, now: number = Date.now()): string {
  if (!day) return ''
  const date = localDate(day, language)
  const days = localDate(now, language).startOf('day').diff(date, 'day')
  const ago = days === 0 ? t('statement.today') : days === 1 ? t('statement.yesterday') : relativeTime(now - days * DAY_MS, language, now)
  return `${ago} · ${date.format('DD/MM/YYYY')}`
}

const DAY_MS = 24 * 60 * 60 * 1000

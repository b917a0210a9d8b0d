// A statement entry as the player reads it (spec 2 "Statement", spec 4 "Statement/slip status"):
// its status (SUCCESS, FAILED, anything else in progress), its sign (plus for deposit and bonus,
// minus for withdraw, none otherwise) and what it links to. Pure, so every statementType is
// tested without a screen. An operator's API may send fields loosely: each is read on its own.
import type { StatementEntry } from '../../../contract'
import type { Language } from '../../../contract/lib/language'
import { formatMoney } from '../../../contract/lib/money'
import { localDate } from '../../lib/dates'
import { STATEMENT_PAGE_SIZE } from '../../../contract/statement'
import { statementTypes } from '../../../contract/statementTypes'
import type { Currency } from '../../../contract'

export type StatusKey = 'success' | 'failed' | 'processing'

/** Spec 4: SUCCESS and FAILED are final, anything else is in progress. */
export const statusKey = (status: unknown): StatusKey =>
  status === 'SUCCESS' ? 'success' : status === 'FAILED' ? 'failed' : 'processing'

export type Sign = '+' | '-' | ''

/** Spec 4: plus for deposit and bonus, minus for withdraw, none otherwise. */
export const signOf = (statementType: unknown): Sign =>
  statementType === 'deposit' || statementType === 'bonus' ? '+' : statementType === 'withdraw' ? '-' : ''

/**
 * The amount a row or a slip shows: what was booked, or while a slip waits to be read, the amount
 * the player said it shows (issue 51), flagged `claimed` (not yet the wallet's).
 */
export function shownAmount(entry: { amount?: unknown; claimedAmount?: unknown; status?: unknown }): { amount: number; claimed: boolean } {
  const booked = Math.abs(Number(entry.amount) || 0)
  const claimed = Number(entry.claimedAmount) || 0
  return booked === 0 && claimed > 0 && statusKey(entry.status) === 'processing' ? { amount: claimed, claimed: true } : { amount: booked, claimed: false }
}

/** The amount with its sign and currency, `+฿300.00`; never a sign the type does not give. */
export function signedAmount(entry: Pick<StatementEntry, 'statementType' | 'amount'> & Partial<Pick<StatementEntry, 'claimedAmount' | 'status'>>, language: Language, currency: Currency): string {
  const { amount } = shownAmount(entry)
  const sign = amount === 0 ? '' : signOf(entry.statementType)
  return `${sign === '-' ? '−' : sign}${amountOrDash(amount, language, currency)}`
}

/** An amount, or a dash while there is none yet (a slip staff have not read): never 0.00 (issue 29). */
export const amountOrDash = (amount: number, language: Language, currency: Currency): string =>
  amount > 0 ? formatMoney(amount, language, currency) : '—'

/** What a row's money came from, in the order spec 3 lists them. */
export const LINK_KINDS = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const
export type LinkKind = (typeof LINK_KINDS)[number]

export function linkOf(entry: Partial<StatementEntry>): { kind: LinkKind; description: string } | undefined {
  for (const kind of LINK_KINDS) {
    const link = entry[kind]
    if (link && typeof link === 'object') return { kind, description: typeof link.description === 'string' ? link.description : '' }
  }
  return undefined
}

export type KnownType = (typeof statementTypes)[number]

/** The activity's own type, or undefined for one this app does not know (shown as it came). */
export const knownType = (statementType: unknown): KnownType | undefined =>
  statementTypes.find((type) => type === statementType)


/** How many pages `total` rows make: at least 1, so an empty statement is page 1 of 1. */
export const pageCount = (total: unknown, size: number = STATEMENT_PAGE_SIZE): number =>
  Math.max(1, Math.ceil((Number(total) || 0) / size))

export interface Day<T> {
  /** The local day, `2026-11-27`; '' for rows whose time cannot be read. */
  day: string
  entries: T[]
}

/** Rows grouped by their local day, in the order they came (newest first, so days are too). */
export function byDay<T extends { createdAt: string }>(entries: readonly T[], language: Language): Day<T>[] {
  const days: Day<T>[] = []
  for (const entry of entries) {
    const date = localDate(entry.createdAt, language)
    const day = date.isValid() ? date.format('YYYY-MM-DD') : ''
    const last = days.at(-1)
    if (last?.day === day) last.entries.push(entry)
    else days.push({ day, entries: [entry] })
  }
  return days
}

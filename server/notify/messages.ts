// A message of the member's money (issue 50 §1) as a messenger shows it: in the member's language,
// with the app's own words for it (the bell's, contract/locales), the amounts in their currency, and
// one button opening the screen that shows it.
import { readFileSync } from 'node:fs'
import type { Currency, Variant } from '../../contract'
import { isLanguage, type Language, variantDefault } from '../../contract/lib/language'
import { BONUS_TIME_ZONE } from '../../contract/lib/bonusLimits'
import { formatMoney } from '../../contract/lib/money'
import { screenOf } from '../../contract/lib/notificationScreen'
import { toMajor } from '../shared/money'
import type { MemberEvent } from './events'

type Strings = Record<string, unknown>

/** The app's strings, read once: the server says what the app says. */
const strings = new Map<Language, Strings>()
function stringsOf(language: Language): Strings {
  let found = strings.get(language)
  if (!found) strings.set(language, (found = JSON.parse(readFileSync(new URL(`../../contract/locales/${language}.json`, import.meta.url), 'utf8')) as Strings))
  return found
}

const lookUp = (language: Language, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Strings | undefined)?.[part], stringsOf(language))

/** `key.path` in the language's strings, `{{name}}` filled from `values`. */
function say(language: Language, key: string, values: Record<string, string> = {}): string {
  const found = lookUp(language, key)
  if (typeof found !== 'string') throw new Error(`No ${language} string ${key}`)
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')
}

/** A time as the operator's players read it: their zone (Bangkok and Vientiane share it), day first. */
const operatorTime = (at: number): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: BONUS_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(at).replace(',', '')

export interface Message {
  text: string
  /** The button: its label and the app's address of the screen that shows the event. */
  button: { label: string; url: string }
}

/** The message of `event`, in the member's language (else the variant's), its button opening it in the app at `appUrl` (or `opensAt`, a LIFF URL). */
export function messageOf(event: MemberEvent, memberLanguage: string | null, variant: Variant, appUrl: string, opensAt = appUrl): Message {
  const language = isLanguage(memberLanguage) ? memberLanguage : variantDefault(variant)
  const money = (minor: number) => formatMoney(toMajor(minor), language, event.currency as Currency)
  const method = 'method' in event ? say(language, `notifications.method.${event.method}`) : ''
  const lines = [say(language, `notifications.kind.${event.kind}`)]
  switch (event.kind) {
    case 'deposit_credited':
      lines.push(`+${money(event.amountMinor)} · ${method}`, say(language, 'notifications.balance', { balance: money(event.balanceMinor) }))
      break
    case 'deposit_refused':
      lines.push(say(language, 'notifications.detail.deposit_refused', { method, reason: say(language, typeof lookUp(language, `slipReasons.${event.reason}`) === 'string' ? `slipReasons.${event.reason}` : 'slipReasons.UNKNOW_ERROR') }))
      break
    case 'withdrawal_paid':
      lines.push(`−${money(event.amountMinor)} · ${say(language, 'notifications.detail.withdrawal_paid', { bank: event.bankCode, account: event.bankAccountNo })}`)
      if (event.bankReference) lines.push(say(language, 'notifications.bankReference', { reference: event.bankReference }))
      break
    case 'withdrawal_failed':
      lines.push(`${money(event.amountMinor)} · ${say(language, 'notifications.detail.withdrawal_failed')}`, say(language, 'notifications.balance', { balance: money(event.balanceMinor) }))
      break
    case 'reward_received':
      lines.push(`+${money(event.amountMinor)} · ${say(language, `notifications.reward.${event.reward}`)}`, say(language, 'notifications.balance', { balance: money(event.balanceMinor) }))
      break
    case 'support_answered':
      lines.push(event.preview || say(language, 'notifications.supportOpen'))
      break
    case 'prize_expiring':
      lines.push(`${money(event.amountMinor)} · ${event.prize}`, say(language, 'notifications.claimBy', { time: operatorTime(event.expiresAt) }))
      break
  }
  const screen = screenOf({ kind: event.kind, method: 'method' in event ? event.method : undefined, reward: 'reward' in event ? event.reward : undefined })
  return { text: lines.join('\n'), button: { label: say(language, 'notifications.messageButton'), url: new URL(screen.replace(/^\//, ''), opensAt).toString() } }
}

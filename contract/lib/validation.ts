// The validation rules of spec section 5. Each rule returns an i18n key of the `validation`
// group (or an error code) when the value breaks it, else null, so forms and tests share them.
import type { Variant } from '..'

export type ValidationKey =
  | 'validation.required'
  | 'validation.phone10'
  | 'validation.phoneLao'
  | 'validation.accountNumberLength'
  | 'validation.passwordMismatch'
  | 'validation.bankNameEnglish'
  | 'errors.PASSWORD_TOO_SHORT'

export type Rule = ValidationKey | null

/** Banks whose account name must be English letters and spaces (spec 5). */
export const ENGLISH_NAME_BANKS: readonly string[] = ['KTB', 'TMB', 'BBL']

export const PHONE_LENGTH = 10
/** Lao numbers: 8 to 15 digits. Spec 5 leaves the Lao phone open; the reference server holds
 *  this rule (server/shared/phone.ts), so the form states it before the call. */
export const LAO_PHONE_LENGTH = { min: 8, max: 15 } as const
/** Account numbers: 6 to 20 digits, as the reference server checks (server/account/rules.ts). */
export const ACCOUNT_NUMBER_LENGTH = { min: 6, max: 20 } as const

const digitsBetween = (value: string, { min, max }: { min: number; max: number }): boolean =>
  /^\d+$/.test(value) && value.length >= min && value.length <= max

export const required = (value: string): Rule => (value.trim() === '' ? 'validation.required' : null)

/** Phone: required everywhere; exactly 10 characters, or 8 to 15 digits in the Lao variant. */
export function phoneRule(phone: string, variant: Variant): Rule {
  if (phone.trim() === '') return 'validation.required'
  if (variant === 'la') return digitsBetween(phone, LAO_PHONE_LENGTH) ? null : 'validation.phoneLao'
  if (phone.length !== PHONE_LENGTH) return 'validation.phone10'
  return null
}

/** Bank account number: required, 6 to 20 digits. */
export function accountNumberRule(accountNo: string): Rule {
  if (accountNo.trim() === '') return 'validation.required'
  return digitsBetween(accountNo, ACCOUNT_NUMBER_LENGTH) ? null : 'validation.accountNumberLength'
}

/**
 * A new password has at least this many characters (issue 27): the app says so before sending
 * and the server refuses a shorter one with PASSWORD_TOO_SHORT, one rule for both (the server
 * imports this module). Passwords made before the rule still sign in; the login answer then
 * carries `passwordChangeRequired` and the app asks for a new one.
 */
export const PASSWORD_MIN_LENGTH = 8

/** Counted in characters, not UTF-16 units: a Thai letter or an emoji is one. */
export const isPasswordLongEnough = (password: string): boolean => [...password].length >= PASSWORD_MIN_LENGTH

/** A new password (registration, change password): required, at least PASSWORD_MIN_LENGTH characters. */
export function newPasswordRule(password: string): Rule {
  if (required(password)) return 'validation.required'
  return isPasswordLongEnough(password) ? null : 'errors.PASSWORD_TOO_SHORT'
}

export function confirmPasswordRule(password: string, confirm: string): Rule {
  if (confirm === '') return 'validation.required'
  return password === confirm ? null : 'validation.passwordMismatch'
}

export const isEnglishName = (name: string): boolean => /^[A-Za-z ]+$/.test(name)

export const needsEnglishName = (bankCode: string): boolean => ENGLISH_NAME_BANKS.includes(bankCode)

/** The account name as the server receives it: first and last joined by one space. */
export const joinAccountName = (first: string, last: string): string =>
  `${first.trim()} ${last.trim()}`

/** KTB, TMB and BBL need the joined account name in English letters and spaces only. */
export function bankAccountNameRule(bankCode: string, first: string, last: string): Rule {
  if (!needsEnglishName(bankCode)) return null
  return isEnglishName(joinAccountName(first, last)) ? null : 'validation.bankNameEnglish'
}

/** Name fields are upper-cased as they are typed (spec 5). */
export const upper = (value: string): string => value.toUpperCase()

/** Phone and account number inputs keep digits only. */
export const digitsOnly = (value: string): string => value.replace(/\D+/g, '')

/** What a phone field keeps of what was typed or pasted: digits, capped after the separators of a
 *  pasted `081-234-5678` are gone (a maxLength attribute would cut the paste first). */
export const phoneInput = (value: string, variant: Variant): string =>
  digitsOnly(value).slice(0, variant === 'la' ? LAO_PHONE_LENGTH.max : PHONE_LENGTH)

/** Profile account numbers are shown grouped 3-3-rest when they have 10 characters (spec 2, 5). */
/** An account number with all but its last 4 digits hidden, grouped 3-3-rest when it has 10: `xxx-xxx-7890`. */
export function maskAccountNumber(value: string): string {
  const hidden = value.length > 4 ? 'x'.repeat(value.length - 4) + value.slice(-4) : value
  return groupAccountNumber(hidden)
}

/** A phone number with its carrier prefix and last 4 digits kept (issue 29's profile): `081-xxx-5678`, `020-xxxx-1234`. */
export function maskPhone(value: string): string {
  if (value.length <= 7) return value
  return `${value.slice(0, 3)}-${'x'.repeat(value.length - 7)}-${value.slice(-4)}`
}

export function groupAccountNumber(value: string): string {
  if (value.length !== 10) return value
  return `${value.slice(0, 3)}-${value.slice(3, 6)}-${value.slice(6)}`
}

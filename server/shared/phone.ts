import type { Variant } from '../../contract'
import { fail } from './http/errors'

/**
 * Spec 5: a phone number is exactly 10 digits (PHONE_NUMBER_REQUIRE_10_DIGIT), except in the Lao
 * variant, which takes 8 to 15 digits (KEY_INVALID otherwise).
 */
export function checkPhone(variant: Variant, phone: string): void {
  if (variant === 'la') {
    if (!/^\d{8,15}$/.test(phone)) throw fail(400, 'KEY_INVALID')
  } else if (!/^\d{10}$/.test(phone)) {
    throw fail(400, 'PHONE_NUMBER_REQUIRE_10_DIGIT')
  }
}

/** The country calling code of each variant's players: Thailand's, Laos'. */
const COUNTRY_CODE: Record<Variant, string> = { th: '66', la: '856' }

/**
 * An international number (Telegram's `phone_number`: digits, sometimes with a leading `+`) in the
 * local form the app's phone field takes and registration stores: the country code replaced by the
 * trunk 0 (`66812345678` is `0812345678`, `8562012345678` is `02012345678`). A number of another
 * country has no local form here: CONTACT_PHONE_FOREIGN. The result passes checkPhone.
 */
export function localPhone(variant: Variant, international: string): string {
  const digits = international.trim().replace(/^\+/, '')
  const code = COUNTRY_CODE[variant]
  if (!/^\d+$/.test(digits) || !digits.startsWith(code)) throw fail(400, 'CONTACT_PHONE_FOREIGN')
  const local = `0${digits.slice(code.length)}`
  checkPhone(variant, local)
  return local
}

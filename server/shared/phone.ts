import type { Variant } from '../../src/api/contract'
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

import { describe, expect, it } from 'vitest'
import {
  accountNumberRule,
  bankAccountNameRule,
  confirmPasswordRule,
  digitsOnly,
  groupAccountNumber,
  maskPhone,
  maskAccountNumber,
  newPasswordRule,
  phoneRule,
  required,
  upper,
} from '../../contract/lib/validation'
import { formatDateTime } from '../../src/lib/time'
import { safeRedirect } from '../../src/features/auth/redirect'
import { emptyDraft, toRegisterRequest } from '../../src/features/auth/register/draft'

describe('phone rule (spec 5)', () => {
  it('accepts exactly 10 characters in the Thai variant', () => {
    expect(phoneRule('0812345678', 'th')).toBeNull()
  })

  it.each(['081234567', '08123456789'])('rejects %s (not 10 characters) in the Thai variant', (phone) => {
    expect(phoneRule(phone, 'th')).toBe('validation.phone10')
  })

  it.each(['th', 'la'] as const)('requires a phone in the %s variant', (variant) => {
    expect(phoneRule('', variant)).toBe('validation.required')
    expect(phoneRule('   ', variant)).toBe('validation.required')
  })

  // Spec 5 states no Lao length; the reference server takes 8 to 15 digits (server/shared/phone.ts).
  it.each(['02055512', '0812345678', '020123456789', '020555123456789'])('accepts 8 to 15 digits in the Lao variant (%s)', (phone) => {
    expect(phoneRule(phone, 'la')).toBeNull()
  })

  it.each(['12345', '0205551', '0205551234567890', '0205551234x'])('rejects %s in the Lao variant (not 8 to 15 digits)', (phone) => {
    expect(phoneRule(phone, 'la')).toBe('validation.phoneLao')
  })
})

describe('account number rule (the reference server: 6 to 20 digits)', () => {
  it.each(['123456', '1234567890', '12345678901234567890'])('accepts %s', (accountNo) => {
    expect(accountNumberRule(accountNo)).toBeNull()
  })

  it.each(['12345', '123456789012345678901', '12345a7890'])('rejects %s', (accountNo) => {
    expect(accountNumberRule(accountNo)).toBe('validation.accountNumberLength')
  })

  it('requires a value', () => {
    expect(accountNumberRule('')).toBe('validation.required')
    expect(accountNumberRule('  ')).toBe('validation.required')
  })
})

describe('required', () => {
  it('flags empty and whitespace-only values', () => {
    expect(required('')).toBe('validation.required')
    expect(required('  \t ')).toBe('validation.required')
  })

  it('passes any other value', () => {
    expect(required('a')).toBeNull()
    expect(required(' x ')).toBeNull()
  })
})

describe('confirm password', () => {
  it('passes when the two match', () => {
    expect(confirmPasswordRule('secret1', 'secret1')).toBeNull()
  })

  it('flags a mismatch', () => {
    expect(confirmPasswordRule('secret1', 'secret2')).toBe('validation.passwordMismatch')
    expect(confirmPasswordRule('secret1', 'Secret1')).toBe('validation.passwordMismatch')
  })

  it('requires the confirmation', () => {
    expect(confirmPasswordRule('secret1', '')).toBe('validation.required')
  })
})

describe('new password (issue 27)', () => {
  it('wants at least 8 characters, counted as characters', () => {
    expect(newPasswordRule('secret99')).toBeNull()
    expect(newPasswordRule('รหัสผ่านสั้น')).toBeNull()
    expect(newPasswordRule('secret9')).toBe('errors.PASSWORD_TOO_SHORT')
    // Eight UTF-16 units, four characters.
    expect(newPasswordRule('🔑🔑🔑🔑')).toBe('errors.PASSWORD_TOO_SHORT')
  })

  it('requires one', () => {
    expect(newPasswordRule('')).toBe('validation.required')
    expect(newPasswordRule('   ')).toBe('validation.required')
  })
})

describe('English-only bank account name', () => {
  it.each(['KTB', 'TMB', 'BBL'])('accepts English letters and spaces for %s', (bank) => {
    expect(bankAccountNameRule(bank, 'SOMCHAI', 'JAIDEE')).toBeNull()
    expect(bankAccountNameRule(bank, 'Mary Ann', 'Smith')).toBeNull()
  })

  it.each(['KTB', 'TMB', 'BBL'])('rejects Thai letters for %s', (bank) => {
    expect(bankAccountNameRule(bank, 'สมชาย', 'ใจดี')).toBe('validation.bankNameEnglish')
    expect(bankAccountNameRule(bank, 'SOMCHAI', 'ใจดี')).toBe('validation.bankNameEnglish')
  })

  it.each(['KTB', 'TMB', 'BBL'])('rejects digits and punctuation for %s', (bank) => {
    expect(bankAccountNameRule(bank, 'SOMCHAI1', 'JAIDEE')).toBe('validation.bankNameEnglish')
    expect(bankAccountNameRule(bank, 'SOMCHAI', 'JAI-DEE')).toBe('validation.bankNameEnglish')
  })

  it('does not apply to other banks such as KBANK', () => {
    expect(bankAccountNameRule('KBANK', 'สมชาย', 'ใจดี')).toBeNull()
    expect(bankAccountNameRule('KBANK', 'SOMCHAI1', '123')).toBeNull()
  })
})

describe('input transforms', () => {
  it('upper() upper-cases name fields', () => {
    expect(upper('somchai jaidee')).toBe('SOMCHAI JAIDEE')
    expect(upper('MiXeD')).toBe('MIXED')
    expect(upper('สมชาย')).toBe('สมชาย')
  })

  it('digitsOnly() keeps only digits', () => {
    expect(digitsOnly('081-234 5678')).toBe('0812345678')
    expect(digitsOnly('+66 (81) abc 9')).toBe('66819')
    expect(digitsOnly('abc')).toBe('')
  })
})

describe('groupAccountNumber', () => {
  it('groups 10-character values 3-3-rest', () => {
    expect(groupAccountNumber('1234567890')).toBe('123-456-7890')
    expect(maskAccountNumber('1234567890')).toBe('xxx-xxx-7890')
    expect(maskAccountNumber('0101234567890')).toBe('xxxxxxxxx7890')
    expect(maskAccountNumber('789')).toBe('789')
  })

  it.each(['123456789', '123456789012', '', '12345'])('leaves %j unchanged', (value) => {
    expect(groupAccountNumber(value)).toBe(value)
  })
})

describe('maskPhone', () => {
  it('keeps the prefix and the last 4 digits of a Thai or Lao number', () => {
    expect(maskPhone('0812345678')).toBe('081-xxx-5678')
    expect(maskPhone('02055551234')).toBe('020-xxxx-1234')
    expect(maskPhone('2055551234')).toBe('205-xxx-1234')
  })

  it('leaves a value too short to hide anything of as it is', () => {
    expect(maskPhone('1234567')).toBe('1234567')
    expect(maskPhone('')).toBe('')
  })
})

describe('safeRedirect', () => {
  it.each([
    [null, '/user'],
    ['', '/user'],
    ['//evil.com', '/user'],
    ['https://evil.com/user', '/user'],
    ['/login?x', '/user'],
    ['/login', '/user'],
    ['user/profile', '/user'],
  ])('%j → %s', (wanted, expected) => {
    expect(safeRedirect(wanted)).toBe(expected)
  })

  // BUG (src/features/auth/redirect.ts:3): a backslash after the leading slash passes the check.
  // safeRedirect('/\\evil.com') returns '/\\evil.com', which URL parsing resolves to https://evil.com/
  // (new URL('/\\evil.com', 'https://app.test').href === 'https://evil.com/'). LoginPage passes it to
  // navigate → history.replaceState, which throws a SecurityError, so the signed-in player is left on
  // /login. Expected: '/user'. Enable once fixed:
  //   expect(safeRedirect('/\\evil.com')).toBe('/user')
  it("rejects '/\\evil.com' (backslash makes it protocol-relative) → '/user'", () => {
    expect(safeRedirect('/\\evil.com')).toBe('/user')
  })

  it('keeps one of our own paths', () => {
    expect(safeRedirect('/user/profile')).toBe('/user/profile')
    expect(safeRedirect('/user/statement?page=2')).toBe('/user/statement?page=2')
  })
})

describe('formatDateTime (spec 9: DD/MM/YYYY HH:mm:ss)', () => {
  it('formats a local date with zero padding', () => {
    const local = new Date(2024, 0, 5, 3, 4, 9)
    expect(formatDateTime(local.toISOString())).toBe('05/01/2024 03:04:09')
  })

  it('formats two-digit parts unchanged', () => {
    const local = new Date(2023, 11, 31, 23, 59, 58)
    expect(formatDateTime(local.toISOString())).toBe('31/12/2023 23:59:58')
  })

  it('matches the DD/MM/YYYY HH:mm:ss shape', () => {
    expect(formatDateTime('2024-06-15T12:00:00Z')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)
  })

  it('returns an unparseable value as it came', () => {
    expect(formatDateTime('not a date')).toBe('not a date')
  })
})

describe('toRegisterRequest', () => {
  it('joins first and last name with one space', () => {
    const draft = { ...emptyDraft('th', 'PR1'), firstName: 'SOMCHAI', lastName: 'JAIDEE' }
    expect(toRegisterRequest(draft).bankAccountName).toBe('SOMCHAI JAIDEE')
  })

  it('trims the parts so there is exactly one space between them', () => {
    const draft = { ...emptyDraft('th', ''), firstName: ' SOMCHAI  ', lastName: '  JAIDEE ' }
    expect(toRegisterRequest(draft).bankAccountName).toBe('SOMCHAI JAIDEE')
  })

  it('maps the rest of the draft to the payload of spec 3', () => {
    const draft = {
      ...emptyDraft('la', 'PR9'),
      phone: '02012345678',
      name: ' NOK ',
      password: 'pw',
      confirmPassword: 'pw',
      sourceCode: 'FB',
      bankCode: 'BCEL',
      bankAccountNo: '0101',
      firstName: 'A',
      lastName: 'B',
    }
    expect(toRegisterRequest(draft)).toEqual({
      name: 'NOK',
      username: '02012345678',
      password: 'pw',
      sourceCode: 'FB',
      inviteCode: 'PR9',
      bankCode: 'BCEL',
      bankAccountName: 'A B',
      bankAccountNo: '0101',
      currency: 'LAK',
    })
  })
})

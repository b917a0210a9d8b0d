// What the player has typed in the wizard. Kept in sessionStorage (never the passwords), so a
// reload or a dropped connection loses nothing. The OTP token is kept too: it is what registers
// the verified phone (the server asks for it at steps 3 and 4), and after a reload step 1 sends
// it, so a verified phone skips the code instead of costing another SMS. It registers only that
// phone, once, and sessionStorage ends with the tab.
import type { Currency, RegisterRequest, Variant } from '../../../../contract'
import { storageKeys } from '../../../lib/storage'
import { joinAccountName } from '../../../../contract/lib/validation'

export type Step = 1 | 2 | 3 | 4

export interface Draft {
  phone: string
  otpRef: string
  otpToken: string
  name: string
  password: string
  confirmPassword: string
  sourceCode: string
  inviteCode: string
  bankCode: string
  bankAccountNo: string
  firstName: string
  lastName: string
  currency: Currency
}

const DRAFT_KEY = 'register-draft'
const KEPT: (keyof Draft)[] = ['phone', 'otpToken', 'name', 'sourceCode', 'bankCode', 'bankAccountNo', 'firstName', 'lastName', 'currency']

export function emptyDraft(variant: Variant, inviteCode: string): Draft {
  return {
    phone: '', otpRef: '', otpToken: '', name: '', password: '', confirmPassword: '', sourceCode: '',
    inviteCode, bankCode: '', bankAccountNo: '', firstName: '', lastName: '',
    currency: variant === 'la' ? 'LAK' : 'THB',
  }
}

export function restoreDraft(variant: Variant, inviteCode: string): Draft {
  const draft = emptyDraft(variant, inviteCode)
  try {
    const saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}') as Partial<Draft>
    for (const key of KEPT) if (typeof saved[key] === 'string') Object.assign(draft, { [key]: saved[key] })
  } catch {
    sessionStorage.removeItem(DRAFT_KEY)
  }
  return draft
}

export function saveDraft(draft: Draft): void {
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify(Object.fromEntries(KEPT.map((key) => [key, draft[key]]))))
}

export function clearDraft(): void {
  sessionStorage.removeItem(DRAFT_KEY)
  localStorage.removeItem(storageKeys.inviterCode)
}

/** The registration payload of spec 3. */
export function toRegisterRequest(draft: Draft): RegisterRequest {
  return {
    name: draft.name.trim(),
    username: draft.phone,
    password: draft.password,
    sourceCode: draft.sourceCode,
    inviteCode: draft.inviteCode,
    bankCode: draft.bankCode,
    bankAccountName: draft.firstName || draft.lastName ? joinAccountName(draft.firstName, draft.lastName) : '',
    bankAccountNo: draft.bankAccountNo,
    currency: draft.currency,
    // The verified phone's token (beyond spec 3); none while OTP registration is off.
    ...(draft.otpToken ? { otpToken: draft.otpToken } : {}),
  }
}

/** Step 3 is checked by the server before step 4 (spec 4): the identity fields only, so a
 *  half-typed bank field from an earlier visit to step 4 cannot block step 3. */
export function toValidationRequest(draft: Draft): RegisterRequest {
  return { ...toRegisterRequest(draft), bankCode: '', bankAccountName: '', bankAccountNo: '' }
}

// Every code of spec section 8, grouped as the spec groups them. The i18n catalogue must hold a
// translation for each one in th, la and en (tests/unit/i18n.test.ts checks it).

export const errorCodeGroups = {
  auth: [
    'UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN', 'INVALID_USER_1', 'INVALID_USER_2', 'INVALID_USER_3',
    'INVALID_USER_4', 'INVALID_IP', 'NOT_AREASLOT', 'NOT_UFABET', 'NO_USER', 'WRONG_PASSWORD',
    'WRONG_CREDENTIAL', 'INACTIVE_USER', 'LOGIN_FAIL',
  ],
  otp: [
    'OTP_BLOCK', 'REQUEST_LIMIT', 'REQUEST_LIMIT_1MIN', 'OTP_TOKEN_INVALID', 'OTP_NOT_EXIST',
    'OTP_VERIFIED', 'OTP_EXPIRED', 'OTP_CODE_INVALID', 'OTP_CODE_VALID', 'OTP_SEND_FAIL',
    'OTP_VERIFY_FAIL', 'UNVERIFIED_OTP',
  ],
  registration: [
    'EXISTING_USER', 'EXISTING_BANK', 'INVALID_USER_INFO', 'GAME_ACTIVATION_FAIL', 'INVALID_BANK',
    'BANK_ACCOUNT_NAME_ENG', 'REGISTER_FAIL', 'PHONE_NUMBER_REQUIRE_10_DIGIT',
  ],
  bonus: [
    'BONUS_REMAINING', 'BONUS_ALREADY_ACTIVE', 'BONUS_MAX_CLAIMED', 'BONUS_CONDITION', 'BONUS_CLEAR',
    'BONUS_FULL', 'NO_PROMOTION', 'PROMOTION_RECEIVED',
  ],
  invite: [
    'INVITE_COLLECT', 'INVITE_INACTIVE', 'NO_INVITE_BONUS', 'NO_INVITEE_PLAY_INFO',
    'INVITE_BONUS_SUCCESS', 'INVITE_BONUS_FAIL',
  ],
  generic: ['INTERNAL_SERVER_ERROR', 'OK', 'SUCCESS', 'KEY_MISSING', 'KEY_INVALID', 'NO_DATA', 'QR_FAIL'],
  refund: ['NO_REFUND', 'REFUND_CONDITION', 'REFUND_SUCCESS', 'REFUND_INACTIVE', 'REFUND_MINIMUM'],
  wallet: [
    'NO_BANK', 'NO_WALLET', 'SLOT_ALREADY_ACTIVE', 'SLOT_ACTIVATE_FAIL', 'SLOT_NO_ACCOUNT',
    'SLOT_RESET_PASSWORD_FAIL', 'TRANSFER_MINIMUM', 'NO_GAME', 'MONEY_NOT_ENOUGH', 'TRANSFER_FAIL',
  ],
  slip: ['SLIP_UPLOAD_FAIL', 'SLIP_NO_FILE', 'SLIP_INVALID_FILE', 'TRUELINK_DUPLICATE', 'TRUELINK_INVALID'],
  coupon: [
    'NO_CLAIMABLE_COUPON', 'INVALID_PRIZE_CODE', 'INVALID_CODE', 'INVALID_COUPON_TYPE',
    'COUPON_EXPIRED',
  ],
} as const

export type ErrorCode = (typeof errorCodeGroups)[keyof typeof errorCodeGroups][number]

export const errorCodes: readonly ErrorCode[] = [...new Set(Object.values(errorCodeGroups).flat())]

/**
 * Codes the reference server answers beyond spec 8's: TRANSFER_PENDING (504) when a game provider
 * has not confirmed a transfer yet; the money is in transit and lands in the game or comes back.
 * GAME_LAUNCH_FAIL (502): a game's provider could not open it (auto-login); no money moved.
 * The spin error group's codes (spec 8: "code values not shown"): NO_COIN, a spin without a coin;
 * SPIN_INACTIVE, a spin while no campaign runs. PASSWORD_TOO_SHORT: a new password (registration,
 * change password) under PASSWORD_MIN_LENGTH characters (contract/lib/validation.ts). TRUELINK_CURRENCY:
 * a TrueMoney gift link (baht) sent for, or approved into, a wallet of another money (kip).
 * The messenger identity (issue 31, server/identity/): STEP_UP_REQUIRED (403), a withdrawal or a
 * bank-account change in a session whose password is missing or too old (POST
 * /api/account/step-up gives it again); IDENTITY_OFF (404), the messenger is not configured;
 * IDENTITY_INVALID, IDENTITY_EXPIRED, IDENTITY_USED (401), a credential that fails its check, is
 * too old, or was used before; IDENTITY_UNAVAILABLE (503), LINE's keys could not be fetched;
 * IDENTITY_NOT_LINKED (401), a verified account no member linked; IDENTITY_LINKED_ELSEWHERE and
 * IDENTITY_PROVIDER_LINKED (409), the account is another member's, or the member has another
 * account of that messenger; PASSWORD_SESSION_REQUIRED (403), a link outside a password session.
 * The phone from Telegram (POST /api/telegram/contact): CONTACT_INVALID, CONTACT_EXPIRED,
 * CONTACT_USED (401), a contact that fails its signature check, is too old, or was used before;
 * CONTACT_NOT_YOURS (403), a contact of another Telegram user than the init data's; CONTACT_PHONE_FOREIGN
 * (400), a number of another country than the variant's.
 * Passkeys (server/identity/passkeys.ts): PASSKEY_INVALID (401), an answer that fails its check
 * (challenge, origin, signature, user verification, counter); PASSKEY_UNKNOWN (401), a passkey the
 * server does not hold (removed, or never added); PASSKEY_REGISTERED (409), a passkey added before.
 * Quick unlock in Telegram: QUICK_UNLOCK_INVALID (401), a secret the server does not hold for this
 * member (quick unlock turned off, the password changed, or never made).
 * SLIP_AMOUNT_INVALID (400): a slip upload's optional amount (issue 51) not written as an amount
 * above 0 with at most 2 decimals.
 */
export const extraErrorCodes = ['TRANSFER_PENDING', 'NO_COIN', 'SPIN_INACTIVE', 'WITHDRAW_MINIMUM', 'WITHDRAW_MAXIMUM', 'PASSWORD_UNCHANGED', 'PASSWORD_TOO_SHORT', 'CHAT_FILE_NOT_SUPPORTED', 'CHAT_FILE_TOO_LARGE', 'TRUELINK_CURRENCY',
  'STEP_UP_REQUIRED', 'IDENTITY_OFF', 'IDENTITY_INVALID', 'IDENTITY_EXPIRED', 'IDENTITY_USED', 'IDENTITY_UNAVAILABLE', 'IDENTITY_NOT_LINKED',
  'IDENTITY_LINKED_ELSEWHERE', 'IDENTITY_PROVIDER_LINKED', 'PASSWORD_SESSION_REQUIRED',
  'CONTACT_INVALID', 'CONTACT_EXPIRED', 'CONTACT_USED', 'CONTACT_NOT_YOURS', 'CONTACT_PHONE_FOREIGN',
  'PASSKEY_INVALID', 'PASSKEY_UNKNOWN', 'PASSKEY_REGISTERED', 'QUICK_UNLOCK_INVALID', 'SLIP_AMOUNT_INVALID', 'GAME_LAUNCH_FAIL'] as const

/** Slip reason codes (the slip's `note`), spec 8. */
export const slipReasonCodes = [
  'UPLOADED_FILE_NOT_EXIST', 'IMG_SIZE_UNABLE_TO_PROCESS', 'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID', 'SLIP_REFNO_DUPLICATED', 'UNSTABLE_REFNO_ON_SLIP', 'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP', 'NOT_MATCH', 'EXPIRED_SLIP', 'UNKNOW_ERROR',
] as const

/** Statement types (spec 3, 4 and 8), in a module of their own; and the statuses. */
export { statementTypes } from './statementTypes'
export const progressStatuses = ['processing', 'success', 'failed'] as const

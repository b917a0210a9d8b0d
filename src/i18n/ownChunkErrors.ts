/** Error codes only issue 31's lazy chunks can meet (the messenger, contact, passkey and step-up
 *  refusals): their texts travel with those chunks (identityStrings.ts), not in the locale's rest
 *  part (scripts/localeParts.ts). */
export const isOwnChunkError = (code: string): boolean => /^(IDENTITY_|CONTACT_|PASSKEY_|QUICK_UNLOCK_)|^(PASSWORD_SESSION_REQUIRED|STEP_UP_REQUIRED)$/.test(code)

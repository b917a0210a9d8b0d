// The messenger identity (issue 31, "one tap back in"): a Telegram or LINE account linked to a
// member, so opening the app from that messenger signs the player in with no typing. The app sends
// what the messenger signed, untouched (Telegram's raw init data string, LINE's ID token); the
// server verifies it and never believes a name, a phone or a parsed object sent by the client.
// Off unless the operator configured the messenger (the runtime config's `identity`).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import type { LoginResponse } from './auth'
import { base64url, MessageBody, password, text } from './shared'

export const MessengerProvider = Type.Union([Type.Literal('telegram'), Type.Literal('line')])
export type MessengerProvider = Static<typeof MessengerProvider>

/** What the messenger signed: Telegram's raw init data (`retrieveRawInitData()`), LINE's ID token (`liff.getIDToken()`). */
export const MessengerCredential = Type.Object({ provider: MessengerProvider, credential: Type.String({ minLength: 1, maxLength: 8_192 }) })
export type MessengerCredential = Static<typeof MessengerCredential>

/** One messenger account linked to the member: its name as the messenger signed it (may be ''), and when it was linked (epoch ms). */
export const LinkedIdentity = Type.Object({ provider: MessengerProvider, name: text(200), linkedAt: Type.Integer({ minimum: 0 }) })
export type LinkedIdentity = Static<typeof LinkedIdentity>

/** The member's linked messengers, oldest first. */
export const IdentitiesResponse = Type.Object({ identities: Type.Array(LinkedIdentity) })
export type IdentitiesResponse = Static<typeof IdentitiesResponse>

/** The password again, before a withdrawal or a bank-account change (STEP_UP_REQUIRED). */
export const StepUpRequest = Type.Object({ password })
export type StepUpRequest = Static<typeof StepUpRequest>

/**
 * The phone Telegram signed (issue 31 section 3): the raw `contact=<json>&auth_date=..&hash=..` the
 * Mini App's getRequestedContact answered, untouched, with the raw init data of the app it was
 * asked in (the contact is believed only for that Telegram user).
 */
export const TelegramContactRequest = Type.Object({ initData: MessengerCredential.properties.credential, contact: Type.String({ minLength: 1, maxLength: 4_096 }) })
export type TelegramContactRequest = Static<typeof TelegramContactRequest>

/** The verified phone in the form the app's phone field takes; `otpToken` only where the operator
 *  lets the contact stand in for the OTP step (registration presents it as a verified OTP's). */
export const TelegramContactResponse = Type.Object({ phone: text(20), otpToken: Type.Optional(text(128)) })
export type TelegramContactResponse = Static<typeof TelegramContactResponse>

export const ProviderParam = Type.Object({ provider: MessengerProvider })

// Passkeys (issue 31, quick unlock in a plain browser): WebAuthn as @simplewebauthn/browser sends and
// takes it. The options pass through as the server's library made them (their fields are its
// business); the responses are checked field by field before the library verifies them.
const extensions = Type.Object({}, { additionalProperties: true })
const attachment = Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]))

/** The options `startRegistration` takes. */
export const PasskeyCreationOptions = Type.Unsafe<PublicKeyCredentialCreationOptionsJSON>(
  Type.Object({ challenge: base64url(200) }, { additionalProperties: true }),
)
/** The options `startAuthentication` takes. */
export const PasskeyRequestOptions = Type.Unsafe<PublicKeyCredentialRequestOptionsJSON>(
  Type.Object({ challenge: base64url(200) }, { additionalProperties: true }),
)

export type PasskeyCreationOptionsJSON = PublicKeyCredentialCreationOptionsJSON
export type PasskeyRequestOptionsJSON = PublicKeyCredentialRequestOptionsJSON

/** What `startRegistration` answered. */
export const PasskeyRegistration = Type.Unsafe<RegistrationResponseJSON>(Type.Object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: base64url(4_000),
    attestationObject: base64url(16_000),
    authenticatorData: Type.Optional(base64url(16_000)),
    transports: Type.Optional(Type.Array(text(32), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(base64url(4_000)),
  }),
  clientExtensionResults: extensions,
  authenticatorAttachment: attachment,
}))

/** What `startAuthentication` answered. */
export const PasskeyAssertion = Type.Unsafe<AuthenticationResponseJSON>(Type.Object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: base64url(4_000),
    authenticatorData: base64url(16_000),
    signature: base64url(1_000),
    userHandle: Type.Optional(base64url(200)),
  }),
  clientExtensionResults: extensions,
  authenticatorAttachment: attachment,
}))

/** One of the member's passkeys: when it was added and last used (epoch ms, null: never). */
export const Passkey = Type.Object({ id: Type.Integer({ minimum: 1 }), createdAt: Type.Integer({ minimum: 0 }), lastUsedAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]) })
export type Passkey = Static<typeof Passkey>

/** The member's passkeys, oldest first. */
export const PasskeysResponse = Type.Object({ passkeys: Type.Array(Passkey) })
export type PasskeysResponse = Static<typeof PasskeysResponse>

export const PasskeyParam = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) })

// Quick unlock in Telegram (issue 31 section 2): the server gives a random secret, the app keeps it
// in Telegram's biometric token storage (BiometricManager), readable only after the player's face
// or fingerprint. Offered where the Telegram identity is on (`identity.telegram`).

/** The secret as the server made it: 32 random bytes, base64url. Stored by the server as a hash only. */
export const QuickUnlockSecret = Type.Object({ secret: base64url(64) })
export type QuickUnlockSecret = Static<typeof QuickUnlockSecret>

/** A new quick unlock: its id (the app keeps it to know its own) and the secret, shown this once. */
export const QuickUnlockCreated = Type.Object({ id: Type.Integer({ minimum: 1 }), secret: base64url(64) })
export type QuickUnlockCreated = Static<typeof QuickUnlockCreated>

/** One of the member's quick unlocks (one per device that turned it on): when made and last used (epoch ms, null: never). */
export const QuickUnlock = Type.Object({ id: Type.Integer({ minimum: 1 }), createdAt: Type.Integer({ minimum: 0 }), lastUsedAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]) })
export type QuickUnlock = Static<typeof QuickUnlock>

/** The member's quick unlocks, oldest first. */
export const QuickUnlocksResponse = Type.Object({ quickUnlocks: Type.Array(QuickUnlock) })
export type QuickUnlocksResponse = Static<typeof QuickUnlocksResponse>

/** One of the member's quick unlocks in a path, numbered as passkeys are. */
export const QuickUnlockParam = PasskeyParam

export const identityEndpoints = {
  /** Sign-in by a linked messenger: a session that may not withdraw or change the bank account until the password is given again. */
  messengerLogin: endpoint<void, MessengerCredential, LoginResponse>('POST', '/api/login/messenger'),
  identities: endpoint<void, void, IdentitiesResponse>('GET', '/api/account/identities'),
  /** Links the messenger to the signed-in member: only in a session opened with the password, after the player confirmed. */
  link: endpoint<void, MessengerCredential, IdentitiesResponse>('POST', '/api/account/identities'),
  /** Unlinks it, and ends the sessions it opened. */
  unlink: endpoint<{ provider: MessengerProvider }, void, IdentitiesResponse>('DELETE', '/api/account/identities/:provider'),
  /** The password given again: this session may withdraw and change the bank account for the configured time. */
  stepUp: endpoint<void, StepUpRequest, MessageBody>('POST', '/api/account/step-up'),
  /** Checks the phone Telegram signed for the player of the init data: the phone field's number, and the OTP step's proof where the operator allows it. */
  telegramContact: endpoint<void, TelegramContactRequest, TelegramContactResponse>('POST', '/api/telegram/contact'),
  /** Passkey sign-in, step 1: a challenge for any of this site's passkeys (discoverable: no phone is asked). */
  passkeyLoginOptions: endpoint<void, void, PublicKeyCredentialRequestOptionsJSON>('POST', '/api/login/passkey/options'),
  /** Passkey sign-in, step 2: a session whose password counts as given now. */
  passkeyLogin: endpoint<void, AuthenticationResponseJSON, LoginResponse>('POST', '/api/login/passkey'),
  passkeys: endpoint<void, void, PasskeysResponse>('GET', '/api/account/passkeys'),
  /** Adding a passkey, step 1: only in a session whose password (or passkey) was given recently. */
  passkeyRegisterOptions: endpoint<void, void, PublicKeyCredentialCreationOptionsJSON>('POST', '/api/account/passkeys/options'),
  /** Adding a passkey, step 2. */
  passkeyRegister: endpoint<void, RegistrationResponseJSON, PasskeysResponse>('POST', '/api/account/passkeys'),
  /** Removes one passkey, and ends the other sessions it opened. */
  passkeyRemove: endpoint<{ id: string }, void, PasskeysResponse>('DELETE', '/api/account/passkeys/:id'),
  /** Quick unlock off: every passkey of the member goes, with the other sessions they opened. */
  passkeysRemoveAll: endpoint<void, void, PasskeysResponse>('DELETE', '/api/account/passkeys'),
  /** Step-up by passkey, step 1: a challenge for the member's own passkeys. */
  passkeyStepUpOptions: endpoint<void, void, PublicKeyCredentialRequestOptionsJSON>('POST', '/api/account/step-up/passkey/options'),
  /** Step-up by passkey, step 2: counts as the password given again. */
  passkeyStepUp: endpoint<void, AuthenticationResponseJSON, MessageBody>('POST', '/api/account/step-up/passkey'),
  /** Quick unlock sign-in (Telegram biometry): a session whose password counts as given now. */
  quickUnlockLogin: endpoint<void, QuickUnlockSecret, LoginResponse>('POST', '/api/login/quick-unlock'),
  quickUnlocks: endpoint<void, void, QuickUnlocksResponse>('GET', '/api/account/quick-unlock'),
  /** Turns quick unlock on for one device: only in a session whose password was given recently. */
  quickUnlockAdd: endpoint<void, void, QuickUnlockCreated>('POST', '/api/account/quick-unlock'),
  /** Removes one (the device could not keep its secret), and ends the other sessions it opened. */
  quickUnlockRemove: endpoint<{ id: string }, void, QuickUnlocksResponse>('DELETE', '/api/account/quick-unlock/:id'),
  /** Quick unlock off: every one of the member's goes, with the other sessions they opened. */
  quickUnlocksRemoveAll: endpoint<void, void, QuickUnlocksResponse>('DELETE', '/api/account/quick-unlock'),
  /** Step-up by quick unlock: counts as the password given again. */
  quickUnlockStepUp: endpoint<void, QuickUnlockSecret, MessageBody>('POST', '/api/account/step-up/quick-unlock'),
}

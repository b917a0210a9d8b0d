// The messenger identity (issue 31, "one tap back in"): a Telegram or LINE account linked to a
// member, so opening the app from that messenger signs the player in with no typing. The app sends
// what the messenger signed, untouched (Telegram's raw init data string, LINE's ID token); the
// server verifies it and never believes a name, a phone or a parsed object sent by the client.
// Off unless the operator configured the messenger (the runtime config's `identity`).
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import type { LoginResponse } from './auth'
import { MessageBody, password, text } from './shared'

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
}

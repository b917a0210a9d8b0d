// Sign-in routes and their schemas (spec 7 "Account": login, logout): a phone and a password for a
// bearer token, and the token given back.
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { MessageBody, password, phone, text } from './shared'

export const LoginRequest = Type.Object({ username: phone, password })
export type LoginRequest = Static<typeof LoginRequest>
/**
 * `passwordChangeRequired`: the password that signed in is shorter than today's rule allows (it
 * was set before the rule); the app asks the member to change it. Absent otherwise, and from an
 * operator's API that does not know it.
 */
export const LoginResponse = Type.Object({ token: text(128), passwordChangeRequired: Type.Optional(Type.Boolean()) })
export type LoginResponse = Static<typeof LoginResponse>

export const authEndpoints = {
  login: endpoint<void, LoginRequest, LoginResponse>('POST', '/api/login'),
  logout: endpoint<void, void, MessageBody>('POST', '/api/logout'),
}

// Game accounts and their routes and schemas (spec 7 "Wallet", "Auto-login"): an account opened at
// a provider, its credentials and a new password, and the link that opens the game signed in.
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { MessageBody, text } from './shared'

export const SlotCodeParams = Type.Object({ slotCode: text(32) })

/** GET /api/wallet/account/:slotCode and /resetpassword/:slotCode. */
export const GameCredentials = Type.Object({
  username: text(64),
  password: text(64),
  /** Form-state fields of one provider's login form, when it has one. */
  event: Type.Optional(Type.Record(Type.String(), text(200))),
})
export type GameCredentials = Static<typeof GameCredentials>

export const AutoLoginParams = Type.Object({ game: text(32), username: text(64) })
export const AutoLoginPasswordParams = Type.Object({ game: text(32), username: text(64), password: text(64) })
export const AutoLoginResponse = Type.Object({ link: text(2_000) })
export type AutoLoginResponse = Static<typeof AutoLoginResponse>

type SlotCode = Static<typeof SlotCodeParams>

export const gameEndpoints = {
  activate: endpoint<SlotCode, void, Static<typeof MessageBody>>('GET', '/api/wallet/activate/:slotCode'),
  credentials: endpoint<SlotCode, void, Static<typeof GameCredentials>>('GET', '/api/wallet/account/:slotCode'),
  resetPassword: endpoint<SlotCode, void, Static<typeof GameCredentials>>('GET', '/api/wallet/resetpassword/:slotCode'),
  /** Game auto-login (spec 7 "Auto-login"): by username, or by username and password, per game. */
  autoLogin: endpoint<Static<typeof AutoLoginParams>, void, Static<typeof AutoLoginResponse>>('GET', '/api/autoLogin/:game/:username'),
  autoLoginWithPassword: endpoint<Static<typeof AutoLoginPasswordParams>, void, Static<typeof AutoLoginResponse>>('GET', '/api/autoLogin/:game/:username/:password'),
}

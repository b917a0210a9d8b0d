// Game auto-login (spec 7 "Auto-login"): a link that opens the game signed in.
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { text } from './shared'

export const AutoLoginParams = Type.Object({ game: text(32), username: text(64) })
export const AutoLoginPasswordParams = Type.Object({ game: text(32), username: text(64), password: text(64) })
export const AutoLoginResponse = Type.Object({ link: text(2_000) })
export type AutoLoginResponse = Static<typeof AutoLoginResponse>

/** Game auto-login (spec 7 "Auto-login"): by username, or by username and password, per game. */
export const autoLoginEndpoints = {
  byUsername: endpoint<Static<typeof AutoLoginParams>, void, Static<typeof AutoLoginResponse>>('GET', '/api/autoLogin/:game/:username'),
  byPassword: endpoint<Static<typeof AutoLoginPasswordParams>, void, Static<typeof AutoLoginResponse>>('GET', '/api/autoLogin/:game/:username/:password'),
}

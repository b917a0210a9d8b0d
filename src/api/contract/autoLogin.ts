// Game auto-login (spec 7 "Auto-login"): a link that opens the game signed in. Types only from the schemas.
import type * as C from '../contract'
import type { Static } from 'typebox'
import { endpoint } from './endpoint'

/** Game auto-login (spec 7 "Auto-login"): by username, or by username and password, per game. */
export const autoLoginEndpoints = {
  byUsername: endpoint<Static<typeof C.AutoLoginParams>, void, Static<typeof C.AutoLoginResponse>>('GET', '/api/autoLogin/:game/:username'),
  byPassword: endpoint<Static<typeof C.AutoLoginPasswordParams>, void, Static<typeof C.AutoLoginResponse>>('GET', '/api/autoLogin/:game/:username/:password'),
}

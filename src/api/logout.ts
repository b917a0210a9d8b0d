// Sign-out on the server. Spec 7 shows no logout call: the reference API revokes the token with
// POST /api/logout, and an operator's API may answer 404. Either way the player is signed out here.
import { call } from './call'
import { authEndpoints } from '../../contract/auth'

/** Fire and forget: the token is passed explicitly, the session store has already dropped it. */
export function revokeToken(token: string): void {
  call(authEndpoints.logout, { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined)
}

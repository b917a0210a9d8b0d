// Staff's second factor (issue 47, ASVS 2.8): a TOTP code from an authenticator app (RFC 6238:
// SHA-1, 6 digits, 30 s), by otplib. A code is taken at most once (its time step is kept, a
// replay or a second sign-in with the same code is refused), and one step either side of the
// server's clock is allowed for a phone's drifting clock.
import { generateSecret, generateURI, verify } from 'otplib'

/** How far a code's step may be from the server's (seconds): one step either way. */
const TOLERANCE_SECONDS = 30

/** A new secret (160 bits, base32) for an authenticator app. */
export const newTotpSecret = (): string => generateSecret()

/** The otpauth:// URI an authenticator app scans: the operator's name and the staff member's username. */
export const totpUri = (issuer: string, username: string, secret: string): string => generateURI({ issuer, label: username, secret })

/**
 * The time step `code` belongs to, if it is the secret's code at `nowMs` (within the tolerance) and
 * of a later step than `afterStep`; undefined otherwise.
 */
export async function totpStepOf(secret: string, code: string, nowMs: number, afterStep?: number | null): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null || afterStep === undefined ? {} : { afterTimeStep: afterStep }),
  })
  return result.valid && 'timeStep' in result ? result.timeStep : undefined
}

// Passkeys (issue 31, quick unlock in a plain browser): a member adds a passkey from the profile,
// then signs in with it, or gives it instead of the password at a step-up. @simplewebauthn/server
// does every check of an answer; this module keeps the challenges and the credentials.
//
// Sign-in asks for a discoverable credential, not the phone first: the player taps once and the
// passkey names its member (by a random handle), and the server never says whether a phone has
// passkeys or lists a member's credential ids to whoever types the phone.
//
// Each challenge is stored with its purpose (sign-in, adding, step-up) and, for the member's own,
// the member and the session that asked; it is used once, by the first answer naming it, and
// expires after CHALLENGE_MS. Every passkey must verify its user (PIN, fingerprint, face), which
// is why a passkey counts as the password given again.
import type { FastifyRequest } from 'fastify'
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import * as C from '../../contract'
import { createSession } from '../auth/sessions'
import { isForeignKeyViolation } from '../shared/db'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import { passkeyLoginLimits, releaseAttempt, takeAttempt } from '../shared/limits'
import { findMemberById } from '../shared/members'
import { randomToken, sha256 } from '../shared/tokens'
import * as repo from './repo'
import type { Removal } from './removal'
import { passkeysOn } from './settings'
import { requireRecentPassword } from './stepUp'

/** How long a challenge may be answered: the browser's own prompt times out sooner. */
export const CHALLENGE_MS = 5 * 60 * 1000

interface RelyingParty {
  rpID: string
  origin: string
  name: string
}

const relyingParty = (ctx: ServerContext): RelyingParty => {
  const { webauthnRpId, webauthnOrigin, webauthnRpName } = ctx.identity
  if (!passkeysOn(ctx.identity) || webauthnRpId === undefined || webauthnOrigin === undefined) throw fail(404, 'IDENTITY_OFF')
  return { rpID: webauthnRpId, origin: webauthnOrigin, name: webauthnRpName ?? ctx.config.current.appName }
}

/** The options as the app's library types them: the server's types a descriptor's `type` as any
 *  string, though it always writes 'public-key'. */
const forBrowser = <T extends C.PasskeyRequestOptionsJSON | C.PasskeyCreationOptionsJSON>(options: unknown): T => options as T

const challengeStore = (ctx: ServerContext, owner: repo.ChallengeOwner) => ({
  keep: (challenge: string) => repo.storeChallenge(ctx.db, challenge, owner, ctx.now() + CHALLENGE_MS, ctx.now()),
  /** The library's challenge check: this answer's challenge is one given to this owner, used up now. */
  take: (challenge: string) => repo.takeChallenge(ctx.db, challenge, owner, ctx.now()),
})

/** The answer's challenge was not ours to take, or a check of the library failed: the same refusal,
 *  as the player can do the same about either (try again). The reason goes to the log only. */
async function checked<T>(request: { log: { info: (o: object, m: string) => void } }, verify: () => Promise<T>): Promise<T> {
  try {
    return await verify()
  } catch (error) {
    request.log.info({ reason: (error as Error).message }, 'passkey answer refused')
    throw fail(401, 'PASSKEY_INVALID')
  }
}

/**
 * Checks an assertion of a stored passkey with the library (user verification required) and
 * moves its counter on. The counter goes forward or stays at 0 (the library refuses a step back);
 * two answers racing on one counter let only the first through.
 */
async function verifyAssertion(
  ctx: ServerContext, request: Parameters<typeof checked>[0], response: AuthenticationResponseJSON, passkey: repo.PasskeyRow,
  owner: repo.ChallengeOwner,
): Promise<void> {
  const rp = relyingParty(ctx)
  const { take } = challengeStore(ctx, owner)
  const result = await checked(request, () => verifyAuthenticationResponse({
    response,
    expectedChallenge: take,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: passkey.transports as never },
  }))
  if (!result.verified) throw fail(401, 'PASSKEY_INVALID')
  if (!(await repo.passkeyUsed(ctx.db, passkey.id, passkey.counter, result.authenticationInfo.newCounter, ctx.now()))) throw fail(401, 'PASSKEY_INVALID')
}

const loginOwner: repo.ChallengeOwner = { purpose: 'login', memberId: null, sessionHash: null }

/** POST /api/login/passkey/options: a challenge for any of this site's passkeys. */
export async function passkeyLoginOptions(ctx: ServerContext): Promise<C.PasskeyRequestOptionsJSON> {
  const rp = relyingParty(ctx)
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required', timeout: CHALLENGE_MS })
  await challengeStore(ctx, loginOwner).keep(options.challenge)
  return forBrowser<C.PasskeyRequestOptionsJSON>(options)
}

/** POST /api/login/passkey: the session of the passkey's member. */
export async function passkeyLogin(ctx: ServerContext, request: FastifyRequest, response: AuthenticationResponseJSON): Promise<C.LoginResponse> {
  relyingParty(ctx)
  const now = ctx.now()
  // Counted before the check, like a login: a machine replaying answers slows down.
  const attempt = await takeAttempt(ctx.db, passkeyLoginLimits(ctx.limits, request.ip), now, request.log)
  const passkey = await repo.findPasskey(ctx.db, response.id)
  if (!passkey) throw fail(401, 'PASSKEY_UNKNOWN')
  // The handle the authenticator keeps beside the passkey must be this member's.
  const handle = response.response.userHandle
  if (handle !== undefined && (await repo.memberOfHandle(ctx.db, handle)) !== passkey.memberId) throw fail(401, 'PASSKEY_INVALID')
  const member = await findMemberById(ctx.db, passkey.memberId)
  if (!member?.isActive) throw fail(403, 'INACTIVE_USER')
  await verifyAssertion(ctx, request, response, passkey, loginOwner)
  await releaseAttempt(ctx.db, attempt)
  // User-verified: the session starts as one the password opened, and remembers its passkey.
  let token: string
  try {
    token = await createSession(ctx, member.id, now, { identityId: null, passwordAt: now, passkeyId: passkey.id })
  } catch (error) {
    // The passkey was removed meanwhile, on another instance.
    if (isForeignKeyViolation(error)) throw fail(401, 'PASSKEY_UNKNOWN')
    throw error
  }
  request.log.info({ memberId: member.id, passkeyId: passkey.id }, 'passkey sign-in')
  return { token }
}

const answer = async (ctx: ServerContext, memberId: number): Promise<C.PasskeysResponse> => ({ passkeys: await repo.listPasskeys(ctx.db, memberId) })

const ownerOf = (purpose: repo.ChallengeOwner['purpose'], memberId: number, token: string): repo.ChallengeOwner =>
  ({ purpose, memberId, sessionHash: sha256(token) })

/** Both steps of adding a passkey: only with the password (or a passkey) given recently in this
 *  session, as a stolen session must not add its thief's passkey; the challenge is this session's. */
async function adding(ctx: ServerContext, request: FastifyRequest) {
  const rp = relyingParty(ctx)
  await requireRecentPassword(ctx, request)
  const { member } = request
  return { rp, member, challenges: challengeStore(ctx, ownerOf('register', member.id, request.sessionToken)) }
}

/** GET /api/account/passkeys: the member's passkeys. */
export async function memberPasskeys(ctx: ServerContext, memberId: number): Promise<C.PasskeysResponse> {
  relyingParty(ctx)
  return answer(ctx, memberId)
}

/** POST /api/account/passkeys/options: adding a passkey, step 1. */
export async function passkeyRegisterOptions(ctx: ServerContext, request: FastifyRequest): Promise<C.PasskeyCreationOptionsJSON> {
  const { rp, member, challenges } = await adding(ctx, request)
  const handle = await repo.passkeyHandle(ctx.db, member.id, randomToken(32))
  const existing = await repo.memberPasskeyRows(ctx.db, member.id)
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userID: isoBase64URL.toBuffer(handle),
    // What the browser shows beside the passkey: the member's own phone.
    userName: member.username,
    userDisplayName: member.username,
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    // An authenticator that holds one already makes no second for the member.
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await challenges.keep(options.challenge)
  return forBrowser<C.PasskeyCreationOptionsJSON>(options)
}

/** POST /api/account/passkeys: adding a passkey, step 2. */
export async function passkeyRegister(ctx: ServerContext, request: FastifyRequest, response: RegistrationResponseJSON): Promise<C.PasskeysResponse> {
  const { rp, member, challenges: { take } } = await adding(ctx, request)
  const result = await checked(request, () => verifyRegistrationResponse({
    response,
    expectedChallenge: take,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }))
  if (!result.verified) throw fail(401, 'PASSKEY_INVALID')
  const { credential } = result.registrationInfo
  const added = await repo.addPasskey(ctx.db, {
    memberId: member.id,
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
  }, ctx.now())
  if (!added) throw fail(409, 'PASSKEY_REGISTERED')
  request.log.info({ memberId: member.id }, 'passkey added')
  return answer(ctx, member.id)
}

/** DELETE /api/account/passkeys/:id and DELETE /api/account/passkeys, through removeWay (removal.ts). */
export const passkeyRemoval: Removal<C.PasskeysResponse> = {
  what: 'passkey',
  refuseWhenOff: (ctx) => relyingParty(ctx),
  removeRows: (ctx, memberId, keepHash, id) => repo.removePasskeys(ctx.db, memberId, keepHash, id),
  answer,
}

/** POST /api/account/step-up/passkey/options: step-up by passkey, step 1. */
export async function passkeyStepUpOptions(ctx: ServerContext, request: FastifyRequest): Promise<C.PasskeyRequestOptionsJSON> {
  const rp = relyingParty(ctx)
  const { member } = request
  const passkeys = await repo.memberPasskeyRows(ctx.db, member.id)
  if (passkeys.length === 0) throw fail(404, 'NO_DATA')
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'required',
    timeout: CHALLENGE_MS,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports as never })),
  })
  await challengeStore(ctx, ownerOf('step-up', member.id, request.sessionToken)).keep(options.challenge)
  return forBrowser<C.PasskeyRequestOptionsJSON>(options)
}

/** POST /api/account/step-up/passkey: step-up by passkey, step 2. */
export async function passkeyStepUp(ctx: ServerContext, request: FastifyRequest, response: AuthenticationResponseJSON): Promise<C.MessageBody> {
  relyingParty(ctx)
  const { member } = request
  const passkey = await repo.findPasskey(ctx.db, response.id)
  // Another member's passkey (or a removed one) proves nothing about this member.
  if (passkey?.memberId !== member.id) throw fail(401, 'PASSKEY_UNKNOWN')
  await verifyAssertion(ctx, request, response, passkey, ownerOf('step-up', member.id, request.sessionToken))
  await repo.markPasswordGiven(ctx.db, sha256(request.sessionToken), ctx.now())
  return { message: 'OK' }
}

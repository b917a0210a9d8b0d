// Step-up (issue 31): a messenger sign-in alone never authorizes a withdrawal or a bank-account
// change. While the identity is on, those need the password given in this session within
// STEP_UP_MINUTES (at the sign-in, or again by POST /api/account/step-up).
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import { sha256 } from '../shared/tokens'
import { sessionProof } from './repo'
import { identityOn } from './settings'

const proofOf = (ctx: ServerContext, request: FastifyRequest) => sessionProof(ctx.db, sha256(request.sessionToken))

/** 403 STEP_UP_REQUIRED unless the password was given in this session recently (or the identity is off). */
export async function requireRecentPassword(ctx: ServerContext, request: FastifyRequest): Promise<void> {
  if (!identityOn(ctx.identity)) return
  const passwordAt = (await proofOf(ctx, request))?.passwordAt ?? null
  if (passwordAt === null || ctx.now() - passwordAt > ctx.identity.stepUpMinutes * 60_000) throw fail(403, 'STEP_UP_REQUIRED')
}

/**
 * 403 PASSWORD_SESSION_REQUIRED unless the phone and password opened this session, however long
 * ago: a messenger session could otherwise attach a second messenger, and a stolen one its thief's.
 */
export async function requirePasswordSession(ctx: ServerContext, request: FastifyRequest): Promise<void> {
  const proof = await proofOf(ctx, request)
  if (!proof || proof.identityId !== null || proof.passwordAt === null) throw fail(403, 'PASSWORD_SESSION_REQUIRED')
}

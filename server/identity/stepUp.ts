// Step-up (issue 31): a messenger sign-in alone never authorizes a withdrawal or a bank-account
// change. While the identity is on, those need the password given in this session within
// STEP_UP_MINUTES (at the sign-in, or again by POST /api/account/step-up).
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import { sha256 } from '../shared/tokens'
import { sessionProof } from './repo'
import { identityOn } from './settings'

/** 403 STEP_UP_REQUIRED unless the password was given in this session recently (or the identity is off). */
export async function requireRecentPassword(ctx: ServerContext, request: FastifyRequest): Promise<void> {
  if (!identityOn(ctx.identity)) return
  const proof = await sessionProof(ctx.db, sha256(request.sessionToken))
  const passwordAt = proof?.passwordAt ?? null
  if (passwordAt === null || ctx.now() - passwordAt > ctx.identity.stepUpMinutes * 60_000) throw fail(403, 'STEP_UP_REQUIRED')
}

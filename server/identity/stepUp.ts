// Step-up (issues 31 and 47): a messenger sign-in, or a session's token alone, never moves money
// out. A bank-account change needs the password given in this session within STEP_UP_MINUTES (at a
// password sign-in, or again by POST /api/account/step-up), whatever is configured: with no
// messenger or passkey too, since a stolen token would otherwise redirect the payouts. A withdrawal
// needs it while the identity is on, where a quick unlock (Telegram's biometry, which proved the
// player on their device) counts as well; never for a bank-account change.
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import { sha256 } from '../shared/tokens'
import { sessionProof } from './repo'
import { identityOn } from './settings'

const proofOf = (ctx: ServerContext, request: FastifyRequest) => sessionProof(ctx.db, sha256(request.sessionToken))

/** What proves the player for an action: the password (or a passkey, which stands for it), or that or a quick unlock. */
export type StepUpProof = 'password' | 'password-or-unlock'

/** 403 STEP_UP_REQUIRED unless this session has the proof recently (within STEP_UP_MINUTES). */
export async function requireRecentPassword(ctx: ServerContext, request: FastifyRequest, accepts: StepUpProof = 'password'): Promise<void> {
  const proof = await proofOf(ctx, request)
  const recent = (at: number | null | undefined) => at != null && ctx.now() - at <= ctx.identity.stepUpMinutes * 60_000
  if (recent(proof?.passwordAt) || (accepts === 'password-or-unlock' && recent(proof?.unlockedAt))) return
  throw fail(403, 'STEP_UP_REQUIRED')
}

/** A withdrawal: while the identity is on, the password or a quick unlock given recently in this session. */
export async function requireWithdrawalProof(ctx: ServerContext, request: FastifyRequest): Promise<void> {
  if (identityOn(ctx.identity)) await requireRecentPassword(ctx, request, 'password-or-unlock')
}

/**
 * 403 PASSWORD_SESSION_REQUIRED unless the phone and password opened this session, however long
 * ago: a messenger session could otherwise attach a second messenger, and a stolen one its thief's.
 */
export async function requirePasswordSession(ctx: ServerContext, request: FastifyRequest): Promise<void> {
  const proof = await proofOf(ctx, request)
  if (!proof || proof.identityId !== null || proof.passwordAt === null) throw fail(403, 'PASSWORD_SESSION_REQUIRED')
}

// The messenger identity's routes (issue 31): sign-in by a linked Telegram or LINE account, and the
// member's linked messengers (list, link, unlink: each with the password given lately, issue 47),
// and the password given again (step-up). While the identity is off every one of them answers 404
// IDENTITY_OFF but the step-up, which a bank account change needs in every setup.
//
// And the routes of the identity's other ways, whose logic and checks live in their modules: the
// phone from Telegram (contact.ts), passkeys (passkeys.ts), Telegram quick unlock (quickUnlock.ts),
// and turning either of the last two off (removal.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import { identityEndpoints as I } from '../../contract/identity'
import { isKnownAddress } from '../auth/repo'
import { createSession, endSessions } from '../auth/sessions'
import type { ServerContext } from '../shared/context'
import { isForeignKeyViolation } from '../shared/db'
import type { AreaRoutes } from '../shared/http/area'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { clearRateEvents, loginLimits, messengerLoginLimits, phoneAtAddress, releaseAttempt, takeAttempt } from '../shared/limits'
import { findMemberById } from '../shared/members'
import { sha256 } from '../shared/tokens'
import { telegramContact } from './contact'
import { devRoutes } from './devRoutes'
import {
  memberPasskeys, passkeyLogin, passkeyLoginOptions, passkeyRegister, passkeyRegisterOptions, passkeyRemoval, passkeyStepUp,
  passkeyStepUpOptions,
} from './passkeys'
import { memberQuickUnlocks, quickUnlockAdd, quickUnlockLogin, quickUnlockRemoval, quickUnlockStepUp } from './quickUnlock'
import { removeWay } from './removal'
import * as repo from './repo'
import { identityOn } from './settings'
import { requirePasswordSession, requireRecentPassword } from './stepUp'
import { verifyCredential } from './verify'
import type { VerifiedIdentity } from './verified'
import { setChannelAllowed } from '../notify/repo'

/** The messenger signed that our bot may write to the member: their messages may go there (notify/). */
async function rememberCanMessage(ctx: ServerContext, memberId: number, verified: VerifiedIdentity): Promise<void> {
  if (verified.provider === 'telegram' && verified.canMessage) await setChannelAllowed(ctx.db, memberId, 'telegram', true)
}

const requireOn = (ctx: ServerContext) => {
  if (!identityOn(ctx.identity)) throw fail(404, 'IDENTITY_OFF')
}

/** POST /api/login/messenger, and the phone from Telegram (contact.ts). */
const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(I.telegramContact, { body: C.TelegramContactRequest, response: { 200: C.TelegramContactResponse } }),
    handler: async (request) => telegramContact(ctx, request, request.body),
  })
  app.route({
    ...routeOf(I.messengerLogin, { body: C.MessengerCredential, response: { 200: C.LoginResponse } }),
    handler: async (request) => {
      requireOn(ctx)
      const now = ctx.now()
      // Counted before the check, like a login: a machine cycling through credentials slows down.
      const attempt = await takeAttempt(ctx.db, messengerLoginLimits(ctx.limits, request.ip), now, request.log)
      const verified = await verifyCredential(ctx, request.body)
      const identity = await repo.findIdentity(ctx.db, verified.provider, verified.subject)
      // Says nothing of any member: only that this account opens no wallet (yet).
      if (!identity) throw fail(401, 'IDENTITY_NOT_LINKED')
      const member = await findMemberById(ctx.db, identity.memberId)
      if (!member?.isActive) throw fail(403, 'INACTIVE_USER')
      // Used up only now: a credential refused above may still link the account after a password sign-in.
      if (!(await repo.useCredential(ctx.db, verified.replayKey, verified.validUntil, now))) throw fail(401, 'IDENTITY_USED')
      await releaseAttempt(ctx.db, attempt)
      await rememberCanMessage(ctx, member.id, verified)
      try {
        const token = await createSession(ctx, member.id, now, { identityId: identity.id, passwordAt: null })
        return { token }
      } catch (error) {
        // The account was unlinked meanwhile: its session row may not name it.
        if (isForeignKeyViolation(error)) throw fail(401, 'IDENTITY_NOT_LINKED')
        throw error
      }
    },
  })
}

const linked = { 200: C.IdentitiesResponse }

/** The member's linked messengers, and step-up. */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  const answer = async (memberId: number) => ({ identities: await repo.listIdentities(ctx.db, memberId) })

  app.route({
    ...routeOf(I.identities, { response: linked }),
    handler: async (request) => {
      requireOn(ctx)
      return answer(request.member.id)
    },
  })

  app.route({
    ...routeOf(I.link, { body: C.MessengerCredential, response: linked }),
    handler: async (request) => {
      requireOn(ctx)
      const { member } = request
      await requirePasswordSession(ctx, request)
      // And the password given lately (issue 47): a session's token alone does not attach an account.
      await requireRecentPassword(ctx, request)
      const verified = await verifyCredential(ctx, request.body)
      const linkedTo = async () => (await repo.findIdentity(ctx.db, verified.provider, verified.subject))?.memberId
      const owner = await linkedTo()
      if (owner === member.id) return answer(member.id)
      if (owner !== undefined) throw fail(409, 'IDENTITY_LINKED_ELSEWHERE')
      const now = ctx.now()
      if (!(await repo.useCredential(ctx.db, verified.replayKey, verified.validUntil, now))) throw fail(401, 'IDENTITY_USED')
      const event = { memberId: member.id, provider: verified.provider, subject: verified.subject, address: request.ip, at: now }
      const outcome = await repo.linkIdentity(ctx.db, event, verified.name)
      if (outcome === 'taken') throw fail(409, 'IDENTITY_PROVIDER_LINKED')
      // Linked in parallel: to this member is linked, to another is theirs.
      if (outcome === 'elsewhere' && (await linkedTo()) !== member.id) throw fail(409, 'IDENTITY_LINKED_ELSEWHERE')
      request.log.info({ memberId: member.id, provider: verified.provider }, 'messenger linked')
      await rememberCanMessage(ctx, member.id, verified)
      return answer(member.id)
    },
  })

  app.route({
    ...routeOf(I.unlink, { params: C.ProviderParam, response: linked }),
    handler: async (request) => {
      requireOn(ctx)
      const { member } = request
      const { provider } = request.params
      await requireRecentPassword(ctx, request)
      const ended = await repo.unlinkIdentity(ctx.db, member.id, provider, request.ip, ctx.now())
      if (!ended) throw fail(404, 'NO_DATA')
      // Gone with the identity already; ended here so every instance lets go of them at once.
      await endSessions(ctx, ended)
      request.log.info({ memberId: member.id, provider, sessionsEnded: ended.length }, 'messenger unlinked')
      return answer(member.id)
    },
  })

  app.route({
    ...routeOf(I.stepUp, { body: C.StepUpRequest, response: { 200: C.MessageBody } }),
    handler: async (request) => {
      // Open whatever is configured (issue 47): a bank account change asks for the password in every setup.
      const { member } = request
      const now = ctx.now()
      // Counted before the check exactly as a login is: a stolen messenger session guesses the
      // password no faster here than at the sign-in.
      const known = await isKnownAddress(ctx.db, member.username, request.ip, now)
      const attempt = await takeAttempt(ctx.db, loginLimits(ctx.limits, member.username, request.ip, known), now, request.log)
      if (!(await ctx.passwords.verify(request.body.password, member.passwordHash))) throw fail(400, 'WRONG_PASSWORD')
      await releaseAttempt(ctx.db, attempt)
      await clearRateEvents(ctx.db, 'login_fail', phoneAtAddress(member.username, request.ip))
      await repo.markPasswordGiven(ctx.db, sha256(request.sessionToken), now)
      return { message: 'OK' }
    },
  })
}

/** POST /api/login/passkey/options and /api/login/passkey (passkeys.ts). */
const passkeySignInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(I.passkeyLoginOptions, { response: { 200: C.PasskeyRequestOptions } }),
    handler: async () => passkeyLoginOptions(ctx),
  })
  app.route({
    ...routeOf(I.passkeyLogin, { body: C.PasskeyAssertion, response: { 200: C.LoginResponse } }),
    handler: async (request) => passkeyLogin(ctx, request, request.body),
  })
}

const passkeysListed = { 200: C.PasskeysResponse }

/** The member's passkeys: add, list, remove, and step-up by passkey (passkeys.ts). */
const passkeyMemberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(I.passkeys, { response: passkeysListed }),
    handler: async (request) => memberPasskeys(ctx, request.member.id),
  })
  app.route({
    ...routeOf(I.passkeyRegisterOptions, { response: { 200: C.PasskeyCreationOptions } }),
    handler: async (request) => passkeyRegisterOptions(ctx, request),
  })
  app.route({
    ...routeOf(I.passkeyRegister, { body: C.PasskeyRegistration, response: passkeysListed }),
    handler: async (request) => passkeyRegister(ctx, request, request.body),
  })
  app.route({
    ...routeOf(I.passkeyRemove, { params: C.PasskeyParam, response: passkeysListed }),
    handler: async (request) => removeWay(ctx, request, passkeyRemoval, Number(request.params.id)),
  })
  app.route({
    ...routeOf(I.passkeysRemoveAll, { response: passkeysListed }),
    handler: async (request) => removeWay(ctx, request, passkeyRemoval),
  })
  app.route({
    ...routeOf(I.passkeyStepUpOptions, { response: { 200: C.PasskeyRequestOptions } }),
    handler: async (request) => passkeyStepUpOptions(ctx, request),
  })
  app.route({
    ...routeOf(I.passkeyStepUp, { body: C.PasskeyAssertion, response: { 200: C.MessageBody } }),
    handler: async (request) => passkeyStepUp(ctx, request, request.body),
  })
}

/** POST /api/login/quick-unlock (quickUnlock.ts). */
const quickUnlockSignInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(I.quickUnlockLogin, { body: C.QuickUnlockSecret, response: { 200: C.LoginResponse } }),
    handler: async (request) => quickUnlockLogin(ctx, request, request.body),
  })
}

const quickUnlocksListed = { 200: C.QuickUnlocksResponse }

/** The member's quick unlocks: add, list, remove, and step-up by quick unlock (quickUnlock.ts). */
const quickUnlockMemberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(I.quickUnlocks, { response: quickUnlocksListed }),
    handler: async (request) => memberQuickUnlocks(ctx, request.member.id),
  })
  app.route({
    ...routeOf(I.quickUnlockAdd, { response: { 200: C.QuickUnlockCreated } }),
    handler: async (request) => quickUnlockAdd(ctx, request),
  })
  app.route({
    ...routeOf(I.quickUnlockRemove, { params: C.QuickUnlockParam, response: quickUnlocksListed }),
    handler: async (request) => removeWay(ctx, request, quickUnlockRemoval, Number(request.params.id)),
  })
  app.route({
    ...routeOf(I.quickUnlocksRemoveAll, { response: quickUnlocksListed }),
    handler: async (request) => removeWay(ctx, request, quickUnlockRemoval),
  })
  app.route({
    ...routeOf(I.quickUnlockStepUp, { body: C.QuickUnlockSecret, response: { 200: C.MessageBody } }),
    handler: async (request) => quickUnlockStepUp(ctx, request, request.body),
  })
}

const openRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(signInRoutes)
  await app.register(passkeySignInRoutes)
  await app.register(quickUnlockSignInRoutes)
}

const allMemberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(memberRoutes)
  await app.register(passkeyMemberRoutes)
  await app.register(quickUnlockMemberRoutes)
}

export const identityArea: AreaRoutes = { open: openRoutes, member: allMemberRoutes, dev: devRoutes }

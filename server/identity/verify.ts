import type { MessengerCredential } from '../../contract'
import type { ServerContext } from '../shared/context'
import { fail } from '../shared/http/errors'
import { verifyLine } from './line'
import { lineOn, telegramOn } from './settings'
import { verifyTelegram } from './telegram'
import type { VerifiedIdentity } from './verified'

/** The messenger account a credential proves; refused when that messenger is off or the check fails. */
export async function verifyCredential(ctx: ServerContext, { provider, credential }: MessengerCredential): Promise<VerifiedIdentity> {
  const settings = ctx.identity
  if (provider === 'telegram' && telegramOn(settings)) return verifyTelegram(settings, credential, ctx.now())
  if (provider === 'line' && lineOn(settings)) return verifyLine(settings, credential, ctx.now())
  throw fail(404, 'IDENTITY_OFF')
}

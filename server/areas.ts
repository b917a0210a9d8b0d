// The API's areas, one folder each, the same names as the app's features (docs/map.md). Each area
// says which of its routes are open, which are for members and which are dev stand-ins; its routes
// sit at the paths their descriptors give. app.ts registers this list and nothing else of the API.
import type { FastifyInstance } from 'fastify'
import { accountArea } from './account/routes'
import { memberScope } from './auth/memberScope'
import { authArea } from './auth/routes'
import { bonusArea } from './bonus/routes'
import { chatArea, type ChatOptions } from './chat/routes'
import { depositArea, type DepositOptions } from './deposit/routes'
import { devArea } from './dev/routes'
import { gamesArea } from './games/routes'
import { identityArea } from './identity/routes'
import { lookupArea } from './lookup/routes'
import { notifyArea } from './notify/routes'
import { opsArea } from './ops/routes'
import { opsScope } from './ops/scope'
import { otpArea } from './otp/routes'
import { rewardsArea } from './rewards/routes'
import { hasDevRoutes } from './shared/context'
import type { AreaRoutes } from './shared/http/area'
import { spinArea } from './spin/routes'
import { statementArea } from './statement/routes'
import { walletArea } from './wallet/routes'

export type AreaOptions = DepositOptions & Pick<ChatOptions, 'hub'>

export const areas = (options: AreaOptions): AreaRoutes[] => [
  authArea,
  otpArea,
  identityArea,
  accountArea,
  lookupArea,
  walletArea,
  gamesArea,
  depositArea(options),
  bonusArea,
  rewardsArea,
  spinArea,
  statementArea,
  notifyArea,
  chatArea(options),
  opsArea,
  devArea,
]

/** Registers each area's routes where they belong: open, behind the member hook, behind the staff hook, or under /dev in dev and test modes. */
export async function registerAreas(app: FastifyInstance, options: AreaOptions): Promise<void> {
  for (const area of areas(options)) {
    if (area.open) await app.register(area.open)
    if (area.member) await memberScope(app, area.member)
    if (area.ops) await opsScope(app, area.ops)
    if (area.dev && hasDevRoutes(app.serverContext.mode)) await app.register(area.dev)
  }
}

// The operator's bonus and promotion offers at run time (issue 33, duty settings: admins): what
// BONUS_OFFERS adds or changes at start, listed and put one by one through the operator API, each
// body checked by the same schema as BONUS_OFFERS (the contract's BonusOffer). Each change and
// what it replaced go to the audit trail in the change's transaction.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as O from '../../contract/ops'
import { audit } from '../ops/audit'
import { actorOf, needs } from '../ops/scope'
import { LOCKS, lockedTransaction } from '../shared/db'
import { routeOf } from '../shared/http/endpoint'
import { fail } from '../shared/http/errors'
import { readStored } from '../shared/inLanguages'
import { upsertOffers } from './bonuses'
import { findOfferRow, listOfferRows, type StoredOfferRow } from './repo'

const E = O.opsEndpoints

/** An offer as stored, in the shape it is written in (BONUS_OFFERS): a promotion is kept as `limit`, received once. */
function storedOffer(row: StoredOfferRow): O.StoredOffer {
  const thb = Number(row.max_bonus_minor)
  return {
    code: row.code,
    kind: row.kind === 'promotion' ? 'promotion' : 'bonus',
    name: readStored(row.name),
    description: readStored(row.description),
    type: row.type as O.StoredOffer['type'],
    maxReceived: Number(row.max_received),
    percent: Number(row.percent),
    maxBonusMinor: row.max_bonus_lak_minor === null ? thb : { THB: thb, LAK: Number(row.max_bonus_lak_minor) },
    turnoverMultiplier: Number(row.turnover_multiplier),
    percentFail: Number(row.percent_fail),
    quota: row.quota === null ? null : Number(row.quota),
    active: Number(row.active) === 1,
    banners: JSON.parse(row.banners) as O.StoredOffer['banners'],
    sort: Number(row.sort),
    claimed: Number(row.claimed),
  }
}

export const bonusOpsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(E.offers, { response: { 200: O.OfferList } }),
    ...needs('settings'),
    handler: async () => ({ offers: (await listOfferRows(ctx.db)).map(storedOffer) }),
  })
  app.route({
    ...routeOf(E.putOffer, { params: O.OfferCodeParams, body: O.BonusOffer, response: { 200: O.StoredOffer } }),
    ...needs('settings'),
    handler: async (request) => {
      const offer = request.body
      if (offer.code !== request.params.code) throw fail(400, 'KEY_INVALID')
      const actor = actorOf(request)
      // Under the switches' lock on every instance: what the audit says was replaced is what was.
      return lockedTransaction(ctx.db, LOCKS.operatorSettings, async (trx) => {
        const before = await findOfferRow(trx, offer.code)
        await upsertOffers(trx, [offer])
        const after = storedOffer((await findOfferRow(trx, offer.code))!)
        await audit(trx, actor, ctx.now(), {
          action: before ? 'offer.change' : 'offer.add',
          item: `offer:${offer.code}`,
          before: before ? storedOffer(before) : null,
          after,
        })
        return after
      })
    },
  })
}

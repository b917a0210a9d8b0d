// Bonus and promotion routes (spec 7 "Bonus and promotion"): the bonus cards, receiving one, the
// bonus held and cancelling it, and promotion codes. Types only from the schemas.
import type * as C from '../contract'
import type { Static } from 'typebox'
import { endpoint } from './endpoint'

type Code = Static<typeof C.BonusCodeParams>
type MessageBody = Static<typeof C.MessageBody>

export const bonusEndpoints = {
  list: endpoint<void, void, C.BonusItem[]>('GET', '/api/bonus'),
  activate: endpoint<Code, void, C.UserBonus>('GET', '/api/bonus/activate/:code'),
  active: endpoint<void, void, C.BonusActiveCheck>('GET', '/api/bonus/check/active'),
  minimum: endpoint<void, void, C.BonusMinimum>('GET', '/api/bonus/check/minimum'),
  clear: endpoint<void, void, MessageBody>('GET', '/api/bonus/clear'),
  promotionCurrent: endpoint<void, void, C.PromotionOrEmpty>('GET', '/api/promotion/current'),
  promotionFind: endpoint<Code, void, C.PromotionOrEmpty>('GET', '/api/promotion/find/:code'),
  promotionActivate: endpoint<Code, void, C.UserBonus>('GET', '/api/promotion/activate/:code'),
}

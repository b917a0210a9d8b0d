// Statement routes (spec 7 "Statement"): the member's paged statement. The slip table and a slip's
// image address are the deposit routes' (contract/deposit.ts). Types only from the schemas.
import type * as C from '../contract'
import type { Static } from 'typebox'
import { endpoint } from './endpoint'

/** Spec 9: statement and slip lists page by 10. */
export const STATEMENT_PAGE_SIZE = 10

export const statementEndpoints = {
  statement: endpoint<void, Static<typeof C.SlipPageRequest>, Static<typeof C.StatementResponse>>('POST', '/api/statement'),
}

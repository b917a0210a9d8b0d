// The statement and the slip table (spec 7 "Statement"): 10 a page, by page number; the slip
// image's address asked for when the player opens it (it expires). Failed loads show inline.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { call } from '../../api/call'
import { depositEndpoints } from '../../../contract/deposit'
import type { Slip } from '../../../contract'
import { STATEMENT_PAGE_SIZE, statementKeys } from '../../api/statement'
import { shownInline } from '../../api/queryClient'

export const useSlips = (page: number) =>
  useQuery({
    queryKey: statementKeys.slips(page),
    queryFn: async (): Promise<{ total: number | undefined; slips: Slip[] }> => {
      const answer: Partial<{ total: number; slips: Slip[] }> = await call(depositEndpoints.slips, { body: { page, limit: STATEMENT_PAGE_SIZE } })
      return { total: typeof answer.total === 'number' ? answer.total : undefined, slips: Array.isArray(answer.slips) ? answer.slips : [] }
    },
    placeholderData: keepPreviousData,
    ...shownInline,
  })

/** The slip image's address (owner only, short-lived), made absolute against the API's base. */
export async function slipImageAddress(reference: string, apiBase: string): Promise<string> {
  const { url } = await call(depositEndpoints.slipImageUrl, { params: { reference } })
  return new URL(url, apiBase || window.location.origin).toString()
}

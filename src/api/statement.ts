// The member's statement (spec 7 "Statement"), 10 a page: read by the statement screen, and by
// home for the withdrawals still waiting. Under the wallet's key, so whatever refreshes the wallet
// after money moved refreshes it too.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { call } from './call'
import type { StatementEntry, StatementType } from '../../contract'
import { STATEMENT_PAGE_SIZE, statementEndpoints } from '../../contract/statement'
import { shownInline } from './queryClient'
import { walletKeys } from './wallet'

export { STATEMENT_PAGE_SIZE }

/** Which rows the statement shows (issue 51): these types only, this month only (`2026-11`). */
export interface StatementFilter {
  statementTypes?: StatementType[]
  month?: string
}

export const statementKeys = {
  all: [...walletKeys.all, 'statement'] as const,
  /** A page of the statement as filtered; `page(1)` alone stands for the first page of every filter. */
  page: (page: number, filter: StatementFilter = {}) => [...statementKeys.all, page, filter] as const,
  slips: (page: number) => [...statementKeys.all, 'slips', page] as const,
}

export const statementQuery = (page: number, filter: StatementFilter = {}) => queryOptions({
  queryKey: statementKeys.page(page, filter),
  queryFn: async (): Promise<{ total: number; statements: StatementEntry[] }> => {
    const body = { page, limit: STATEMENT_PAGE_SIZE, ...filter }
    const answer: Partial<{ total: number; statements: StatementEntry[] }> = await call(statementEndpoints.statement, { body })
    return { total: Number(answer.total) || 0, statements: Array.isArray(answer.statements) ? answer.statements : [] }
  },
  ...shownInline,
})

export const useStatement = (page: number, filter: StatementFilter = {}) => useQuery({ ...statementQuery(page, filter), placeholderData: keepPreviousData })

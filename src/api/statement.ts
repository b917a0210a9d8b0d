// The member's statement (spec 7 "Statement"), 10 a page: read by the statement screen, and by
// home for the withdrawals still waiting. Under the wallet's key, so whatever refreshes the wallet
// after money moved refreshes it too.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { call } from './call'
import type { StatementEntry } from './contract'
import { STATEMENT_PAGE_SIZE, statementEndpoints } from './contract/statement'
import { shownInline } from './queryClient'
import { walletKeys } from './wallet'

export { STATEMENT_PAGE_SIZE }

export const statementKeys = {
  all: [...walletKeys.all, 'statement'] as const,
  page: (page: number) => [...statementKeys.all, page] as const,
  slips: (page: number) => [...statementKeys.all, 'slips', page] as const,
}

export const statementQuery = (page: number) => queryOptions({
  queryKey: statementKeys.page(page),
  queryFn: async (): Promise<{ total: number; statements: StatementEntry[] }> => {
    const answer: Partial<{ total: number; statements: StatementEntry[] }> = await call(statementEndpoints.statement, { body: { page, limit: STATEMENT_PAGE_SIZE } })
    return { total: Number(answer.total) || 0, statements: Array.isArray(answer.statements) ? answer.statements : [] }
  },
  ...shownInline,
})

export const useStatement = (page: number) => useQuery({ ...statementQuery(page), placeholderData: keepPreviousData })

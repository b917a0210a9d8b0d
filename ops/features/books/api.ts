// The books' server state (cashier, admin): the books check, the day's book by day, the deposit
// accounts and each one's differences with the bank; a statement imported and a difference noted
// mark the differences stale once settled (a statement's credits can match deposits the day's
// book already shows: nothing else moves).
import { useQuery } from '@tanstack/react-query'
import { type CreditNote, type DepositNote, opsEndpoints, type StatementUpload } from '../../../contract/ops'
import { call } from '../../api/call'
import { useChangeOf } from '../../api/queryClient'

export const bookKeys = {
  all: ['books'] as const,
  check: () => [...bookKeys.all, 'check'] as const,
  /** `day`: a date of the operator's time zone; undefined, today there. */
  day: (day: string | undefined) => [...bookKeys.all, 'day', day ?? 'today'] as const,
  accounts: () => [...bookKeys.all, 'bank', 'accounts'] as const,
  differences: (account: string) => [...bookKeys.all, 'bank', 'differences', account] as const,
}

export const useBooksCheck = () => useQuery({ queryKey: bookKeys.check(), queryFn: () => call(opsEndpoints.books) })
export const useDayBook = (day: string | undefined) =>
  useQuery({ queryKey: bookKeys.day(day), queryFn: () => call(opsEndpoints.dayBook, { query: day ? { date: day } : {} }) })
export const useBankAccounts = () => useQuery({ queryKey: bookKeys.accounts(), queryFn: () => call(opsEndpoints.bankAccounts) })
export const useBankDifferences = (account: string | undefined) => useQuery({
  queryKey: bookKeys.differences(account ?? ''),
  queryFn: () => call(opsEndpoints.bankDifferences, { query: { account: account! } }),
  enabled: account !== undefined,
})

const useBankMutation = <Variables, Answer>(send: (variables: Variables) => Promise<Answer>) => useChangeOf([...bookKeys.all, 'bank'], send)

export const useImportStatement = () => useBankMutation((upload: StatementUpload) => call(opsEndpoints.importStatement, { body: upload }))
export const useNoteCredit = () => useBankMutation(({ id, note }: { id: string; note: CreditNote }) => call(opsEndpoints.noteCredit, { params: { id }, body: note }))
export const useNoteDeposit = () => useBankMutation((note: DepositNote) => call(opsEndpoints.noteDeposit, { body: note }))

// The books check (cashier, admin): whether every rule of the ledger holds, each rule with its
// figure in staff's words (a rule that fails marked so); the day's book; matching with the bank.
import type { BooksReport } from '../../../contract/ops'
import { fromMinor } from '../../../contract/lib/money'
import { money } from '../../lib/format'
import { say, type WordKey } from '../../lib/i18n'
import { ListState } from '../../ui/ListState'
import { useBooksCheck } from './api'
import { BankMatch } from './BankMatch'
import { DayBook } from './DayBook'

/** The ledger's rules that count what breaks them: each holds at 0. */
const COUNTED = ['unbalancedMovements', 'loneMovements', 'mixedCurrencyMovements', 'negativeMemberAccounts', 'cacheMismatches'] as const

interface Figure { label: string; value: string; holds?: boolean }

function figuresOf(report: BooksReport): Figure[] {
  return [
    ...Object.entries(report.totals).map(([currency, minor]) => ({ label: say('booksTotal', { currency }), value: money(fromMinor(minor), currency), holds: minor === 0 })),
    ...Object.entries(report.strandedInTransit).map(([currency, minor]) => ({ label: say('booksInTransit', { currency }), value: money(fromMinor(minor), currency), holds: minor === 0 })),
    ...COUNTED.map((rule) => ({ label: say(`booksRule_${rule}` as WordKey), value: String(report[rule]), holds: report[rule] === 0 })),
    { label: say('booksMovements'), value: String(report.movements) },
    { label: say('booksPostings'), value: String(report.postings) },
  ]
}

export function Books() {
  const books = useBooksCheck()
  return (
    <section aria-labelledby="books-title">
      <h2 id="books-title">{say('books')}</h2>
      <ListState loaded={books} />
      {books.data && (
        <>
          <p className={books.data.balanced ? 'ok' : 'error'} role="status">{say(books.data.balanced ? 'booksBalanced' : 'booksWrong')}</p>
          <dl className="facts-list">
            {figuresOf(books.data).map(({ label, value, holds }) => (
              <div key={label} className={holds === false ? 'error' : undefined}>
                <dt>{label}</dt>
                <dd>{value}{holds === false && ` · ${say('booksRuleBroken')}`}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <DayBook />
      <BankMatch />
    </section>
  )
}

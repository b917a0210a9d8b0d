// The books check (cashier, admin): whether every rule of the ledger holds, and the figures; the
// day's book; matching with the bank.
import { say } from '../../lib/i18n'
import { ListState } from '../../ui/ListState'
import { useBooksCheck } from './api'
import { BankMatch } from './BankMatch'
import { DayBook } from './DayBook'

export function Books() {
  const books = useBooksCheck()
  return (
    <section aria-labelledby="books-title">
      <h2 id="books-title">{say('books')}</h2>
      <ListState loaded={books} />
      {books.data && (
        <>
          <p className={books.data.balanced ? 'ok' : 'error'} role="status">{say(books.data.balanced ? 'booksBalanced' : 'booksWrong')}</p>
          <pre className="figures" tabIndex={0}>{JSON.stringify(books.data, null, 2)}</pre>
        </>
      )}
      <DayBook />
      <BankMatch />
    </section>
  )
}

// The day's book (cashier, admin; issue 52 §1): one day of the operator's time zone, per currency,
// as the ledger says it (server/wallet/dayBook.ts), and the same lines as a CSV file to hand on.
import { useState } from 'react'
import type { DayBook as Book } from '../../../contract/ops'
import { CsvButton } from '../../ui/CsvButton'
import { money } from '../../lib/format'
import { say, worded } from '../../lib/i18n'
import { ListState } from '../../ui/ListState'
import { useDayBook } from './api'

type Currency = Book['currencies'][number]
interface Row { label: string; count?: number; amountMinor: number }

const KNOWN_METHODS = new Set(['qrcode', 'slip', 'truelink'])

/** The book's lines for one currency, in the order staff read them. */
function rowsOf(book: Currency): Row[] {
  return [
    ...book.deposits.map((line) => ({
      label: KNOWN_METHODS.has(line.method) ? say(`deposit_${line.method as 'qrcode' | 'slip' | 'truelink'}`)
        : line.method === 'other' ? say('deposit_unnamed') : say('deposit_other', { method: line.method }),
      count: line.count, amountMinor: line.amountMinor,
    })),
    { label: say('paidOut'), ...book.withdrawals.paid },
    { label: say('paidFailed'), ...book.withdrawals.failed },
    ...(['bonus', 'cashback', 'invite', 'wheel'] as const).map((kind) => ({ label: say(`reward_${kind}`), ...book.rewards[kind] })),
    ...book.games.flatMap((line) => [
      { label: say('gameIn', { game: line.game }), amountMinor: line.inMinor },
      { label: say('gameOut', { game: line.game }), amountMinor: line.outMinor },
    ]),
    ...book.other.map((line) => ({
      label: line.kind === 'withdraw' ? say('kind_withdraw') : line.kind === 'correction' ? say('kind_correction') : say('movementKind', { kind: worded('movement_', line.kind) }),
      count: line.count, amountMinor: line.amountMinor,
    })),
    { label: say('net'), amountMinor: book.netMinor },
    { label: say('heldWallets'), amountMinor: book.held.walletsMinor },
    { label: say('heldGames'), amountMinor: book.held.gamesMinor },
  ]
}

export function DayBook() {
  // None chosen: today in the operator's time zone, as the server answers it.
  const [date, setDate] = useState<string | undefined>(undefined)
  const book = useDayBook(date)
  const shown = date === undefined || book.data?.day === date ? book.data : undefined

  return (
    <section aria-labelledby="day-book-title">
      <h3 id="day-book-title">{say('dayBook')}</h3>
      <div className="toolbar">
        <label>
          {say('day')} <input type="date" value={date ?? book.data?.day ?? ''} required onChange={(event) => event.target.value && setDate(event.target.value)} />
        </label>
        <CsvButton file={`day-book-${shown?.day}.csv`} disabled={!shown} rows={() => [
          [say('day'), say('col_currency'), say('line'), say('count'), say('amountOnly')],
          ...(shown?.currencies ?? []).flatMap((currency) => rowsOf(currency).map((row) => [shown?.day ?? '', currency.currency, row.label, row.count ?? '', (row.amountMinor / 100).toFixed(2)])),
        ]} />
      </div>
      <ListState loaded={book} empty={say('dayBookEmpty')} isEmpty={shown?.currencies.length === 0} />
      {shown && <p className="muted">{say('dayBookZone', { zone: shown.timeZone })}</p>}
      {shown?.currencies.map((currency) => (
        <div key={currency.currency} className="table-wrap" tabIndex={0} role="region" aria-label={`${say('dayBook')} ${currency.currency}`}>
          <table>
            <caption>{currency.currency}</caption>
            <thead><tr><th scope="col">{say('line')}</th><th scope="col">{say('count')}</th><th scope="col">{say('amountOnly')}</th></tr></thead>
            <tbody>
              {rowsOf(currency).map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.count ?? ''}</td>
                  <td data-amount>{money(row.amountMinor / 100, currency.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  )
}

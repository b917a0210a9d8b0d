// CSV files staff download (issue 52 §1): written by csv-stringify (quoting, commas and line breaks
// inside values), UTF-8 with a byte-order mark so that Excel opens Thai and Lao as they are, and no
// player's text run as a formula.
import { stringify } from 'csv-stringify/browser/esm/sync'

const BOM = '\uFEFF'

/** A file's rows, the first being the header. */
export type CsvRows = readonly (readonly (string | number)[])[]

/** What a spreadsheet runs as a formula when a cell starts with it, an amount such as -500.00 aside. */
const FORMULA = /^(?:[=+@\t\r\uFF1D\uFF0B\uFF20]|-(?!\d+(?:\.\d+)?$))/

/**
 * The text of a CSV file of `rows`, the first being the header. A text that a spreadsheet would run
 * as a formula (a chat message or a name a player typed, starting with =, +, - or @) is written after
 * a `'`, as text; numbers, and amounts written as text, stay as they are.
 */
export const csvText = (rows: CsvRows): string =>
  BOM + stringify(rows.map((row) => row.map((cell) => (typeof cell === 'string' && FORMULA.test(cell) ? `'${cell}` : cell))))

/** Offers `rows` as a file named `name` to download. */
export function downloadCsv(name: string, rows: CsvRows): void {
  const url = URL.createObjectURL(new Blob([csvText(rows)], { type: 'text/csv;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}

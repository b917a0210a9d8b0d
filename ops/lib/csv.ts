// CSV files staff download (issue 52 §1): written by csv-stringify (quoting, commas and line breaks
// inside values), UTF-8 with a byte-order mark so that Excel opens Thai and Lao as they are.
import { stringify } from 'csv-stringify/browser/esm/sync'

const BOM = '\uFEFF'

/** A file's rows, the first being the header. */
export type CsvRows = readonly (readonly (string | number)[])[]

/** The text of a CSV file of `rows`, the first being the header. */
export const csvText = (rows: CsvRows): string => BOM + stringify(rows.map((row) => [...row]))

/** Offers `rows` as a file named `name` to download. */
export function downloadCsv(name: string, rows: CsvRows): void {
  const url = URL.createObjectURL(new Blob([csvText(rows)], { type: 'text/csv;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}

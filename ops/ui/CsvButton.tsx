// One way to hand a list on (issue 52 §1): the day's book and each queue and list a CSV file.
import { downloadCsv, type CsvRows } from '../lib/csv'
import { say } from '../lib/i18n'

/** Downloads `rows()` (its first row the header) as `file`; off while there is nothing to hand on. */
export function CsvButton({ file, rows, disabled = false }: { file: string; rows: () => CsvRows; disabled?: boolean }) {
  return <button type="button" className="small" disabled={disabled} onClick={() => downloadCsv(file, rows())}>{say('downloadCsv')}</button>
}

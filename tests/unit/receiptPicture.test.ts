// Line breaking: the receipt picture's (src/ui/receiptPicture.ts), words kept whole, Thai and Lao
// words found without spaces, a piece longer than a line (a reference) cut to fit; and a long
// bank name that never leaves its last word alone on a line (src/lib/banks.ts).
import { describe, expect, it } from 'vitest'
import { keepLastWordsTogether } from '../../src/lib/banks'
import { wrapText } from '../../src/ui/receiptPicture'

/** One unit a character. */
const measure = (text: string) => [...text].length

describe('wrapText', () => {
  it('breaks between words and never past the width', () => {
    expect(wrapText(measure, 'Bank of Ayudhya account', 10)).toEqual(['Bank of', 'Ayudhya', 'account'])
  })

  it('breaks Thai between its words, which have no spaces', () => {
    const lines = wrapText(measure, 'ธนาคารกสิกรไทยสาขาสีลม', 10)
    expect(lines.join('')).toBe('ธนาคารกสิกรไทยสาขาสีลม')
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(10)
    // Whole words: no line ends inside ธนาคาร, กสิกร, ไทย, สาขา or สีลม.
    expect(lines).toEqual(['ธนาคาร', 'กสิกรไทย', 'สาขาสีลม'])
  })

  it('cuts a piece longer than a line', () => {
    expect(wrapText(measure, 'W1234567890ABCDEF', 8)).toEqual(['W1234567', '890ABCDE', 'F'])
  })
})

describe('keepLastWordsTogether', () => {
  it('joins the last two words of a name of three or more with a no-break space, and leaves shorter ones', () => {
    expect(keepLastWordsTogether('Siam Commercial Bank')).toBe('Siam Commercial\u00a0Bank')
    expect(keepLastWordsTogether('Government  Savings Bank ')).toBe('Government Savings\u00a0Bank')
    expect(keepLastWordsTogether('TrueMoney Wallet')).toBe('TrueMoney Wallet')
    expect(keepLastWordsTogether('KASIKORNBANK')).toBe('KASIKORNBANK')
  })
})

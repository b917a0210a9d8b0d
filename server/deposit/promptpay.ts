/**
 * Thai PromptPay QR payloads: the EMVCo merchant-presented format that Thai banking apps scan.
 * Each field is ID (2 digits) + length (2 digits) + value; the last field is a CRC of all before it.
 */

/** The PromptPay application id (tag 29, sub-tag 00) for credit transfers. */
export const PROMPTPAY_AID = 'A000000677010111'

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of ASCII text. */
export function crc16(text: string): number {
  let crc = 0xffff
  for (let i = 0; i < text.length; i++) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
    }
  }
  return crc
}

/** One EMVCo field; values are ASCII and at most 99 characters. */
export function field(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`bad EMVCo tag ${id}`)
  if (value.length > 99 || !/^[\x20-\x7e]*$/.test(value)) throw new Error(`bad EMVCo value for tag ${id}`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

/**
 * The proxy sub-tag of tag 29 for a PromptPay id: a mobile number (10 digits, sent as 0066 and
 * the last 9), a national or tax id (13 digits), or an e-wallet id (15 digits).
 */
export function promptPayProxy(id: string): string {
  const digits = id.replace(/\D/g, '')
  if (/^0\d{9}$/.test(digits)) return field('01', `0066${digits.slice(1)}`)
  if (/^\d{13}$/.test(digits)) return field('02', digits)
  if (/^\d{15}$/.test(digits)) return field('03', digits)
  throw new Error('a PromptPay id is a 10-digit mobile number, a 13-digit tax id or a 15-digit e-wallet id')
}

export interface PromptPayRequest {
  /** The merchant's PromptPay id (mobile, tax id or e-wallet id). */
  promptPayId: string
  /** Integer satang, above 0. */
  amountMinor: number
  /** Our reference for this one payment (tag 62, reference label), ASCII letters and digits. */
  reference: string
}

/** Satang as the payload's decimal amount, e.g. 12345 -> "123.45". */
export function formatAmount(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new Error('amount must be positive satang')
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`
}

/** A dynamic (one payment, fixed amount) PromptPay payload with its CRC. */
export function promptPayPayload({ promptPayId, amountMinor, reference }: PromptPayRequest): string {
  if (!/^[0-9A-Za-z]{1,25}$/.test(reference)) throw new Error('reference must be 1 to 25 letters or digits')
  const body = [
    field('00', '01'),
    // "12": dynamic, the code is for this payment only (a static code would be "11").
    field('01', '12'),
    field('29', field('00', PROMPTPAY_AID) + promptPayProxy(promptPayId)),
    field('53', '764'),
    field('54', formatAmount(amountMinor)),
    field('58', 'TH'),
    field('62', field('05', reference)),
  ].join('')
  // The CRC covers its own tag and length too.
  const withCrcHeader = `${body}6304`
  return withCrcHeader + crc16(withCrcHeader).toString(16).toUpperCase().padStart(4, '0')
}

/** The fields of a payload, by tag (a test and debugging aid; no nesting is parsed). */
export function parseFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>()
  let at = 0
  while (at < payload.length) {
    const id = payload.slice(at, at + 2)
    const length = Number(payload.slice(at + 2, at + 4))
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > payload.length) {
      throw new Error(`malformed EMVCo payload at ${at}`)
    }
    fields.set(id, payload.slice(at + 4, at + 4 + length))
    at += 4 + length
  }
  return fields
}

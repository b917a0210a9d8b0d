// @vitest-environment node
// The PromptPay payload (EMVCo merchant-presented QR) and its SVG rendering.
import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { crc16, field, formatAmount, parseFields, PROMPTPAY_AID, promptPayPayload, promptPayProxy } from '../../server/deposit/promptpay'
import { qrSvg } from '../../server/deposit/qrSvg'

describe('CRC-16/CCITT-FALSE', () => {
  it('matches the catalogue check value and vectors computed independently (Python binascii.crc_hqx, init 0xFFFF)', () => {
    expect(crc16('123456789')).toBe(0x29b1)
    expect(crc16('')).toBe(0xffff)
    expect(crc16('00020101021129370016A000000677010111011300668123456785802TH53037646304')).toBe(0x5d82)
    expect(crc16('00020101021229370016A000000677010111021301055610123455303764540510.005802TH62140510QR123456786304')).toBe(0x798b)
  })
})

describe('EMVCo fields', () => {
  it('writes id, two-digit length and value', () => {
    expect(field('58', 'TH')).toBe('5802TH')
    expect(field('54', '1000.00')).toBe('54071000.00')
    expect(() => field('5', 'x')).toThrow()
    expect(() => field('62', 'x'.repeat(100))).toThrow()
  })

  it('formats satang as the amount field', () => {
    expect(formatAmount(1)).toBe('0.01')
    expect(formatAmount(10_00)).toBe('10.00')
    expect(formatAmount(123_45)).toBe('123.45')
    expect(() => formatAmount(0)).toThrow()
    expect(() => formatAmount(1.5)).toThrow()
  })

  it('picks the PromptPay proxy type from the id', () => {
    expect(promptPayProxy('081-234-5678')).toBe('01130066812345678')
    expect(promptPayProxy('0105561012345')).toBe('02130105561012345')
    expect(promptPayProxy('004999012345678')).toBe('0315004999012345678')
    expect(() => promptPayProxy('12345')).toThrow()
  })
})

describe('promptPayPayload', () => {
  const payload = promptPayPayload({ promptPayId: '0105561012345', amountMinor: 10_00, reference: 'QR12345678' })

  it('is the dynamic PromptPay payload, field by field', () => {
    expect(payload).toBe('00020101021229370016A000000677010111021301055610123455303764540510.005802TH62140510QR123456786304798B')
    const fields = parseFields(payload)
    expect([...fields.keys()]).toEqual(['00', '01', '29', '53', '54', '58', '62', '63'])
    expect(fields.get('01')).toBe('12')
    expect(parseFields(fields.get('29')!).get('00')).toBe(PROMPTPAY_AID)
    expect(fields.get('53')).toBe('764')
    expect(fields.get('54')).toBe('10.00')
    expect(parseFields(fields.get('62')!).get('05')).toBe('QR12345678')
  })

  it('ends with the CRC of everything before it, its own tag and length included', () => {
    const other = promptPayPayload({ promptPayId: '0812345670', amountMinor: 1_234_56, reference: 'ABC' })
    const body = other.slice(0, -4)
    expect(body.endsWith('6304')).toBe(true)
    expect(other.slice(-4)).toBe(crc16(body).toString(16).toUpperCase().padStart(4, '0'))
  })

  it('refuses references that are not short letters and digits', () => {
    expect(() => promptPayPayload({ promptPayId: '0812345670', amountMinor: 100, reference: 'A B' })).toThrow()
    expect(() => promptPayPayload({ promptPayId: '0812345670', amountMinor: 100, reference: 'A'.repeat(26) })).toThrow()
  })
})

/** Paints the SVG's path on a white canvas, `scale` pixels a module, as RGBA for jsQR. */
function rasterize(svg: string, scale = 4) {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1])
  const width = size * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  const d = /<path fill="#000" d="([^"]*)"\/>/.exec(svg)![1]
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let col = Number(x); col < Number(x) + Number(run); col++) {
      for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++) {
        for (let px = col * scale; px < (col + 1) * scale; px++) {
          pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3)
        }
      }
    }
  }
  return { pixels, width }
}

describe('qrSvg', () => {
  const payload = promptPayPayload({ promptPayId: '0105561012345', amountMinor: 500_00, reference: 'D0123456789ABCDEF012' })
  const svg = qrSvg(payload)

  it('is one path of runs inside an svg, with nothing that runs or loads', () => {
    expect(svg.match(/<path /g)).toHaveLength(1)
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"[^>]*><path fill="#000" d="(M\d+ \d+h\d+v1h-\d+z)+"\/><\/svg>$/)
    expect(svg).not.toMatch(/script|style|href|on\w+=/i)
    expect(svg.length).toBeLessThan(20_000)
  })

  it('scans back to the payload', () => {
    const { pixels, width } = rasterize(svg)
    expect(jsQR(pixels, width, width)?.data).toBe(payload)
  })
})

import AES from 'crypto-js/aes'
import Utf8 from 'crypto-js/enc-utf8'
import { describe, expect, it } from 'vitest'
import { encryptGiftLink, truelinkBody } from '../../src/features/deposit/truelink'

const secret = 'test-secret-not-the-product-one'
const link = 'https://gift.truemoney.com/campaign/?v=0a1B2c3D4e5F'
const decrypt = (cipher: string, key: string) => AES.decrypt(cipher, key).toString(Utf8)

describe('gift link encryption (crypto-js AES)', () => {
  it('decrypts back to the link with the same secret', () => {
    const cipher = encryptGiftLink(link, secret)
    expect(cipher).not.toContain('truemoney')
    expect(decrypt(cipher, secret)).toBe(link)
  })

  it("writes OpenSSL's salted format, fresh salt each time", () => {
    const first = encryptGiftLink(link, secret)
    const second = encryptGiftLink(link, secret)
    expect(atob(first).startsWith('Salted__')).toBe(true)
    expect(first).not.toBe(second)
    expect(decrypt(second, secret)).toBe(link)
  })

  it('does not open with another secret', () => {
    const cipher = encryptGiftLink(link, secret)
    let opened: string
    try {
      opened = decrypt(cipher, 'another-secret')
    } catch {
      opened = ''
    }
    expect(opened).not.toBe(link)
  })

  it('refuses to encrypt without a secret', () => {
    expect(() => encryptGiftLink(link, '')).toThrow(/secret/)
  })

  it('builds the request body from the canonical link, or nothing', () => {
    const body = truelinkBody(`ซองของขวัญ ${link.replace('https://gift', 'https://GIFT')}`, secret)
    expect(body).not.toBeNull()
    expect(decrypt(body!.link, secret)).toBe(link)
    expect(truelinkBody('https://example.com/?v=1', secret)).toBeNull()
    expect(truelinkBody('', secret)).toBeNull()
  })
})

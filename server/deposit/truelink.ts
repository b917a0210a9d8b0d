import { createDecipheriv, createHash } from 'node:crypto'
import { GIFT_VOUCHER } from '../../contract/giftVoucher'

/**
 * Reads what the app sends as `CryptoJS.AES.encrypt(link, secret).toString()`: base64 of
 * "Salted__", an 8-byte salt and AES-256-CBC ciphertext, whose key and IV come from the passphrase
 * and salt by OpenSSL's EVP_BytesToKey with MD5 and one round. Undefined for anything else.
 */
export function decryptTruelink(encrypted: string, secret: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encrypted)) return undefined
  const raw = Buffer.from(encrypted, 'base64')
  // Header (8) + salt (8) + at least one cipher block (16), whole blocks only.
  if (raw.length < 32 || (raw.length - 16) % 16 !== 0) return undefined
  if (raw.subarray(0, 8).toString('latin1') !== 'Salted__') return undefined
  const salt = raw.subarray(8, 16)
  const { key, iv } = evpBytesToKey(Buffer.from(secret, 'utf8'), salt)
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, iv)
    const plain = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()])
    const text = plain.toString('utf8')
    // A wrong passphrase can still unpad cleanly by chance; its bytes are then not clean UTF-8.
    return Buffer.from(text, 'utf8').equals(plain) ? text : undefined
  } catch {
    return undefined
  }
}

/** 32 key bytes and 16 IV bytes: D_i = MD5(D_(i-1) || passphrase || salt), concatenated. */
function evpBytesToKey(passphrase: Buffer, salt: Buffer): { key: Buffer; iv: Buffer } {
  const blocks: Buffer[] = []
  let previous = Buffer.alloc(0)
  while (Buffer.concat(blocks).length < 48) {
    previous = createHash('md5').update(Buffer.concat([previous, passphrase, salt])).digest()
    blocks.push(previous)
  }
  const bytes = Buffer.concat(blocks)
  return { key: bytes.subarray(0, 32), iv: bytes.subarray(32, 48) }
}

const GIFT_HOSTS = new Set(['gift.truemoney.com'])
const VOUCHER = new RegExp(`^${GIFT_VOUCHER}$`)

/**
 * The voucher code of a TrueMoney gift link (`https://gift.truemoney.com/campaign/?v=<code>`), or
 * undefined when the link is not one. The voucher, not the text of the link, is what must be unique.
 */
export function truelinkVoucher(link: string): string | undefined {
  let url: URL
  try {
    url = new URL(link.trim())
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' || !GIFT_HOSTS.has(url.hostname) || url.username || url.password || url.port) return undefined
  if (url.pathname.replace(/\/+$/, '') !== '/campaign') return undefined
  const voucher = url.searchParams.get('v')
  return voucher !== null && VOUCHER.test(voucher) ? voucher : undefined
}

/** The link as the statement shows it: enough of the voucher to recognise, not enough to redeem. */
export function maskedTruelink(voucher: string): string {
  return `https://gift.truemoney.com/campaign/?v=${voucher.slice(0, 4)}…${voucher.slice(-4)}`
}

// A browser's side of Web Push, for the tests (issue 50): its keys, and the decryption of what a
// push service hands it (RFC 8291's keys, RFC 8188's aes128gcm record), written from the RFCs
// rather than with the library the server encrypts with, so the two check each other.
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto'

export interface BrowserKeys { ecdh: ECDH; authSecret: Buffer; p256dh: string; auth: string }

/** A P-256 key pair and a 16-byte auth secret, as PushSubscription.toJSON() gives them (base64url). */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const authSecret = randomBytes(16)
  return { ecdh, authSecret, p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') }
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer => Buffer.from(hkdfSync('sha256', ikm, salt, info, length))

/** The plaintext of an aes128gcm push body (one record), as the browser decrypts it. */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16)
  const idLength = body[20]
  const serverKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const shared = keys.ecdh.computeSecret(serverKey)
  const ikm = hkdf(shared, keys.authSecret, Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverKey]), 32)
  const key = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12)
  const decipher = createDecipheriv('aes-128-gcm', key, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The last record ends with 0x02, then any zeros of padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  if (padded[end] !== 2) throw new Error('not a last record')
  return padded.subarray(0, end).toString('utf8')
}

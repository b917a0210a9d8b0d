// The TrueMoney gift link travels encrypted (spec 5, 7: POST /api/wallet/truelink { link }):
// crypto-js AES with a passphrase (OpenSSL format, random salt), the secret from runtime config.
// Only the AES module is imported, never all of crypto-js; import this file from a lazily loaded
// screen so crypto-js stays out of the first-load bundle (docs/design.md budgets).
import AES from 'crypto-js/aes'
import { parseGiftLink } from './rules'

/** The link encrypted with the secret: base64 of OpenSSL's `Salted__` format. */
export function encryptGiftLink(link: string, secret: string): string {
  if (!secret) throw new Error('gift link secret missing from the runtime config')
  return AES.encrypt(link, secret).toString()
}

/** The body of POST /api/wallet/truelink for what was typed or scanned; null when it holds no gift link. */
export function truelinkBody(text: string, secret: string): { link: string } | null {
  const link = parseGiftLink(text)
  return link ? { link: encryptGiftLink(link, secret) } : null
}

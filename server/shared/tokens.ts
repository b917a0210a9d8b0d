import { hash, randomBytes } from 'node:crypto'

/** A random secret for the client (session token, OTP token), base64url. */
export const randomToken = (bytes: number): string => randomBytes(bytes).toString('base64url')

/** How such secrets are stored: only their sha256, so a leaked database holds no usable token.
 *  One-shot (`crypto.hash`, Node 20.12): every member call hashes its token. */
export const sha256 = (text: string): string => hash('sha256', text, 'hex')

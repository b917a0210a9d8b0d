// Shared by the deposit tests: the demo member's wallet, read where the deposit credits land, and
// the bodies a player sends (slip images, multipart forms, encrypted gift links).
import { randomBytes } from 'node:crypto'
import AES from 'crypto-js/aes'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { QrState } from '../../contract'
import { walletBalance } from '../../server/shared/ledger'
import { call } from './helpers'

export const DEMO_MEMBER_ID = 123
/** The demo member's seeded balance, in minor units. */
export const DEMO_START_MINOR = 1_500_00

/** A member's wallet balance in minor units (through the ledger module, whatever it becomes). */
export async function balanceOf(app: FastifyInstance, memberId = DEMO_MEMBER_ID): Promise<number> {
  return (await walletBalance(app.serverContext.db, memberId)) ?? Number.NaN
}

/** A distinct JPEG-looking file each call (the simulated reader tells slips apart by content). */
export const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)])
export const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)])

/** A multipart/form-data body with a boundary of its own each call, as a browser sends one. */
export function multipart(parts: { name: string; fileName?: string; type?: string; content: Buffer }[]) {
  const boundary = `----slip${randomBytes(6).toString('hex')}`
  const chunks = parts.flatMap(({ name, fileName, type, content }) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ''}\r\n`),
    Buffer.from(type ? `Content-Type: ${type}\r\n\r\n` : '\r\n'),
    content,
    Buffer.from('\r\n'),
  ])
  return { body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The runtime config's gift link secret in test mode. */
export const TRUELINK_SECRET = 'wallet-demo-truelink'
export const giftLink = (voucher: string) => `https://gift.truemoney.com/campaign/?v=${voucher}`
/** Exactly what the app sends for a gift link. */
export const encryptLink = (link: string, secret = TRUELINK_SECRET) => AES.encrypt(link, secret).toString()

/** A QR deposit of `amount` made by the member and paid (POST /dev/qrcode/:id/pay): its id. */
export async function paidQr(app: FastifyInstance, token: string, amount: number): Promise<string> {
  const created = await call(app, 'POST', '/api/qrcode/KBANK', { token, body: { amount } })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const { qrcodeId } = created.body as unknown as QrState & { qrcodeId: string }
  expect((await call(app, 'POST', `/dev/qrcode/${qrcodeId}/pay`)).status).toBe(200)
  return qrcodeId
}

// Where OTP codes go. Demo, dev and test print them (a developer reads the code off the console);
// production posts them to the operator's SMS gateway and never writes a code to a log.
import { createHmac } from 'node:crypto'
import { maskPhone } from '../shared/mask'

declare module '../shared/context' {
  interface ServerContext {
    sms: OtpSender
  }
}

export interface OtpMessage {
  phone: string
  code: string
  /** The 4-letter reference the player sees beside the code field. */
  reference: string
}

export interface OtpSender {
  sendOtp(message: OtpMessage): Promise<void>
}

/** Demo, dev and test: writes `OTP for <phone>: <code> (ref <reference>)`. */
export function createLogOtpSender(log: (line: string) => void): OtpSender {
  return {
    async sendOtp({ phone, code, reference }) {
      log(`OTP for ${phone}: ${code} (ref ${reference})`)
    },
  }
}

/**
 * Dev and test: the gateway as it is, or switched off (`POST /dev/sms {"down":true}`), so a
 * developer and the browser tests can see what a player sees when SMS fails.
 */
export class SwitchableOtpSender implements OtpSender {
  down = false

  constructor(private readonly gateway: OtpSender) {}

  async sendOtp(message: OtpMessage): Promise<void> {
    if (this.down) throw new Error(`SMS gateway switched off (POST /dev/sms) for ${maskPhone(message.phone)}`)
    await this.gateway.sendOtp(message)
  }
}

/** The headers of a signed webhook call (see createWebhookOtpSender). */
export const SIGNATURE_HEADER = 'x-signature'
export const SIGNATURE_TIMESTAMP_HEADER = 'x-signature-timestamp'

/**
 * The signature of one webhook call: HMAC-SHA256 with the shared secret over
 * `<timestamp>.<body>`, the timestamp in Unix seconds and the body the exact bytes sent, as
 * `sha256=<hex>`. The timestamp is signed with the body, so a captured call cannot be sent again
 * later: the gateway refuses a timestamp far from its clock (README says 5 minutes).
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`
}

export interface WebhookOptions {
  /** SMS_WEBHOOK_SECRET: each call is signed with it (required in production, see env.ts). */
  secret?: string
  send?: typeof fetch
  timeoutMs?: number
  /** Clock in epoch ms, for the signed timestamp; default Date.now. */
  now?: () => number
}

/**
 * Production: POSTs `{ phone, code, reference }` as JSON to the operator's gateway, signed when a
 * secret is set; a non-2xx is a failure. A redirect is not followed (it would carry the code to
 * wherever the answer points): a 3xx is a failed send.
 */
export function createWebhookOtpSender(url: string, { secret, send = fetch, timeoutMs = 10_000, now = Date.now }: WebhookOptions = {}): OtpSender {
  return {
    async sendOtp(message) {
      const body = JSON.stringify(message)
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (secret !== undefined) {
        const timestamp = String(Math.floor(now() / 1000))
        headers[SIGNATURE_TIMESTAMP_HEADER] = timestamp
        headers[SIGNATURE_HEADER] = webhookSignature(secret, timestamp, body)
      }
      const response = await send(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })
      if (response.status >= 300 && response.status < 400) {
        throw new Error(`SMS gateway answered a redirect (${response.status}), not followed, for ${maskPhone(message.phone)}`)
      }
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status} for ${maskPhone(message.phone)}`)
    },
  }
}

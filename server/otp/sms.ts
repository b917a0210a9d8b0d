// Where OTP codes go. Demo, dev and test print them (a developer reads the code off the console);
// production posts them to the operator's SMS gateway and never writes a code to a log.

export interface OtpMessage {
  phone: string
  code: string
  /** The 4-letter reference the player sees beside the code field. */
  reference: string
}

export interface OtpSender {
  sendOtp(message: OtpMessage): Promise<void>
}

/** `0812345678` -> `08xxxxx678`: enough to tell numbers apart in a log, not enough to use one. */
export const maskPhone = (phone: string): string =>
  phone.length <= 5 ? 'x'.repeat(phone.length) : `${phone.slice(0, 2)}${'x'.repeat(phone.length - 5)}${phone.slice(-3)}`

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

/** Production: POSTs `{ phone, code, reference }` as JSON to the operator's gateway; a non-2xx is a failure. */
export function createWebhookOtpSender(url: string, send: typeof fetch = fetch, timeoutMs = 10_000): OtpSender {
  return {
    async sendOtp(message) {
      const response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status} for ${maskPhone(message.phone)}`)
    },
  }
}

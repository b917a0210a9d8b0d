/** Where OTP texts go. The reference server only simulates SMS; a real gateway implements this. */
export interface SmsSender {
  sendSms(phone: string, text: string): Promise<void>
}

/** The OTP text; the dev sender's log line reads `OTP for <phone>: <code> (ref <ref>)`. */
export const otpSmsText = (code: string, ref: string): string => `${code} (ref ${ref})`

/** Dev implementation: writes the text to the log instead of sending it. */
export function createLogSmsSender(log: (line: string) => void): SmsSender {
  return {
    async sendSms(phone, text) {
      log(`OTP for ${phone}: ${text}`)
    },
  }
}

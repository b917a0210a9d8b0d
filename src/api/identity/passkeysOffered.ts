// Whether passkeys are offered here (issue 31), apart from their calls and WebAuthn so the screens
// that only decide whether to show them (login, profile, the step-up prompt) carry nothing more.
import { getConfig } from '../config'

/** A plain browser only (LINE's and Telegram's webviews do not hold passkeys reliably), the operator switched them on, and the browser has WebAuthn. */
export const passkeysOffered = (kind: string): boolean =>
  kind === 'browser' && getConfig().identity?.passkeys === true && typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'

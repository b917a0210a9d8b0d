// The inviter code of spec 2: 'PR' plus the member id. Member ids are the operator's strings (often
// 24 hexadecimal characters), so the id part keeps its case. A code reaches the app as `?code=`, a
// Telegram start_param, LINE's liff.state, or the text of a scanned invite QR: one parser for all.

import { urlParameters } from './url'

/** 'PR' and 1 to 62 characters a Telegram start_param may carry (64 in all). */
const CODE = /^PR([A-Za-z0-9_-]{1,62})$/i

export const inviteCodeFor = (memberId: string): string => `PR${memberId}`

/** A bare inviter code with its prefix written `PR`, or null when the text is not one. */
export function parseInviteCode(text: string): string | null {
  const match = CODE.exec(text.trim())
  return match ? `PR${match[1]}` : null
}

/** What the inviter field keeps of what was typed: no spaces, the prefix as `PR`, the id as typed. */
export const inviteCodeInput = (value: string): string => value.replace(/\s+/g, '').replace(/^pr/i, 'PR')

const CODE_PARAMETERS = ['code', 'startapp', 'start_param', 'tgWebAppStartParam']

/**
 * The inviter code in a text: a bare code, or any invite link — `?code=` (browser, LIFF), `startapp`
 * (t.me link), `tgWebAppStartParam` (Telegram launch parameters), or a `liff.state` that packs one.
 */
export function inviteCodeFromText(text: string): string | null {
  const bare = parseInviteCode(text)
  if (bare) return bare
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return null
  }
  const params = urlParameters(url)
  for (const name of CODE_PARAMETERS) {
    const code = parseInviteCode(params.get(name) ?? '')
    if (code) return code
  }
  const state = params.get('liff.state')
  if (!state) return null
  try {
    return inviteCodeFromText(new URL(state, url.origin).toString())
  } catch {
    return null
  }
}

// The inviter code of spec 2: 'PR' plus the member id. It reaches the app as `?code=`, a
// Telegram start_param, LINE's liff.state, or the text of a scanned invite QR.

const CODE = /^PR\d+$/i

export const inviteCodeFor = (memberId: string): string => `PR${memberId}`

/** Pulls an inviter code out of a scanned QR text: a bare code or any invite link. */
export function inviteCodeFromText(text: string): string | null {
  const trimmed = text.trim()
  if (CODE.test(trimmed)) return trimmed.toUpperCase()
  try {
    const url = new URL(trimmed)
    const fromQuery = url.searchParams.get('code') ?? url.searchParams.get('startapp')
    if (fromQuery && CODE.test(fromQuery)) return fromQuery.toUpperCase()
    const state = url.searchParams.get('liff.state')
    if (state) return inviteCodeFromText(new URL(state, url.origin).toString())
  } catch {
    return null
  }
  return null
}

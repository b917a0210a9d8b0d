// Issue 31: opened inside Telegram or LINE with no session stored, the app first takes back a session
// remembered in Telegram's SecureStorage, else asks the server to sign the player in by the
// messenger's signed credential (a linked account), before the form.
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import type { MessengerProvider } from '../../../contract/identity'
import { getConfig } from '../../api/config'
import { usePlatform, type Platform } from '../../platform'
import { restoreRemembered, session, signIn } from '../../state/session'

/** How long the form waits behind "signing you in" before it shows anyway (the answer may still land). */
export const MESSENGER_SIGN_IN_WAIT_MS = 3000

// Once per app open: a player who signed out, or whose session ended, meets the form.
let attempted = false

/** Screen tests start each app open anew. */
export function forgetMessengerAttempt(): void {
  attempted = false
}

/** What the sign-in page reads (LoginPage's MessengerSignIn, which says what each part means). */
type MessengerSignIn = { waitingFor: MessengerProvider | null; abandon: () => void }

const credentialOf = (platform: Platform, provider: MessengerProvider) =>
  platform.kind === provider ? platform.messengerCredential() : null

/** `landing`: where a signed-in player goes (the guard's wanted URL). */
export function useMessengerSignIn(landing: () => string): MessengerSignIn {
  const { host, platform, ready } = usePlatform()
  const [, navigate] = useLocation()
  const [provider] = useState<MessengerProvider | null>(() =>
    host !== 'browser' && !attempted && !session.token && getConfig().identity?.[host] === true ? host : null)
  const [waiting, setWaiting] = useState(provider !== null)
  const abandoned = useRef(false)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => setWaiting(false), MESSENGER_SIGN_IN_WAIT_MS)
    return () => clearTimeout(timer)
  }, [waiting])

  useEffect(() => {
    if (!provider || !ready || attempted) return
    attempted = true
    const credential = credentialOf(platform, provider)
    const secureStorage = platform.kind === provider ? platform.secureStorage : null
    if (!credential && !secureStorage) return
    // The player changed their mind meanwhile (typed, or signed in with the password).
    const stillWanted = () => mounted.current && !abandoned.current && !session.token
    // A session remembered in Telegram's SecureStorage first: it is the player's own choice of
    // remember-me. Else the messenger's signed credential, which signs in a linked account.
    const signedInBy = async (): Promise<boolean> => {
      const remembered = await restoreRemembered(secureStorage)
      if (remembered) {
        if (stillWanted()) signIn(remembered, true, { restored: true })
        return true
      }
      if (!credential) return false
      // The call's module arrives only in a messenger that signs in: nothing of it in the browser's first load.
      const { messengerLogin } = await import('../../api/identity/messengers')
      const { token } = await messengerLogin(credential)
      // A messenger session lives with the tab: the messenger signs the player in again on the next open.
      if (stillWanted()) signIn(token, false, { openedBy: credential.provider })
      return true
    }
    signedInBy().then(
      (signed) => {
        if (signed && mounted.current && session.token) navigate(landing(), { replace: true })
      },
      () => undefined, // not linked, refused or no answer: the form, as without a messenger
    ).finally(() => {
      if (mounted.current) setWaiting(false)
    })
  }, [provider, ready, platform, navigate, landing])

  // The host's adapter fell back to the browser's, or the messenger gave nothing to send: the form.
  const nothingToSend = ready && provider !== null && !credentialOf(platform, provider) && !(platform.kind === provider && platform.secureStorage)
  return {
    waitingFor: waiting && !nothingToSend ? provider : null,
    abandon: () => {
      abandoned.current = true
      setWaiting(false)
    },
  }
}

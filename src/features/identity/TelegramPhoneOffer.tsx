// "Use my Telegram phone number" (issue 31 section 3), on the login form and registration's phone
// step: inside Telegram, and only where the server can verify what Telegram signs (the runtime
// config's identity.telegramContact). Everywhere else nothing of it loads: the button and its
// strings are a lazy chunk, its place held at the button's height while it arrives.
import { lazy, Suspense } from 'react'
import { getConfig } from '../../api/config'
import type { TelegramContactResponse } from '../../../contract'
import { usePlatform } from '../../platform'

const TelegramPhoneButton = lazy(() => import('./TelegramPhoneButton'))

export function TelegramPhoneOffer({ onPhone }: { onPhone: (answer: TelegramContactResponse) => void }) {
  const { platform, ready } = usePlatform()
  const phoneContact = platform.phoneContact
  if (!ready || !phoneContact || getConfig().identity?.telegramContact !== true) return null
  return (
    <Suspense fallback={<div className="button-slot" aria-hidden="true" />}>
      <TelegramPhoneButton phoneContact={phoneContact} onPhone={onPhone} />
    </Suspense>
  )
}

// The identity feature's ways in, put where the other features' pages show them (issue 53 §2): a
// feature never imports another, so the app hands the sign-in page the passkey and quick-unlock
// buttons, the messenger's sign-in and the Telegram phone offer, registration the phone offer
// (src/app/register.tsx), and the profile its sections (src/app/profile.tsx).
import { lazy } from 'react'
import { LoginPage, type SignInWays } from '../features/auth/LoginPage'
import { TelegramPhoneOffer } from '../features/identity/TelegramPhoneOffer'
import { useMessengerSignIn } from '../features/identity/useMessengerSignIn'

/** Lazy, each with its calls: /login's first load carries neither, nor WebAuthn (issue 31). */
const SIGN_IN_WAYS: SignInWays = {
  Passkey: lazy(() => import('../features/identity/PasskeySignIn')),
  QuickUnlock: lazy(() => import('../features/identity/QuickUnlockSignIn')),
  useMessenger: useMessengerSignIn,
  PhoneOffer: TelegramPhoneOffer,
}

/** /login with every way in. */
export function LoginScreen() {
  return <LoginPage ways={SIGN_IN_WAYS} />
}

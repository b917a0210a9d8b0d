// /register with identity's Telegram phone offer on its phone step (see src/app/identity.tsx); lazy
// from the route table, as the wizard is.
import { RegisterPage } from '../features/auth/register/RegisterPage'
import { TelegramPhoneOffer } from '../features/identity/TelegramPhoneOffer'

export function RegisterScreen() {
  return <RegisterPage PhoneOffer={TelegramPhoneOffer} />
}

// The profile with the identity feature's sections in it (issue 53 §2, see src/app/identity.tsx).
import { lazy } from 'react'
import { MessengersSection } from '../features/identity/MessengersSection'
import { ProfilePage, type IdentitySections } from '../features/profile/ProfilePage'

const SECTIONS: IdentitySections = {
  Messengers: MessengersSection,
  // Lazy, with their calls: passkeys only where they are offered, quick unlock only inside Telegram (issue 31).
  Passkeys: lazy(() => import('../features/identity/PasskeysSection')),
  QuickUnlock: lazy(() => import('../features/identity/QuickUnlockSection')),
}

export function ProfileScreen() {
  return <ProfilePage identitySections={SECTIONS} />
}

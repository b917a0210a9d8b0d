import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { getConfig } from '../api/config'
import { session, signOut } from '../state/session'
import { BottomMenu } from '../ui/BottomMenu'
import { ChatIcon, HomeIcon, PlayIcon, UserPlusIcon, WalletIcon } from '../ui/icons'
import { ChatBubbleSlot } from '../features/chat/ChatBubbleSlot'
import { LanguageSwitch } from './LanguageSwitch'
import { paths } from '../../contract/lib/paths'
import { ScreenSlot } from './ScreenBoundary'

/** The guest shell of spec 2: brand, language, and the bottom menu home/register/how-to/contact. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { appName } = getConfig()
  const [location] = useLocation()

  // Spec 2: the public shell opened while a token exists clears the stored auth. Only where a
  // player means to sign in or register anew: back from home into /howto must not sign them out.
  const entersAccount = location === paths.login || location === paths.register
  useEffect(() => {
    if (entersAccount && session.token) signOut()
  }, [entersAccount])

  return (
    <div className="shell">
      <header className="brand">
        <div className="brand__lang"><LanguageSwitch /></div>
        <span className="brand__logo" aria-hidden="true"><WalletIcon /></span>
        <span className="brand__name">{appName}</span>
      </header>
      <main className="shell__main shell__main--public">
        <ScreenSlot screenKey={location}>{children}</ScreenSlot>
      </main>
      <BottomMenu
        label={t('menu.label')}
        items={[
          { key: 'home', href: paths.login, label: t('menu.home'), icon: <HomeIcon /> },
          { key: 'register', href: paths.register, label: t('menu.register'), icon: <UserPlusIcon /> },
          { key: 'howto', href: paths.howto, label: t('menu.howto'), icon: <PlayIcon /> },
          { key: 'contact', href: paths.contact, label: t('menu.contact'), icon: <ChatIcon /> },
        ]}
      />
      <ChatBubbleSlot />
    </div>
  )
}

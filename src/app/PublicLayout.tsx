import { Suspense, useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../api/config'
import { session, signOut } from '../state/session'
import { BottomMenu } from '../ui/BottomMenu'
import { PageSkeleton } from '../ui/PageSkeleton'
import { ChatIcon, HomeIcon, PlayIcon, UserPlusIcon, WalletIcon } from '../ui/icons'
import { LanguageSwitch } from './LanguageSwitch'

/** The guest shell of spec 2: brand, language, and the bottom menu home/register/how-to/contact. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { appName } = getConfig()

  // Spec 2: a public page opened while a token exists clears all stored auth data.
  useEffect(() => {
    if (session.token) signOut()
  }, [])

  return (
    <div className="shell">
      <header className="brand">
        <div className="brand__lang"><LanguageSwitch /></div>
        <span className="brand__logo" aria-hidden="true"><WalletIcon /></span>
        <span className="brand__name">{appName}</span>
      </header>
      <main className="shell__main shell__main--public">
        <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
      </main>
      <BottomMenu
        label={t('menu.label')}
        items={[
          { key: 'home', href: '/login', label: t('menu.home'), icon: <HomeIcon /> },
          { key: 'register', href: '/register', label: t('menu.register'), icon: <UserPlusIcon /> },
          { key: 'howto', href: '/howto', label: t('menu.howto'), icon: <PlayIcon /> },
          { key: 'contact', href: '/contact', label: t('menu.contact'), icon: <ChatIcon /> },
        ]}
      />
    </div>
  )
}

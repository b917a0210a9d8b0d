import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { getConfig } from '../api/config'
import { revokeToken } from '../api/logout'
import { ConditionsModal } from '../features/info/ConditionsModal'
import { session, signOut } from '../state/session'
import { BottomMenu } from '../ui/BottomMenu'
import { PageSkeleton } from '../ui/PageSkeleton'
import { ChatIcon, DocIcon, HomeIcon, ListIcon, LogoutIcon, UserIcon } from '../ui/icons'
import { LanguageSwitch } from './LanguageSwitch'
import { paths } from './paths'
import { ScreenBoundary } from './ScreenBoundary'

/** The member shell of spec 2: top bar, and the bottom menu with the large home button. */
export function MemberLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const [location, navigate] = useLocation()
  const queryClient = useQueryClient()
  const { appName } = getConfig()
  const [conditionsOpen, setConditionsOpen] = useState(false)

  const logout = () => {
    const token = session.token
    signOut()
    if (token) revokeToken(token)
    queryClient.clear()
    navigate(paths.login, { replace: true })
  }

  return (
    <div className="shell">
      <header className="top-bar">
        <span className="top-bar__name">{appName}</span>
        <LanguageSwitch />
        <button type="button" className="icon-button" aria-label={t('menu.logout')} onClick={logout}>
          <LogoutIcon />
        </button>
      </header>
      <main className="shell__main">
        <ScreenBoundary key={location}>
          <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
        </ScreenBoundary>
      </main>
      <BottomMenu
        label={t('menu.label')}
        items={[
          { key: 'profile', href: paths.member.profile, label: t('menu.profile'), icon: <UserIcon /> },
          { key: 'conditions', onSelect: () => setConditionsOpen(true), label: t('menu.conditions'), icon: <DocIcon /> },
          { key: 'home', href: paths.member.home, label: t('menu.home'), icon: <HomeIcon />, big: true },
          { key: 'statement', href: paths.member.statement, label: t('menu.statement'), icon: <ListIcon /> },
          { key: 'contact', href: paths.member.contact, label: t('menu.contact'), icon: <ChatIcon /> },
        ]}
      />
      <ConditionsModal open={conditionsOpen} onClose={() => setConditionsOpen(false)} />
    </div>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { useSnapshot } from 'valtio'
import { getConfig } from '../api/config'
import { forgetMember } from '../api/queryClient'
import { revokeToken } from '../api/logout'
import { stepUpPrompt } from '../api/identity/stepUp'
import { usePlatform } from '../platform'
import { ConditionsModal } from '../features/info/ConditionsModal'
import { PasswordChangePrompt } from '../features/profile/PasswordChangePrompt'
import { session, signOut } from '../state/session'
import { BottomMenu } from '../ui/BottomMenu'
import { Button } from '../ui/Button'
import { Modal } from '../ui/Modal'
import { ChatIcon, DocIcon, HomeIcon, ListIcon, LogoutIcon, UserIcon } from '../ui/icons'
import { ChatBubbleSlot } from '../features/chat/ChatBubbleSlot'
import { Bell } from '../features/notifications/Bell'
import { LanguageSwitch } from './LanguageSwitch'
import { paths } from '../../contract/lib/paths'
import { ScreenSlot } from './ScreenBoundary'

// Issue 31's prompts load only when they show: the password asked again, the messenger link offer.
const StepUpPrompt = lazy(() => import('../features/identity/StepUpPrompt'))
// An offer, not a need: where its code cannot come (offline) it is not made, rather than the
// screen's boundary taking the member's screen (issue 48 §2).
const LinkOffer = lazy(() => import('../features/identity/LinkOffer').catch(() => ({ default: () => null })))

/** The member shell of spec 2: top bar, and the bottom menu with the large home button. */
export function MemberLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const [location, navigate] = useLocation()
  const queryClient = useQueryClient()
  const { appName } = getConfig()
  const [conditionsOpen, setConditionsOpen] = useState(false)
  const [confirmingLogout, setConfirmingLogout] = useState(false)
  const logoutText = useId()
  const { offerLink } = useSnapshot(session)
  const asking = useSnapshot(stepUpPrompt).open
  const { host, platform } = usePlatform()

  const logout = () => {
    const token = session.token
    signOut()
    // This browser's notifications were the session's (issue 50): the server's copy goes with it.
    void platform.webPush?.unsubscribe()
    if (token) revokeToken(token)
    forgetMember(queryClient)
    navigate(paths.login, { replace: true })
  }

  return (
    <div className="shell">
      <header className="top-bar">
        <span className="top-bar__name">{appName}</span>
        <Bell />
        <LanguageSwitch />
        <button type="button" className="icon-button" aria-label={t('menu.logout')} aria-haspopup="dialog" onClick={() => setConfirmingLogout(true)}>
          <LogoutIcon />
        </button>
      </header>
      <main className="shell__main">
        <PasswordChangePrompt />
        <ScreenSlot screenKey={location}>{children}</ScreenSlot>
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
      <ChatBubbleSlot member />
      <ConditionsModal open={conditionsOpen} onClose={() => setConditionsOpen(false)} />
      <Suspense fallback={null}>
        {asking && <StepUpPrompt />}
        {offerLink && host !== 'browser' && <LinkOffer />}
      </Suspense>
      {/* Spec 2's logout icon, asked first: a tap beside the language switch must not sign the player out. */}
      <Modal open={confirmingLogout} onClose={() => setConfirmingLogout(false)} title={t('member.logoutTitle')} role="alertdialog" describedBy={logoutText}>
        <div className="stack">
          <p id={logoutText}>{t('member.logoutText')}</p>
          <div className="button-row">
            <Button type="button" variant="secondary" onClick={() => setConfirmingLogout(false)}>{t('member.stay')}</Button>
            <Button type="button" variant="danger" onClick={logout}>{t('member.logoutConfirm')}</Button>
          </div>
        </div>
      </Modal>
    </div>
  )
}

import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { usePlatform } from '../platform'
import { session } from '../state/session'
import { ui } from '../state/ui'
import { canGoBack } from './history'
import { paths, ROOT_SCREENS } from '../../contract/lib/paths'


export function BackButtonSync() {
  const [location, navigate] = useLocation()
  const { openModals, blockingModals } = useSnapshot(ui)
  // Runs again when Telegram's adapter takes over from the stand-in browser adapter.
  const { platform } = usePlatform()
  useEffect(() => {
    const visible = openModals > 0 || !ROOT_SCREENS.includes(location)
    platform.setBackButton(visible, () => {
      if (canGoBack()) window.history.back()
      else navigate(session.token ? paths.member.home : paths.login, { replace: true })
    })
  }, [platform, location, openModals, navigate])

  useEffect(() => {
    document.body.classList.toggle('scroll-locked', openModals + blockingModals > 0)
  }, [openModals, blockingModals])
  return null
}

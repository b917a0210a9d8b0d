import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { getPlatform } from '../platform'
import { session } from '../state/session'
import { ui } from '../state/ui'
import { canGoBack } from './history'
import { paths, ROOT_SCREENS } from './paths'


export function BackButtonSync() {
  const [location, navigate] = useLocation()
  const { openModals } = useSnapshot(ui)
  useEffect(() => {
    const visible = openModals > 0 || !ROOT_SCREENS.includes(location)
    getPlatform().setBackButton(visible, () => {
      if (canGoBack()) window.history.back()
      else navigate(session.token ? paths.member.home : paths.login, { replace: true })
    })
  }, [location, openModals, navigate])

  useEffect(() => {
    document.body.classList.toggle('scroll-locked', openModals > 0)
  }, [openModals])
  return null
}

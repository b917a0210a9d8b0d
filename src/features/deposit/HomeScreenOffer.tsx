import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../api/config'
import { storageKeys } from '../../lib/storage'
import { usePlatform } from '../../platform'
import { Button } from '../../ui/Button'

const offeredBefore = (): boolean => {
  try {
    return localStorage.getItem(storageKeys.homeScreenOffered) !== null
  } catch {
    return true // storage blocked: the promise "once" cannot be kept, so not at all
  }
}

const rememberOffered = (): void => {
  try {
    localStorage.setItem(storageKeys.homeScreenOffered, new Date().toISOString())
  } catch {
    // Blocked storage: offeredBefore() already says yes.
  }
}

/**
 * Issue 31 "one tap away": after a deposit arrived, the host's home-screen shortcut (Telegram,
 * LINE MINI App), offered once on this device. Shown means offered: it never comes back, whether
 * the player adds it, says not now or just closes the receipt; nor when the host says the app is
 * there already. Nothing shows where the host has no such shortcut.
 */
export function HomeScreenOffer() {
  const { t } = useTranslation()
  const { platform, ready } = usePlatform()
  const [shown, setShown] = useState<'none' | 'offer' | 'added'>('none')
  const titleId = useId()

  useEffect(() => {
    const homeScreen = platform.homeScreen
    if (!ready || !homeScreen || offeredBefore()) return
    let live = true
    void homeScreen.status().then((status) => {
      if (!live || offeredBefore()) return
      if (status === 'added') rememberOffered()
      if (status !== 'available') return
      rememberOffered()
      setShown('offer')
    })
    return () => {
      live = false
    }
  }, [platform, ready])

  if (shown === 'added') return <p className="home-offer__added" role="status">{t('deposit.homeScreenAdded')}</p>
  if (shown === 'none' || !platform.homeScreen) return null
  const { homeScreen } = platform
  const add = () => {
    // Straight from the tap: LINE opens its own page before anything is awaited.
    const asking = homeScreen.add()
    setShown('none')
    void asking.then((result) => {
      if (result === 'added') setShown('added')
    })
  }
  return (
    <section className="home-offer" aria-labelledby={titleId}>
      <h3 id={titleId} className="home-offer__title">{t('deposit.homeScreenTitle', { appName: getConfig().appName })}</h3>
      <p className="home-offer__text">{t('deposit.homeScreenText')}</p>
      <div className="home-offer__actions">
        <Button type="button" variant="secondary" onClick={() => setShown('none')}>{t('deposit.homeScreenLater')}</Button>
        <Button type="button" variant="secondary" onClick={add}>{t('deposit.homeScreenAdd')}</Button>
      </div>
    </section>
  )
}

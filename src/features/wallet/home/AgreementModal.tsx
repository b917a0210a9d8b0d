import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { whenIdle } from '../../../lib/idle'
import { storageKeys } from '../../../lib/storage'
import { Button } from '../../../ui/Button'
import { Modal } from '../../../ui/Modal'
import { loadSanitizer, SafeHtml } from '../../../ui/SafeHtml'
import { useAgreements } from '../api'
import { Skeleton } from '../../../ui/Loader'

/** Spec 2 and 9: 1.5 s after home loads, the agreement, until the player has accepted it once. */
export const AGREEMENT_DELAY_MS = 1500

const accepted = () => localStorage.getItem(storageKeys.rememberAgreement) === 'true'

export function AgreementModal() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  // Read as home loads, not when the modal opens: at 1.5 s the text is there, not a skeleton that
  // fills in seconds later over a home the player has started to use (issue 29, Lao on a slow line).
  // Asked once home's first render is done (idle, at the latest half-way to the opening), so the
  // answer and DOMPurify's code are not more work in home's first tasks (issue 32, a first visit).
  const [needed] = useState(() => !accepted())
  const [asked, setAsked] = useState(false)
  const agreements = useAgreements(needed && asked)

  useEffect(() => {
    if (!needed) return
    const timer = window.setTimeout(() => setOpen(true), AGREEMENT_DELAY_MS)
    const cancel = whenIdle(() => {
      setAsked(true)
      // DOMPurify comes with the text, so both are there when the agreement opens.
      loadSanitizer().catch(() => undefined)
    }, AGREEMENT_DELAY_MS / 2)
    return () => {
      window.clearTimeout(timer)
      cancel()
    }
  }, [needed])

  // A press begun before the agreement appeared (a tap in progress on home) never accepts it: only
  // one that began on the button, or the keyboard (a click with no pointer, detail 0), does.
  const pressed = useRef(false)
  const accept = (event: MouseEvent) => {
    if (event.detail > 0 && !pressed.current) return
    localStorage.setItem(storageKeys.rememberAgreement, 'true')
    setOpen(false)
  }

  // Only accepting closes it (issue 18): no close button, Escape, backdrop or back.
  return (
    <Modal open={open} onClose={() => undefined} dismissible={false} className="agreement" title={t('home.agreementTitle')}>
      <div className="stack">
        {agreements.isPending && <Skeleton height={160} />}
        {agreements.isError && <p className="notice notice--error" role="alert">{agreements.error.message}</p>}
        {agreements.data?.map((html, index) => <SafeHtml key={index} className="rich-text" html={html} />)}
        <Button type="button" block className="agreement__accept" onPointerDown={() => { pressed.current = true }} onClick={accept}>
          {t('home.agreementAccept')}
        </Button>
      </div>
    </Modal>
  )
}

import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { openDialogs } from './dialogStack'
import { useHistoryLayer } from './historyLayer'
import { ui } from '../state/ui'
import { CloseIcon } from './icons'
import { useScrollEdges } from './useScrollEdges'


interface ModalProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  wide?: boolean
  /** `alertdialog` for a dialog that interrupts to say something went wrong. */
  role?: 'dialog' | 'alertdialog'
  /** The id of the element whose text describes the dialog (read out when it opens). */
  describedBy?: string
  /** False for a dialog only its own action closes (no close button, Escape, backdrop or back). */
  dismissible?: boolean
  className?: string
}

/**
 * A sheet stays where it opened while its content changes (issue 51): a form that becomes its
 * receipt, a line of error that appears. Its top is the one it opened at (centred, or at the top
 * where its CSS puts it there); it moves up only as far as a grown sheet needs to stay on screen,
 * and goes back when there is room again (the keyboard closed).
 */
function useKeptTop(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  // After showModal (the effect before it): a dialog not shown has no place to keep.
  useEffect(() => {
    const dialog = ref.current
    if (!open || !dialog || typeof ResizeObserver === 'undefined') return
    const opened = parseFloat(getComputedStyle(dialog).marginTop) || 0
    const place = () => {
      const top = Math.max(0, Math.min(opened, window.innerHeight - dialog.offsetHeight))
      dialog.style.margin = `${top}px auto 0`
    }
    place()
    const observer = new ResizeObserver(place)
    observer.observe(dialog)
    window.addEventListener('resize', place)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', place)
      dialog.style.margin = ''
    }
  }, [ref, open])
}

/** Every dialog of the app: a native modal <dialog> (focus trap, Escape, top layer). */
export function Modal({ open, onClose, title, children, wide, role, describedBy, dismissible = true, className }: ModalProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useHistoryLayer(open && dismissible, onClose)
  // A dialog without a back layer still locks the page and hosts the toasts (ui.ts).
  useEffect(() => {
    if (!open || dismissible) return
    ui.blockingModals++
    return () => {
      ui.blockingModals--
    }
  }, [open, dismissible])

  useEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    const returnFocus = document.activeElement as HTMLElement | null
    if (!dialog.open) dialog.showModal()
    openDialogs.push(dialog)
    return () => {
      openDialogs.splice(openDialogs.indexOf(dialog), 1)
      dialog.close()
      focusBack(returnFocus)
    }
  }, [open])
  useKeptTop(ref, open)
  // A body cut by a short screen fades at the edge that has more (issue 51): at 320 x 568 a QR
  // code's countdown and buttons are below the fold, and nothing else says so.
  const body = useRef<HTMLDivElement>(null)
  const more = useScrollEdges(body, 'y', open)

  if (!open) return null
  return (
    <dialog
      ref={ref}
      className={['modal', wide && 'modal--wide', className].filter(Boolean).join(' ')}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // React passes a dialog's cancel (Escape, Android's back) on to the dialogs around it, as if
        // it bubbled: only the one it was meant for closes, not the sheet under an error too.
        if (event.target !== event.currentTarget) return
        event.preventDefault()
        if (dismissible) onClose()
      }}
      onClick={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose()
      }}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId}>{title}</h2>
          {dismissible && (
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
              <CloseIcon />
            </button>
          )}
        </header>
        {/* A body that scrolls takes a Tab stop of its own, so a keyboard scrolls it with the arrows,
            even when it holds nothing else to Tab to (a refund's text on a short screen). */}
        <div ref={body} tabIndex={more.start || more.end ? 0 : undefined}
          className={['modal__body', more.start && 'modal__body--more-start', more.end && 'modal__body--more-end'].filter(Boolean).join(' ')}>
          {children}
        </div>
      </div>
    </dialog>
  )
}

/** Focus goes back where it was when the modal opened. The page may have replaced that element
 *  while the modal was open (home's static game row becomes its carousel when the page is idle):
 *  then the element standing for the same thing (its `data-code`) takes it, not the page's body. */
function focusBack(element: HTMLElement | null) {
  if (!element?.focus) return
  if (element.isConnected) return element.focus()
  const code = element.dataset.code
  if (code) document.querySelector<HTMLElement>(`[data-code="${CSS.escape(code)}"]`)?.focus({ preventScroll: true })
}

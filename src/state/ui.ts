// What the screen shows besides server data: toasts, the number of open modals (for the back
// stack and the scroll lock) and how many calls are pending (for the delayed loader).
import { proxy } from 'valtio'
import { changeLanguage } from '../i18n/i18n'
import { isLanguage } from '../../contract/lib/language'

export type ToastKind = 'success' | 'error' | 'info'
export interface Toast {
  id: number
  kind: ToastKind
  text: string
}

export const TOAST_MS = 4000

export const ui = proxy({
  toasts: [] as Toast[],
  openModals: 0,
  /** Open dialogs only their own action closes (no back layer): they lock the page and host toasts too. */
  blockingModals: 0,
  pendingCalls: 0,
})

let nextToastId = 1

/** Shows a toast for TOAST_MS; the same words already showing are not shown twice (a failure a
 *  screen and the money call both say, when the screen had gone before the answer). */
export function showToast(text: string, kind: ToastKind = 'error'): void {
  if (ui.toasts.some((toast) => toast.text === text && toast.kind === kind)) return
  const id = nextToastId++
  ui.toasts.push({ id, kind, text })
  setTimeout(() => dismissToast(id), TOAST_MS)
}

export function dismissToast(id: number): void {
  const index = ui.toasts.findIndex((toast) => toast.id === id)
  if (index >= 0) ui.toasts.splice(index, 1)
}

export function callStarted(): void {
  ui.pendingCalls++
}
export function callEnded(): void {
  ui.pendingCalls = Math.max(0, ui.pendingCalls - 1)
}

/** The player picks a language (the top bar's switch, the profile's row): its strings download;
 *  offline, `failed` says so in a toast rather than the screen silently staying as it was. */
export function chooseLanguage(value: string, failed: string): void {
  if (isLanguage(value)) changeLanguage(value).catch(() => showToast(failed))
}

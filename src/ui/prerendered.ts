// The app takes over the screen the page prerendered (issue 32; src/prerender/show.ts): the player
// may have typed, ticked, focused a field or sent the form before the JavaScript came. Once the
// app's own screen is mounted, still hidden under the prerendered one, each control the player
// changed is changed the same way in the app's (as typing would: React hears an input event), focus
// and caret move across, a form sent is sent again by the app, and the prerendered screen goes,
// all in one task: nothing moves, nothing typed is lost.
import { useEffect } from 'react'
import { FORM_CONTROLS, PRERENDERED_CLASS, PRERENDERED_ID } from '../lib/prerender'

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

const shownScreen = (): HTMLElement | null => {
  const element = document.getElementById(PRERENDERED_ID)
  return element?.firstElementChild ? element : null
}

/** The path the page prerendered, while its screen is shown; else null. */
let shownPath: string | null = typeof document === 'undefined' ? null : shownScreen() ? window.location.pathname : null

export const prerenderedPath = (): string | null => shownPath

function changedByPlayer(control: Control): boolean {
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) return control.checked !== control.defaultChecked
  if (control instanceof HTMLSelectElement) return [...control.options].some((option) => option.selected !== option.defaultSelected)
  return control.value !== control.defaultValue
}

/** Sets a control the way the player would, so React's onChange hears it. */
function changeLike(player: Control, app: Control): void {
  if (app instanceof HTMLInputElement && (app.type === 'checkbox' || app.type === 'radio')) {
    if (app.checked !== (player as HTMLInputElement).checked) app.click()
    return
  }
  if (app.value === player.value) return
  // React tracks the value it set: the prototype's setter goes around that, as a keystroke would.
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(app) as object, 'value')?.set
  setter?.call(app, player.value)
  app.dispatchEvent(new Event(app instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
}

function moveCaret(from: Control, to: Control): void {
  to.focus({ preventScroll: true })
  if (from instanceof HTMLSelectElement || to instanceof HTMLSelectElement) return
  try {
    to.setSelectionRange(from.selectionStart, from.selectionEnd, from.selectionDirection ?? undefined)
  } catch {
    // A control without a caret (a checkbox).
  }
}

/** The prerendered screen goes, and #root shows. */
export function dropPrerendered(): void {
  shownPath = null
  document.getElementById(PRERENDERED_ID)?.remove()
  document.documentElement.classList.remove(PRERENDERED_CLASS)
}

/** Moves what the player did on the prerendered screen onto the app's, then shows the app's. */
export function takeOverPrerendered(appScreen: HTMLElement): void {
  const shown = shownScreen()
  if (!shown) return dropPrerendered()
  const before = [...shown.querySelectorAll<Control>(FORM_CONTROLS)]
  const after = [...appScreen.querySelectorAll<Control>(FORM_CONTROLS)]
  const focused = document.activeElement && shown.contains(document.activeElement) ? before.indexOf(document.activeElement as Control) : -1
  const sent = [...shown.querySelectorAll('form')].findIndex((form) => 'sent' in form.dataset)
  const alike = before.length === after.length && before.every((control, i) => control.tagName === after[i].tagName && control.type === after[i].type)
  if (alike) before.forEach((control, i) => changedByPlayer(control) && changeLike(control, after[i]))
  dropPrerendered()
  if (!alike) return
  if (focused >= 0) moveCaret(before[focused], after[focused])
  if (sent >= 0) appScreen.querySelectorAll('form')[sent]?.requestSubmit()
}

/** In a prerendered screen's component: takes the prerendered screen over once it is mounted. Just
 *  after React's effects, not inside them: there, React would hold the changes until the effects
 *  end and meanwhile put each control back as its state says (caret and all); outside, each change
 *  is in the state before the next line runs, so the form can be sent at once. */
export function useTakeOverPrerendered(path: string): void {
  useEffect(() => {
    if (shownPath !== path) return
    queueMicrotask(() => {
      const root = document.getElementById('root')
      if (root && shownPath === path) takeOverPrerendered(root)
    })
  }, [path])
}

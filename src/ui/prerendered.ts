// The app takes over the screen the page prerendered (issue 32; src/prerender/show.ts): the player
// may have typed, ticked, focused a field, pressed a button, followed a link or sent the form before the JavaScript came. The app
// renders into #root held out of the document meanwhile (no second form beside the first, no id
// twice); once its own screen is mounted, each control the player changed is changed the same way
// in the app's (as typing would: React hears an input event), #root takes the prerendered screen's
// place, focus and caret move across and a form sent is sent again by the app, all in one task:
// nothing moves, nothing typed is lost.
import { useEffect } from 'react'
import { FORM_CONTROLS, leavePrerendered, PRERENDERED_ID } from '../../contract/lib/prerender'

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** The prerendered screen while it is shown, and the app's #root held out of the page under it. */
let shown: { screen: HTMLElement; path: string; root: HTMLElement } | null = null

/** At boot, before the app renders into `root`: when the page shows a prerendered screen, `root`
 *  leaves the document until the app takes the screen over. */
export function holdUnderPrerendered(root: HTMLElement): void {
  const screen = document.getElementById(PRERENDERED_ID)
  if (!screen?.firstElementChild) return leavePrerendered()
  shown = { screen, path: screen.dataset.path ?? window.location.pathname, root }
  root.remove()
}

/** The path the page prerendered, while its screen is shown; else null. */
export const prerenderedPath = (): string | null => shown?.path ?? null

/** The prerendered /login has shown its form (after the service check, or its wait): the app's
 *  shows at once too. */
export const prerenderedShowsForm = (): boolean => shown !== null && 'formShown' in shown.screen.dataset

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

/** The prerendered screen goes, and #root takes its place. */
export function dropPrerendered(): void {
  if (!shown) return
  const { screen, root } = shown
  shown = null
  screen.replaceWith(root)
}

/** What a button says (its text and its label). */
const saying = (button: HTMLButtonElement): string => `${button.textContent ?? ''}\u0000${button.getAttribute('aria-label') ?? ''}`

/** The app's button that is `pressed` of the prerendered screen: the one that says the same, the
 *  first such if it was the first, the second if the second (the app's screen has more buttons than
 *  the prerendered one, a member's game cards, so places differ but what they say does not). A
 *  button that says more once the app knows more (the bell's "1 new", issue 48: a tap on it before
 *  the app came was lost) is the one of the same class, counted the same way. */
function sameButton(pressed: HTMLButtonElement, screen: HTMLElement, root: HTMLElement): HTMLButtonElement | undefined {
  const by = (key: (button: HTMLButtonElement) => string) => {
    const alike = (within: HTMLElement) => [...within.querySelectorAll('button')].filter((button) => key(button) === key(pressed))
    return alike(root)[alike(screen).indexOf(pressed)]
  }
  return by(saying) ?? (pressed.className ? by((button) => button.className) : undefined)
}

/** A link followed on the prerendered screen is followed in the app: its own link, so the router
 *  moves (no page load); the address itself if the app's screen has no such link. */
function follow(root: HTMLElement, href: string): void {
  const link = [...root.querySelectorAll('a')].find((candidate) => candidate.getAttribute('href') === href)
  if (link) link.click()
  else window.location.assign(href)
}

/** Moves what the player did on the prerendered screen onto the app's, then puts the app's in its place. */
function takeOver(): void {
  if (!shown) return
  const { screen, root } = shown
  const before = [...screen.querySelectorAll<Control>(FORM_CONTROLS)]
  const after = [...root.querySelectorAll<Control>(FORM_CONTROLS)]
  const focused = document.activeElement && screen.contains(document.activeElement) ? before.indexOf(document.activeElement as Control) : -1
  const sent = [...screen.querySelectorAll('form')].findIndex((form) => 'sent' in form.dataset)
  const pressed = screen.dataset.pressed === undefined ? undefined : screen.querySelectorAll('button')[Number(screen.dataset.pressed)]
  const followed = screen.dataset.followed
  const alike = before.length === after.length && before.every((control, i) => control.tagName === after[i].tagName && control.type === after[i].type)
  if (alike) before.forEach((control, i) => changedByPlayer(control) && changeLike(control, after[i]))
  const press = pressed && sameButton(pressed, screen, root)
  dropPrerendered()
  press?.click()
  if (followed !== undefined) follow(root, followed)
  if (!alike) return
  if (focused >= 0) moveCaret(before[focused], after[focused])
  if (sent >= 0) root.querySelectorAll('form')[sent]?.requestSubmit()
}

/** In a prerendered screen's component: takes the prerendered screen over once it is mounted. Just
 *  after React's effects, not inside them: there, React would hold the changes until the effects
 *  end and meanwhile put each control back as its state says (caret and all); outside, each change
 *  is in the state before the next line runs, so the form can be sent at once. */
export function useTakeOverPrerendered(path: string): void {
  useEffect(() => {
    if (shown?.path !== path) return
    queueMicrotask(() => {
      if (shown?.path === path) takeOver()
    })
  }, [path])
}

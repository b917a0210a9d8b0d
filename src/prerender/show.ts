// Runs in the page before the app's JavaScript (from the prepaint script, called by the line of
// script after the templates): shows the prerendered screen in the variant and language the app
// will start in, with the operator's name, and keeps what the player does with it until the app
// takes it over (src/app/prerendered.ts).
import type { RuntimeConfig } from '../api/contract'
import { ACTIVE_CHECK_WAIT_MS, earlyActive } from '../api/early'
import { APP_NAME_MARK, PRERENDERED_ID, TEMPLATE_ATTRIBUTE, templateKey } from '../lib/prerender'

export function showPrerendered(config: RuntimeConfig, language: string): void {
  const template = document.querySelector<HTMLTemplateElement>(`template[${TEMPLATE_ATTRIBUTE}="${templateKey(config.variant, language)}"]`)
  const target = document.getElementById(PRERENDERED_ID)
  if (!template || !target) return
  const screen = template.content.cloneNode(true) as DocumentFragment
  const texts = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT)
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (node.nodeValue?.includes(APP_NAME_MARK)) node.nodeValue = node.nodeValue.replaceAll(APP_NAME_MARK, config.appName)
  }
  target.replaceChildren(screen)
  waitForTheCheck(target)
  document.querySelectorAll(`template[${TEMPLATE_ATTRIBUTE}]`).forEach((unused) => unused.remove())
  document.getElementById('root')?.replaceChildren()
  // A form sent before the app has come is sent by the app, once it has (never as a page load
  // that would put a password in the address).
  target.addEventListener('submit', (event) => {
    event.preventDefault()
    ;(event.target as HTMLElement).dataset.sent = ''
  })
}

/** /login is prerendered as the app first draws it (spec 2): the form's place held, hidden, while
 *  the service check runs. It shows when the prepaint script's check answers, at once if that
 *  fails, or after ACTIVE_CHECK_WAIT_MS, as LoginGuard does; a terminated service never shows it
 *  (the app goes to /terminated). The classes are ReservedSkeleton's (src/ui/ReservedSkeleton.tsx). */
function waitForTheCheck(target: HTMLElement): void {
  const held = target.querySelector<HTMLElement>('.reserved--waiting')
  if (!held) return
  const show = () => {
    clearTimeout(timer)
    if (!held.classList.contains('reserved--waiting')) return
    held.classList.remove('reserved--waiting')
    held.removeAttribute('aria-busy')
    const content = held.querySelector<HTMLElement>('.reserved__content')
    content?.removeAttribute('inert')
    content?.removeAttribute('aria-hidden')
    held.querySelector('.reserved__skeleton')?.remove()
    target.dataset.formShown = ''
  }
  const timer = setTimeout(show, ACTIVE_CHECK_WAIT_MS)
  const check = earlyActive()
  if (!check) return show()
  void check.then((answer) => (answer?.terminated ? clearTimeout(timer) : show()))
}

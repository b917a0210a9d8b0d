// Runs in the page before the app's JavaScript (from the prepaint script, called by the line of
// script after the templates): shows the prerendered screen in the variant and language the app
// will start in, with the operator's name, and keeps what the player does with it until the app
// takes it over (src/ui/prerendered.ts).
import type { RuntimeConfig } from '../../contract'
import { ACTIVE_CHECK_WAIT_MS, earlyActive } from '../api/early'
import type { Language } from '../../contract/lib/language'
import { APP_NAME_MARK, leavePrerendered, PRERENDERED_ID, TEMPLATE_ATTRIBUTE, templateKey } from '../../contract/lib/prerender'

/** `screen`: the one the app will open (the prepaint script's: a member screen without a session is
 *  /login); the page's prerendered screen shows only if it is that one. The page's line of script
 *  starts the app after this, once the page has painted (scripts/prerender.ts). */
export function showPrerendered(config: RuntimeConfig, language: Language, screen: string, messengerFirst = false): void {
  show(document.getElementById(PRERENDERED_ID), config, language, screen, messengerFirst)
}

function show(target: HTMLElement | null, config: RuntimeConfig, language: Language, screen: string, messengerFirst: boolean): void {
  const template = document.querySelector<HTMLTemplateElement>(`template[${TEMPLATE_ATTRIBUTE}="${templateKey(config.variant, language)}"]`)
  if (!template || !target || target.dataset.path !== screen) {
    leavePrerendered() // not this page's screen (a guest's home): index.html's splash
    return
  }
  const content = template.content.cloneNode(true) as DocumentFragment
  const texts = document.createTreeWalker(content, NodeFilter.SHOW_TEXT)
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (node.nodeValue?.includes(APP_NAME_MARK)) node.nodeValue = node.nodeValue.replaceAll(APP_NAME_MARK, config.appName)
  }
  target.replaceChildren(content)
  document.querySelectorAll(`template[${TEMPLATE_ATTRIBUTE}]`).forEach((unused) => unused.remove())
  document.getElementById('root')?.replaceChildren()
  // A form sent before the app has come is sent by the app, once it has (never as a page load
  // that would put a password in the address).
  target.addEventListener('submit', (event) => {
    event.preventDefault()
    ;(event.target as HTMLElement).dataset.sent = ''
  })
  // For what fills the screen in later (src/prerender/homeFrame.ts): its language and words.
  target.dataset.language = language
  if (template.dataset.strings) target.dataset.strings = template.dataset.strings
  // So is the last button pressed (the conditions, the logout): the app presses it again. A link
  // of the app's own (the menu's) is followed by the app too, not as a page load that would start
  // everything again (and, in Telegram, lose the launch data in the address).
  target.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a')
    if (link && followedByTheApp(link, event)) {
      event.preventDefault()
      delete target.dataset.pressed
      target.dataset.followed = link.getAttribute('href') ?? ''
      return
    }
    const button = (event.target as Element).closest('button')
    if (!button || button.type === 'submit' || button.disabled) return
    delete target.dataset.followed
    target.dataset.pressed = String([...target.querySelectorAll('button')].indexOf(button))
  })
  // The app tries the messenger's sign-in first: its form, not this one, shows once that is done.
  if (!messengerFirst) waitForTheCheck(target)
}

/** A plain click on a link to another of the app's pages (not a new tab, not a download). */
function followedByTheApp(link: HTMLAnchorElement, event: MouseEvent): boolean {
  const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
  return plain && link.origin === window.location.origin && !link.target && !link.hasAttribute('download')
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

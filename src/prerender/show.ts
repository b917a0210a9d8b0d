// Runs in the page before the app's JavaScript (from the prepaint script, called by the line of
// script after the templates): shows the prerendered screen in the variant and language the app
// will start in, with the operator's name, and keeps what the player does with it until the app
// takes it over (src/ui/prerendered.ts).
import type { RuntimeConfig, WalletResponse } from '../api/contract'
import { ACTIVE_CHECK_WAIT_MS, earlyActive, earlyWallet } from '../api/early'
import type { Language } from '../lib/language'
import { totalBalance } from '../lib/games'
import { currencyOf, formatMoney, sumAmounts } from '../lib/money'
import { APP_NAME_MARK, leavePrerendered, PRERENDERED_ID, TEMPLATE_ATTRIBUTE, templateKey } from '../lib/prerender'
import { storageKeys } from '../lib/storage'

/** `screen`: the one the app will open (the prepaint script's: a member screen without a session is
 *  /login); the page's prerendered screen shows only if it is that one. */
export function showPrerendered(config: RuntimeConfig, language: Language, screen: string): void {
  const target = document.getElementById(PRERENDERED_ID)
  const app = target?.dataset.app
  let shown = false
  try {
    shown = show(target, config, language, screen)
  } finally {
    // The app starts whatever happened above: once the screen has painted (a hidden page paints no
    // frame: it starts after a moment anyway), or at once.
    if (app) {
      let started = false
      const start = () => {
        if (started) return
        started = true
        startApp(app)
      }
      if (!shown) start()
      else {
        requestAnimationFrame(() => setTimeout(start, 0))
        setTimeout(start, AFTER_PAINT_AT_LATEST_MS)
      }
    }
  }
}

/** When the app starts at the latest if no frame has painted (a page opened in the background). */
const AFTER_PAINT_AT_LATEST_MS = 250

function startApp(src: string): void {
  const script = document.createElement('script')
  script.type = 'module'
  script.crossOrigin = ''
  script.src = src
  document.head.appendChild(script)
}

function show(target: HTMLElement | null, config: RuntimeConfig, language: Language, screen: string): boolean {
  const template = document.querySelector<HTMLTemplateElement>(`template[${TEMPLATE_ATTRIBUTE}="${templateKey(config.variant, language)}"]`)
  if (!template || !target || target.dataset.path !== screen) {
    leavePrerendered() // not this page's screen (a guest's home): index.html's splash
    return false
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
  waitForTheCheck(target)
  showTheBalance(target, language)
  return true
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

/** The member home's frame: the balance card shows the total, the main wallet and the games as
 *  BalanceCard does (src/features/wallet/home/BalanceCard.tsx), once the prepaint script's wallet
 *  answer comes. The line of the last refresh, which the app words from the time it keeps, is held
 *  blank for it. */
function showTheBalance(target: HTMLElement, language: Language): void {
  const card = target.querySelector<HTMLElement>('.balance-card')
  if (!card) return
  const sync = card.querySelector<HTMLElement>('.balance-card__sync [aria-live]')
  if (sync && localStorage.getItem(storageKeys.lastSync)) sync.style.visibility = 'hidden'
  void earlyWallet()?.then((answer: WalletResponse | null) => {
    if (!answer || !target.isConnected) return
    const money = (value: number) => formatMoney(value, language, currencyOf(answer.wallet.currency))
    const total = card.querySelector<HTMLElement>('.balance-card__total')
    if (total) {
      total.className = 'balance-card__total'
      total.removeAttribute('aria-label')
      total.dataset.testid = 'total-balance'
      total.dataset.amount = ''
      total.textContent = money(totalBalance(answer.wallet.amount, answer.slots))
    }
    const split = card.querySelectorAll('.balance-card__split dd')
    if (split[0]) split[0].textContent = money(answer.wallet.amount)
    if (split[1]) split[1].textContent = money(sumAmounts(answer.slots.map((slot) => slot.amount)))
    card.removeAttribute('aria-busy')
  })
}

// In home.html only, after the line that shows the prerendered screen (scripts/prerender.ts): the
// member home's frame says what the app's first render will say, with the app's own code, so the
// app's screen replaces it word for word (nothing moves, nothing new becomes the largest paint):
// the greeting, the balance card (total, main wallet, games) and the line of the last refresh (the
// wallet carries every game balance: BalanceCard's words) once the prepaint script's wallet answer
// comes, as HomePage and BalanceCard draw them.
import type { WalletResponse } from '../../contract'
import { earlyWallet, earlyWalletAt } from '../api/early'
import { shortDateTime } from '../lib/dates'
import { totalBalance } from '../lib/games'
import { isLanguage, type Language } from '../../contract/lib/language'
import { currencyOf, formatMoney, sumAmounts } from '../../contract/lib/money'
import { type FrameStrings, PRERENDERED_ID, VALUE_MARK } from '../../contract/lib/prerender'
import { readLastSync } from '../lib/storage'

/** Shown once it says what the app will: a browser counts an element's first paint only (the
 *  largest of them is the page's largest paint), so what the wallet answer rewords waits unseen,
 *  in its place, for its last words. */
function reveal(element: HTMLElement | null | undefined, text?: string): void {
  if (!element) return
  if (text !== undefined) element.textContent = text
  element.style.visibility = ''
}

function fill(frame: HTMLElement, language: Language, strings: FrameStrings): void {
  const title = frame.querySelector<HTMLElement>('#home-title')
  const sync = frame.querySelector<HTMLElement>('.balance-card__sync [aria-live]')
  const synced = (at: number) => strings.lastSync.replace(VALUE_MARK, shortDateTime(at, language))
  for (const element of [title, sync]) if (element) element.style.visibility = 'hidden'
  const wallet = earlyWallet() ?? Promise.resolve(null)
  void wallet.then((answer: WalletResponse | null) => {
    if (!frame.isConnected) return
    if (!answer) {
      // No answer to show: the words the app starts with until its own read.
      const kept = readLastSync()
      reveal(title)
      reveal(sync, kept ? synced(kept) : undefined)
      return
    }
    reveal(title, strings.greeting.replace(VALUE_MARK, answer.profile.name))
    // The wallet carries every game balance: as fresh as its answer, as the app will say (api/wallet.ts).
    reveal(sync, synced(earlyWalletAt() ?? Date.now()))
    const card = frame.querySelector('.balance-card')
    const money = (value: number) => formatMoney(value, language, currencyOf(answer.wallet.currency))
    const total = card?.querySelector<HTMLElement>('.balance-card__total')
    if (total) {
      total.className = 'balance-card__total'
      total.removeAttribute('aria-label')
      total.dataset.amount = ''
      total.textContent = money(totalBalance(answer.wallet.amount, answer.slots))
    }
    const [main, games] = card?.querySelectorAll('.balance-card__split dd') ?? []
    if (main) main.textContent = money(answer.wallet.amount)
    if (games) games.textContent = money(sumAmounts(answer.slots.map((slot) => slot.amount)))
    card?.removeAttribute('aria-busy')
  })
}

const frame = document.getElementById(PRERENDERED_ID)
const language = frame?.dataset.language
if (frame?.firstElementChild && isLanguage(language) && frame.dataset.strings) {
  try {
    fill(frame, language, JSON.parse(frame.dataset.strings) as FrameStrings)
  } catch (error) {
    // The app draws it all anyway.
    console.warn('[home frame]', error)
  }
}

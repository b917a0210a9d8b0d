// In home.html only, after the line that shows the prerendered screen (scripts/prerender.ts): the
// member home's frame says what the app's first render will say, with the app's own code, so the
// app's screen replaces it word for word (nothing moves, nothing new becomes the largest paint):
// - the line of the last refresh from the time the app keeps (BalanceCard's words), at once;
// - the greeting, the balance card (total, main wallet, games) and that line again (the wallet
//   carries every game balance) once the prepaint script's wallet answer comes, as HomePage and
//   BalanceCard draw them.
import type { WalletResponse } from '../api/contract'
import { earlyWallet, earlyWalletAt } from '../api/early'
import { formatDate, relativeTime } from '../lib/dates'
import { totalBalance } from '../lib/games'
import { isLanguage, type Language } from '../lib/language'
import { currencyOf, formatMoney, sumAmounts } from '../lib/money'
import { type FrameStrings, PRERENDERED_ID, VALUE_MARK } from '../lib/prerender'
import { readLastSync } from '../lib/storage'

function fill(frame: HTMLElement, language: Language, strings: FrameStrings): void {
  const sync = frame.querySelector('.balance-card__sync [aria-live]')
  const saySynced = (at: number) => {
    if (sync) sync.textContent = strings.lastSync.replace(VALUE_MARK, `${relativeTime(at, language)} (${formatDate(at, language)})`)
  }
  const synced = readLastSync()
  if (synced) saySynced(synced)
  void earlyWallet()?.then((answer: WalletResponse | null) => {
    if (!answer || !frame.isConnected) return
    // The wallet carries every game balance: as fresh as its answer, as the app will say (api/wallet.ts).
    saySynced(earlyWalletAt() ?? Date.now())
    const title = frame.querySelector('#home-title')
    if (title) title.textContent = strings.greeting.replace(VALUE_MARK, answer.profile.name)
    const card = frame.querySelector('.balance-card')
    const money = (value: number) => formatMoney(value, language, currencyOf(answer.wallet.currency))
    const total = card?.querySelector<HTMLElement>('.balance-card__total')
    if (total) {
      total.className = 'balance-card__total'
      total.removeAttribute('aria-label')
      total.dataset.testid = 'total-balance'
      total.dataset.amount = ''
      total.textContent = money(totalBalance(answer.wallet.amount, answer.slots))
    }
    const [wallet, games] = card?.querySelectorAll('.balance-card__split dd') ?? []
    if (wallet) wallet.textContent = money(answer.wallet.amount)
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

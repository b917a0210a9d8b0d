import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { WalletResponse } from '../../../../contract'
import { currentLanguage } from '../../../i18n/i18n'
import { shortDateTime } from '../../../lib/dates'
import { totalBalance } from '../../../lib/games'
import { currencyOf, formatMoney, sumAmounts } from '../../../../contract/lib/money'
import { showToast } from '../../../state/ui'
import { RefreshIcon } from '../../../ui/icons'
import { useLastSync, useRefreshSlots } from '../../../api/wallet'
import { Skeleton } from '../../../ui/Loader'

/** The clock is read again this often: a sync from before midnight then says its date. */
const CLOCK_TICK_MS = 60_000

function useNow(every: number): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), every)
    return () => window.clearInterval(timer)
  }, [every])
  return now
}

/** Spec 1 and 2: the total (main wallet plus every game balance), where it is, and its refresh from the games (refresh-all). */
export function BalanceCard({ wallet }: { wallet: WalletResponse | undefined }) {
  const { t } = useTranslation()
  const refreshSlots = useRefreshSlots()
  const [refreshing, setRefreshing] = useState(false)
  const syncedAt = useLastSync()
  const now = Math.max(useNow(CLOCK_TICK_MS), syncedAt ?? 0)
  const language = currentLanguage()
  const money = (value: number) => formatMoney(value, language, currencyOf(wallet?.wallet.currency))
  // The games the member has an account in; the total counts every balance (spec 1).
  const games = (wallet?.slots ?? []).filter((slot) => slot.isActive || slot.amount !== 0)
  const gamesTotal = sumAmounts((wallet?.slots ?? []).map((slot) => slot.amount))

  const refresh = () => {
    if (refreshing) return
    setRefreshing(true)
    refreshSlots()
      .catch((error: Error) => showToast(error.message))
      .finally(() => setRefreshing(false))
  }

  return (
    <div className="balance-card" aria-busy={!wallet || refreshing}>
      <p className="balance-card__label">{t('home.total')}</p>
      {wallet ? (
        <p className="balance-card__total" data-testid="total-balance" data-amount>
          {money(totalBalance(wallet.wallet.amount, wallet.slots))}
        </p>
      ) : (
        <Skeleton as="p" className="balance-card__total" />
      )}
      {/* Where the total is (issue 18): the main wallet and the games, each game on asking. */}
      <dl className="balance-card__split">
        <div>
          <dt>{t('home.mainWallet')}</dt>
          <dd data-testid="wallet-balance" data-amount>{wallet ? money(wallet.wallet.amount) : '—'}</dd>
        </div>
        <div>
          <dt>{t('home.games')}</dt>
          <dd data-testid="games-balance" data-amount>{wallet ? money(gamesTotal) : '—'}</dd>
        </div>
      </dl>
      {games.length > 0 && (
        <details className="balance-card__games">
          <summary>{t('home.breakdown', { count: games.length })}</summary>
          <ul>
            {games.map((game) => (
              <li key={game.code}><span>{game.name}</span><span>{money(game.amount)}</span></li>
            ))}
          </ul>
        </details>
      )}
      <div className="balance-card__sync">
        <span aria-live="polite">{syncedAt ? t('home.lastSync', { time: shortDateTime(syncedAt, language, now) }) : t('home.neverSynced')}</span>
        <button type="button" className="balance-card__refresh" onClick={refresh} disabled={!wallet} aria-disabled={refreshing || undefined} aria-label={t('home.refresh')}>
          <RefreshIcon className={refreshing ? 'spin' : undefined} />
        </button>
      </div>
    </div>
  )
}

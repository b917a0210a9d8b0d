import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { WalletResponse } from '../../../api/contract'
import { currentLanguage } from '../../../i18n/i18n'
import { formatDate, relativeTime } from '../../../lib/dates'
import { totalBalance } from '../../../lib/games'
import { currencyOf, formatMoney } from '../../../lib/money'
import { showToast } from '../../../state/ui'
import { RefreshIcon } from '../../../ui/icons'
import { refreshSlots, storeBalances, useLastSync } from '../../../api/wallet'

/** The relative time is read again this often, so "a few seconds ago" does not stay. */
const RELATIVE_TICK_MS = 15_000

function useNow(every: number): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), every)
    return () => window.clearInterval(timer)
  }, [every])
  return now
}

/** Spec 1 and 2: the total (main wallet plus every game balance) and its refresh from the games. */
export function BalanceCard({ wallet }: { wallet: WalletResponse | undefined }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [refreshing, setRefreshing] = useState(false)
  const syncedAt = useLastSync()
  const now = Math.max(useNow(RELATIVE_TICK_MS), syncedAt ?? 0)
  const language = currentLanguage()

  const refresh = () => {
    if (refreshing) return
    setRefreshing(true)
    refreshSlots()
      .then((balances) => storeBalances(client, balances))
      .catch((error: Error) => showToast(error.message))
      .finally(() => setRefreshing(false))
  }

  return (
    <div className="balance-card" aria-busy={!wallet || refreshing}>
      <p className="balance-card__label">{t('home.total')}</p>
      {wallet ? (
        <p className="balance-card__total" data-testid="total-balance">
          {formatMoney(totalBalance(wallet.wallet.amount, wallet.slots), language, currencyOf(wallet.wallet.currency))}
        </p>
      ) : (
        <p className="balance-card__total skeleton skeleton--inline" aria-label={t('common.loading')} />
      )}
      <p className="balance-card__wallet">
        {t('home.mainWallet')}{' '}
        <strong data-testid="wallet-balance">{wallet ? formatMoney(wallet.wallet.amount, language, currencyOf(wallet.wallet.currency)) : '—'}</strong>
      </p>
      <div className="balance-card__sync">
        <span aria-live="polite">{syncedAt ? t('home.lastSync', { time: `${relativeTime(syncedAt, language, now)} (${formatDate(syncedAt, language)})` }) : t('home.neverSynced')}</span>
        <button type="button" className="balance-card__refresh" onClick={refresh} disabled={!wallet || refreshing} aria-label={t('home.refresh')}>
          <RefreshIcon className={refreshing ? 'spin' : undefined} />
        </button>
      </div>
    </div>
  )
}

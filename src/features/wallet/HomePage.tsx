import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import type { Slot } from '../../api/types'
import { paths } from '../../app/paths'
import { gameCardAction } from '../../lib/games'
import { inviteCodeFor } from '../../lib/inviteCode'
import { usePlatform } from '../../platform'
import { showCopyResult } from '../../ui/copy'
import { DepositIcon, RefreshIcon, ShareIcon, StarIcon, TransferIcon, WithdrawIcon } from '../../ui/icons'
import { LoadError } from '../../ui/LoadError'
import { PausedNotice } from '../../ui/PausedNotice'
import { refreshSlots, storeBalances, useSpinActive, useWallet, walletKeys } from './api'
import { GameCarousels } from './games/GameCarousels'
import { AgreementModal } from './home/AgreementModal'
import { BalanceCard } from './home/BalanceCard'
import { InviteBox } from './home/InviteBox'
import './wallet.css'

const DepositModal = lazy(() => import('./deposit/DepositModal'))
const TransferModal = lazy(() => import('./transfer/TransferModal'))
const WithdrawModal = lazy(() => import('./withdraw/WithdrawModal'))
const SlotAccountModal = lazy(() => import('./games/SlotAccountModal'))

type OpenModal =
  | { kind: 'deposit' }
  | { kind: 'withdraw' }
  | { kind: 'transfer'; from?: string; to?: string }
  | { kind: 'slot'; code: string }
  | null

/** Home (spec 2): the total, actions, invite bonus and the game accounts, with their modals. */
export function HomePage() {
  const { t } = useTranslation()
  const client = useQueryClient()
  const wallet = useWallet()
  const spinActive = useSpinActive()
  const [modal, setModal] = useState<OpenModal>(null)
  const [refreshingAll, setRefreshingAll] = useState(false)
  const member = wallet.data?.profile
  const code = member ? inviteCodeFor(member._id) : ''
  // Shares through the host once it has started: LINE's picker, Telegram's share sheet.
  const { platform, ready } = usePlatform()

  // No await before share(): LIFF's shareTargetPicker must run inside the tap (DESIGN.md).
  const share = () => {
    const url = platform.inviteUrl(code)
    void platform.share(t('home.inviteText', { code }), url).then((result) => {
      if (result === 'copied' || result === 'failed') showCopyResult(result === 'copied', url)
      if (result === 'shared') platform.haptic('success')
    })
  }

  const refreshAll = () => {
    if (refreshingAll) return
    setRefreshingAll(true)
    refreshSlots()
      .then((balances) => storeBalances(client, balances))
      .catch(() => wallet.refetch())
      .finally(() => setRefreshingAll(false))
  }

  /** Spec 2: after a modal closes with its saved flag, the wallet is fetched again. */
  const closed = (saved: boolean) => {
    setModal(null)
    if (saved) void client.invalidateQueries({ queryKey: walletKeys.detail() })
  }

  const openGame = (game: Slot) => {
    const action = gameCardAction(game)
    if (action.kind === 'account') setModal({ kind: 'slot', code: game.code })
    else if (action.kind === 'external') platform.openExternal(action.url)
  }

  return (
    <section aria-labelledby="home-title" className="stack home">
      <div className="page-head">
        <h1 id="home-title">{member ? t('home.greeting', { name: member.name }) : t('member.home')}</h1>
      </div>
      {wallet.isError && <LoadError error={wallet.error} onRetry={() => wallet.refetch()} />}
      <PausedNotice paused={wallet.fetchStatus === 'paused'} />
      <BalanceCard wallet={wallet.data} />

      <nav className="home-actions" aria-label={t('home.actions')}>
        <button type="button" className="home-action" disabled={!wallet.data} onClick={() => setModal({ kind: 'deposit' })}>
          <DepositIcon /><span>{t('home.deposit')}</span>
        </button>
        <button type="button" className="home-action" disabled={!wallet.data} onClick={() => setModal({ kind: 'withdraw' })}>
          <WithdrawIcon /><span>{t('home.withdraw')}</span>
        </button>
        <button type="button" className="home-action" disabled={!wallet.data} onClick={() => setModal({ kind: 'transfer' })}>
          <TransferIcon /><span>{t('home.transfer')}</span>
        </button>
        {spinActive.data ? (
          <Link href={paths.member.bonus} className="home-action"><StarIcon /><span>{t('home.spin')}</span></Link>
        ) : (
          <button type="button" className="home-action" disabled={!wallet.data || refreshingAll} aria-busy={refreshingAll || undefined} onClick={refreshAll}>
            <RefreshIcon className={refreshingAll ? 'spin' : undefined} /><span>{t('home.refreshAll')}</span>
          </button>
        )}
        <button type="button" className="home-action" disabled={!member || !ready} onClick={share}>
          <ShareIcon /><span>{t('home.invite')}</span>
        </button>
        <Link href={paths.member.bonus} className="home-action"><StarIcon /><span>{t('home.bonus')}</span></Link>
      </nav>
      <p className="muted home-invite-code">
        {t('home.inviteCode')} <strong data-testid="invite-code">{code || '—'}</strong>
      </p>

      <InviteBox wallet={wallet.data} />
      <GameCarousels slots={wallet.data?.slots} onOpen={openGame} />

      <Suspense fallback={null}>
        {modal?.kind === 'deposit' && <DepositModal open onClose={() => closed(false)} />}
        {modal?.kind === 'withdraw' && <WithdrawModal open onClose={closed} />}
        {modal?.kind === 'transfer' && <TransferModal open onClose={closed} from={modal.from} to={modal.to} />}
        {modal?.kind === 'slot' && (
          <SlotAccountModal
            open
            code={modal.code}
            onClose={closed}
            onTransfer={(from, to) => setModal({ kind: 'transfer', from, to })}
          />
        )}
      </Suspense>
      <AgreementModal />
    </section>
  )
}

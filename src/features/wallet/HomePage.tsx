import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { type ComponentType, Suspense, useCallback, useDeferredValue, useId, useState } from 'react'
import { retryableLazy } from '../../ui/retryableLazy'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { useSpinActive } from '../../api/lookup'
import type { Banner, Currency, Slot, WalletResponse } from '../../../contract'
import { useRefreshSlots, useWallet } from '../../api/wallet'
import { paths } from '../../../contract/lib/paths'
import { SPIN_PARAM } from '../../../contract/lib/notificationScreen'
import { useAskedByAddress } from '../../ui/useAskedByAddress'
import { gameCardAction } from '../../lib/games'
import { inviteCodeFor } from '../../lib/inviteCode'
import { copyWithToast } from '../../ui/copy'
import { currencyOf } from '../../../contract/lib/money'
import { usePlatform } from '../../platform'
import { CoinsIcon, CopyIcon, DepositIcon, RefreshIcon, StarIcon, TransferIcon, UserPlusIcon, WithdrawIcon } from '../../ui/icons'
import { LoadError } from '../../ui/LoadError'
import { useTakeOverPrerendered } from '../../ui/prerendered'
import { PausedNotice } from '../../ui/PausedNotice'
import { showToast } from '../../state/ui'
import { AgreementModal } from './home/AgreementModal'
import { PendingWithdrawals } from './home/PendingWithdrawals'
import { BalanceCard } from './home/BalanceCard'
import { useRefreshHome } from './api'
import './wallet.css'

const TransferModal = retryableLazy(() => import('./transfer/TransferModal'))
const WithdrawModal = retryableLazy(() => import('./withdraw/WithdrawModal'))

type RewardKind = 'invite' | 'refund'

/** A dot on a home action when something waits there (its words are the action's description, kept outside its name). */
const WaitingBadge = () => <span className="home-action__badge" aria-hidden="true" />

/**
 * What home shows of the other features (deposit, games, rewards). No feature reaches into another
 * (docs/design.md "Layout"): the shell composes home and hands these in (src/app/home.tsx), the modals
 * as lazy chunks.
 */
export interface HomeParts {
  DepositModal: ComponentType<{ open: boolean; onClose: () => void }>
  SlotAccountModal: ComponentType<{ open: boolean; code: string; onClose: (saved: boolean) => void; onTransfer: (from: string, to: string) => void }>
  InviteModal: ComponentType<{ code: string; currency: Currency; onClose: (saved: boolean) => void }>
  RefundModal: ComponentType<{ currency: Currency; onClose: (saved: boolean) => void }>
  SpinModal: ComponentType<{ currency: Currency; onClose: (saved: boolean) => void }>
  BannerModal: ComponentType<{ title: string; banners: Banner[]; onClose: () => void }>
  GameCarousels: ComponentType<{ slots: Slot[] | undefined; currency: Currency; onOpen: (game: Slot) => void }>
  InviteBox: ComponentType<{ wallet: WalletResponse | undefined }>
  /** The banners shown before the invite or refund modal (spec 2). */
  fetchBanners: (client: QueryClient, kind: RewardKind) => Promise<Banner[]>
  /** Whether a refund waits to be received (the refund action's badge). */
  useRefundWaiting: () => boolean
}

type OpenModal =
  | { kind: 'deposit' }
  | { kind: 'withdraw' }
  | { kind: 'transfer'; from?: string; to?: string }
  | { kind: 'slot'; code: string }
  | { kind: 'banners'; of: RewardKind; banners: Banner[] }
  | { kind: RewardKind }
  | { kind: 'spin' }
  | null

/** Home (spec 2): the total, actions, invite bonus and the game accounts, with their modals. */
export function HomePage({ parts }: { parts: HomeParts }) {
  useTakeOverPrerendered(paths.member.home)
  const { DepositModal, SlotAccountModal, InviteModal, RefundModal, SpinModal, BannerModal, GameCarousels, InviteBox, fetchBanners, useRefundWaiting } = parts
  const { t } = useTranslation()
  const client = useQueryClient()
  const wallet = useWallet()
  const refreshSlots = useRefreshSlots()
  const refreshHome = useRefreshHome()
  const refundWaiting = useRefundWaiting()
  // An invite bonus earned and not yet received (the wallet's invite amount).
  const inviteWaiting = (wallet.data?.invite.amount ?? 0) > 0
  const badgeId = useId()
  const spinActive = useSpinActive()
  const [modal, setModal] = useState<OpenModal>(null)
  const [refreshingAll, setRefreshingAll] = useState(false)
  const [opening, setOpening] = useState<RewardKind | null>(null)
  // A query's answer renders at once (it is a store React reads synchronously): a change of the
  // game accounts (their first answer, a refresh) renders the home first and the cards after it, in
  // the background, as twelve cards in that render made it one of the home's longest tasks (issue 32).
  const slots = useDeferredValue(wallet.data?.slots)
  const member = wallet.data?.profile
  const code = member ? inviteCodeFor(member._id) : ''
  const currency = currencyOf(wallet.data?.wallet.currency)
  const { platform } = usePlatform()
  // A prize about to expire, opened from the bell or a message (issue 50), arrives as ?spin=1: the
  // wheel and its prizes open once the wallet has said the money.
  if (useAskedByAddress(SPIN_PARAM, wallet.data !== undefined) && modal?.kind !== 'spin') setModal({ kind: 'spin' })

  /** Spec 2: invite and refund show their banners first when any exist. Banners are extra: if they
   *  cannot be read, the modal opens without them. */
  const openReward = (kind: RewardKind) => {
    if (opening) return
    setOpening(kind)
    fetchBanners(client, kind)
      .then((banners) => setModal(banners.length > 0 ? { kind: 'banners', of: kind, banners } : { kind }))
      .catch(() => setModal({ kind }))
      .finally(() => setOpening(null))
  }

  const refreshAll = () => {
    if (refreshingAll) return
    setRefreshingAll(true)
    refreshSlots()
      .catch((error: Error) => {
        showToast(error.message)
        void wallet.refetch()
      })
      .finally(() => setRefreshingAll(false))
  }

  /** Spec 2: after a modal closes with its saved flag, the wallet is fetched again. */
  const closed = (saved: boolean) => {
    setModal(null)
    if (saved) refreshHome()
  }

  const openGame = useCallback((game: Slot) => {
    const action = gameCardAction(game)
    if (action.kind === 'account') setModal({ kind: 'slot', code: game.code })
    else if (action.kind === 'external') platform.openExternal(action.url)
  }, [platform])

  /** The transfer's shortcut when the member has no game account: the game list, its first card focused. */
  const openGames = () => {
    setModal(null)
    window.requestAnimationFrame(() => {
      const first = document.querySelector<HTMLElement>('.games .game-card')
      first?.scrollIntoView({ block: 'center' })
      first?.focus({ preventScroll: true })
    })
  }

  return (
    <section aria-labelledby="home-title" className="stack home">
      {/* Two columns in landscape (issue 18): the balance beside the actions and the rest. */}
      <div className="stack home__lead">
        <div className="page-head">
          <h1 id="home-title">{member ? t('home.greeting', { name: member.name }) : t('member.home')}</h1>
        </div>
        {wallet.isError && <LoadError error={wallet.error} onRetry={() => wallet.refetch()} />}
        <PausedNotice paused={wallet.fetchStatus === 'paused'} />
        <BalanceCard wallet={wallet.data} />
      </div>
      <div className="stack home__more">
        <nav className="home-actions" aria-label={t('home.actions')}>
          {/* Deposit and withdraw first and larger (issue 18): what a player comes to do. */}
          <div className="home-actions__primary">
            <button type="button" className="home-primary home-primary--deposit" disabled={!wallet.data} onClick={() => setModal({ kind: 'deposit' })}>
              <DepositIcon /><span>{t('home.deposit')}</span>
            </button>
            <button type="button" className="home-primary" disabled={!wallet.data} onClick={() => setModal({ kind: 'withdraw' })}>
              <WithdrawIcon /><span>{t('home.withdraw')}</span>
            </button>
          </div>
          <button type="button" className="home-action" disabled={!wallet.data} onClick={() => setModal({ kind: 'transfer' })}>
            <TransferIcon /><span>{t('home.transfer')}</span>
          </button>
          {spinActive.data ? (
            <button type="button" className="home-action" disabled={!wallet.data} onClick={() => setModal({ kind: 'spin' })}>
              <StarIcon /><span>{t('home.spin')}</span>
            </button>
          ) : (
            <button type="button" className="home-action" disabled={!wallet.data} aria-disabled={refreshingAll || undefined} aria-busy={refreshingAll || undefined} onClick={refreshAll}>
              <RefreshIcon className={refreshingAll ? 'spin' : undefined} /><span>{t('home.refreshAll')}</span>
            </button>
          )}
          <button type="button" className="home-action" disabled={!member} aria-disabled={opening !== null || undefined} aria-busy={opening === 'invite' || undefined}
            aria-describedby={inviteWaiting ? badgeId : undefined} onClick={() => openReward('invite')}>
            <UserPlusIcon /><span>{t('home.invite')}</span>
            {inviteWaiting && <WaitingBadge />}
          </button>
          <button type="button" className="home-action" disabled={!member} aria-disabled={opening !== null || undefined} aria-busy={opening === 'refund' || undefined}
            aria-describedby={refundWaiting ? badgeId : undefined} onClick={() => openReward('refund')}>
            <CoinsIcon /><span>{t('home.refund')}</span>
            {refundWaiting && <WaitingBadge />}
          </button>
        </nav>
        <span id={badgeId} hidden>{t('home.waiting')}</span>
        {wallet.data && <PendingWithdrawals currency={currency} />}
        <Link href={paths.member.bonus} className="home-bonus-link"><StarIcon /><span>{t('home.bonus')}</span></Link>
        <p className="muted home-invite-code">
          {t('home.inviteCode')} <strong data-testid="invite-code">{code || '—'}</strong>
          {code && (
            <button type="button" className="icon-button home-invite-code__copy" aria-label={t('home.copyInviteCode')} onClick={() => void copyWithToast(code)}>
              <CopyIcon />
            </button>
          )}
        </p>

        <InviteBox wallet={wallet.data} />
        <GameCarousels slots={slots} currency={currency} onOpen={openGame} />
      </div>

      <Suspense fallback={null}>
        {/* A deposit may have been credited while it was open (a QR paid, a slip approved): read the wallet again. */}
        {modal?.kind === 'deposit' && <DepositModal open onClose={() => closed(true)} />}
        {modal?.kind === 'withdraw' && <WithdrawModal open onClose={closed} />}
        {modal?.kind === 'transfer' && <TransferModal open onClose={closed} from={modal.from} to={modal.to} onOpenGames={openGames} />}
        {modal?.kind === 'invite' && <InviteModal code={code} currency={currency} onClose={closed} />}
        {modal?.kind === 'refund' && <RefundModal currency={currency} onClose={closed} />}
        {modal?.kind === 'spin' && <SpinModal currency={currency} onClose={closed} />}
        {modal?.kind === 'slot' && (
          <SlotAccountModal
            open
            code={modal.code}
            onClose={closed}
            onTransfer={(from, to) => setModal({ kind: 'transfer', from, to })}
          />
        )}
      </Suspense>
      {modal?.kind === 'banners' && (
        <BannerModal title={t(modal.of === 'invite' ? 'home.invite' : 'home.refund')} banners={modal.banners} onClose={() => setModal({ kind: modal.of })} />
      )}
      <AgreementModal />
    </section>
  )
}

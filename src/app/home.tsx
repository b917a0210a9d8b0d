// Home as the member shell composes it: the wallet's home screen with what it shows of the deposit,
// games and rewards features (the modals as lazy chunks, loaded when first opened).
import { lazy } from 'react'
import { GameCarousels } from '../features/games/GameCarousels'
import { fetchBanners, useRefundWaiting } from '../features/rewards/api'
import { BannerModal } from '../features/rewards/BannerModal'
import { InviteBox } from '../features/rewards/InviteBox'
import { HomePage, type HomeParts } from '../features/wallet/HomePage'

const parts: HomeParts = {
  DepositModal: lazy(() => import('../features/deposit/DepositModal')),
  SlotAccountModal: lazy(() => import('../features/games/SlotAccountModal')),
  InviteModal: lazy(() => import('../features/rewards/InviteModal')),
  RefundModal: lazy(() => import('../features/rewards/RefundModal')),
  // The wheel and its coupons load only when the spin modal opens (issue 16).
  SpinModal: lazy(() => import('../features/spin/SpinModal')),
  BannerModal,
  GameCarousels,
  InviteBox,
  fetchBanners,
  useRefundWaiting,
}

export function HomeScreen() {
  return <HomePage parts={parts} />
}

// Home as the member shell composes it: the wallet's home screen with what it shows of the deposit,
// games and rewards features (the modals as lazy chunks, loaded when first opened).
import { retryableLazy } from '../ui/retryableLazy'
import { GameCarousels } from '../features/games/GameCarousels'
import { fetchBanners, useRefundWaiting } from '../features/rewards/api'
import { BannerModal } from '../features/rewards/BannerModal'
import { InviteBox } from '../features/rewards/InviteBox'
import { HomePage, type HomeParts } from '../features/wallet/HomePage'

const parts: HomeParts = {
  DepositModal: retryableLazy(() => import('../features/deposit/DepositModal')),
  SlotAccountModal: retryableLazy(() => import('../features/games/SlotAccountModal')),
  InviteModal: retryableLazy(() => import('../features/rewards/InviteModal')),
  RefundModal: retryableLazy(() => import('../features/rewards/RefundModal')),
  // The wheel and its coupons load only when the spin modal opens (issue 16).
  SpinModal: retryableLazy(() => import('../features/spin/SpinModal')),
  BannerModal,
  GameCarousels,
  InviteBox,
  fetchBanners,
  useRefundWaiting,
}

export function HomeScreen() {
  return <HomePage parts={parts} />
}

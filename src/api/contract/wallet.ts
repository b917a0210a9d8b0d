// The wallet's routes (spec 7 "Wallet"): the wallet, the game accounts, transfers and withdrawals.
// Types come from the schemas by type-only import: nothing of TypeBox reaches the bundle.
import type * as C from '../contract'
import type { Static } from 'typebox'
import { endpoint } from './endpoint'

type MessageBody = Static<typeof C.MessageBody>
type SlotCode = Static<typeof C.SlotCodeParams>

export const walletEndpoints = {
  wallet: endpoint<void, void, Static<typeof C.WalletResponse>>('GET', '/api/wallet'),
  refreshSlots: endpoint<void, void, Static<typeof C.SlotsRefreshResponse>>('GET', '/api/wallet/refresh/slot'),
  activate: endpoint<SlotCode, void, MessageBody>('GET', '/api/wallet/activate/:slotCode'),
  credentials: endpoint<SlotCode, void, Static<typeof C.GameCredentials>>('GET', '/api/wallet/account/:slotCode'),
  resetPassword: endpoint<SlotCode, void, Static<typeof C.GameCredentials>>('GET', '/api/wallet/resetpassword/:slotCode'),
  transfer: endpoint<void, Static<typeof C.TransferRequest>, Static<typeof C.TransferResponse>>('POST', '/api/wallet/transfer'),
  transferAll: endpoint<void, Static<typeof C.TransferAllRequest>, Static<typeof C.TransferResponse>>('POST', '/api/wallet/transferAll'),
  withdraw: endpoint<void, Static<typeof C.WithdrawRequest>, Static<typeof C.WithdrawResponse>>('POST', '/api/wallet/withdraw'),
  withdrawAll: endpoint<void, Static<typeof C.WithdrawRequest>, Static<typeof C.WithdrawResponse>>('POST', '/api/wallet/withdrawAll'),
  withdrawals: endpoint<void, void, Static<typeof C.WithdrawalList>, Static<typeof C.WithdrawalListQuery>>('GET', '/api/wallet/withdrawals'),
}

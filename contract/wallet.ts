// The wallet's routes and their schemas (spec 7 "Wallet"): the wallet, the game accounts, transfers and withdrawals.
import { type Static, Type } from 'typebox'
import { endpoint } from './endpoint'
import { BankAccount } from './account'
import { filled, text } from './shared'

/**
 * An amount sent by the app: major units as a JSON number, or a decimal string from a form. The
 * server parses it strictly (at most 2 decimals, positive, below its ceiling).
 */
const amountIn = Type.Union([Type.Number(), Type.String({ maxLength: 32 })])
/** WALLET or a game code. */
const account = filled(32)

export const SlotCategory = Type.Union([Type.Literal('slot'), Type.Literal('sport'), Type.Literal('lotto')])
export type SlotCategory = Static<typeof SlotCategory>

/** A game account card: amounts are major units, `ftWalletSlot` the multiplier shown beside it. */
export const Slot = Type.Object({
  code: text(32),
  name: text(100),
  category: SlotCategory,
  isActive: Type.Boolean(),
  amount: Type.Number(),
  ftWalletSlot: Type.Number(),
  logo: text(2_000),
  background: text(2_000),
  web: Type.Union([text(2_000), Type.Null()]),
  android: Type.Union([text(2_000), Type.Null()]),
  ios: Type.Union([text(2_000), Type.Null()]),
})
export type Slot = Static<typeof Slot>

export const WalletAmount = Type.Object({ amount: Type.Number(), currency: text(8) })
export type WalletAmount = Static<typeof WalletAmount>

/** GET /api/wallet. */
export const WalletResponse = Type.Object({
  profile: Type.Object({ _id: text(64), name: text(100), username: text(32), coin: Type.Number() }),
  bankAccount: BankAccount,
  wallet: WalletAmount,
  invite: Type.Object({ amount: Type.Number(), success: Type.Number(), fail: Type.Number() }),
  slots: Type.Array(Slot),
})
export type WalletResponse = Static<typeof WalletResponse>

/** GET /api/wallet/refresh/slot: the balances again, without the profile. */
export const SlotsRefreshResponse = Type.Object({ wallet: WalletAmount, slots: Type.Array(Slot) })
export type SlotsRefreshResponse = Static<typeof SlotsRefreshResponse>

export const TransferRequest = Type.Object({ from: account, to: account, amount: amountIn }, { additionalProperties: false })
export type TransferRequest = Static<typeof TransferRequest>
export const TransferAllRequest = Type.Object({ to: account }, { additionalProperties: false })
export type TransferAllRequest = Static<typeof TransferAllRequest>
export const TransferResponse = Type.Object({
  message: Type.Literal('SUCCESS'),
  /** What moved, major units. */
  amount: Type.Number(),
  wallet: WalletAmount,
  /**
   * Reference server: the statement's references of what reached its target (`T12`), one per
   * account moved, for the receipt. Absent from an operator's API that does not say them.
   */
  references: Type.Optional(Type.Array(text(32), { maxItems: 100 })),
  /**
   * Reference server, transferAll: the games whose provider could not be reached; their money
   * stayed where it was (or came back to the wallet). Absent when every game answered.
   */
  unreachable: Type.Optional(Type.Array(text(32))),
})
export type TransferResponse = Static<typeof TransferResponse>

export const WithdrawRequest = Type.Object({ amount: amountIn }, { additionalProperties: false })
export type WithdrawRequest = Static<typeof WithdrawRequest>
/** requested: waiting to be paid; review: held after a bank account change; then paid or failed. */
export const WithdrawalStatus = Type.Union([
  Type.Literal('requested'), Type.Literal('review'), Type.Literal('paid'), Type.Literal('failed'),
])
export type WithdrawalStatus = Static<typeof WithdrawalStatus>
/**
 * Where a withdrawal is paid: the member's bank account when it was requested, kept with it, so a
 * later bank account change never redirects it. Every member answer masks the account number
 * but its last 4 digits (`xxxxxx7890`); the operator's settlement answer carries it whole.
 */
export const WithdrawalDestination = Type.Object({ bankCode: text(32), bankAccountName: text(200), bankAccountNo: text(64) })
export type WithdrawalDestination = Static<typeof WithdrawalDestination>
export const Withdrawal = Type.Object({
  id: text(32),
  /** Major units of `currency`, the member's. */
  amount: Type.Number(),
  currency: text(8),
  status: WithdrawalStatus,
  createdAt: text(40),
  destination: WithdrawalDestination,
})
export type Withdrawal = Static<typeof Withdrawal>
export const WithdrawResponse = Type.Object({ message: Type.Literal('SUCCESS'), withdrawal: Withdrawal, wallet: WalletAmount })
export type WithdrawResponse = Static<typeof WithdrawResponse>

/** GET /api/wallet/withdrawals?page=&limit=: query strings of digits (page from 1, limit 1 to 100); default page 1 of 10. */
export const WithdrawalListQuery = Type.Object({
  page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  limit: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|100)$' })),
})
export type WithdrawalListQuery = Static<typeof WithdrawalListQuery>
/** The member's own withdrawals, newest first. */
export const WithdrawalList = Type.Object({ total: Type.Integer({ minimum: 0 }), withdrawals: Type.Array(Withdrawal) })
export type WithdrawalList = Static<typeof WithdrawalList>


export const walletEndpoints = {
  wallet: endpoint<void, void, Static<typeof WalletResponse>>('GET', '/api/wallet'),
  refreshSlots: endpoint<void, void, Static<typeof SlotsRefreshResponse>>('GET', '/api/wallet/refresh/slot'),
  transfer: endpoint<void, Static<typeof TransferRequest>, Static<typeof TransferResponse>>('POST', '/api/wallet/transfer'),
  transferAll: endpoint<void, Static<typeof TransferAllRequest>, Static<typeof TransferResponse>>('POST', '/api/wallet/transferAll'),
  withdraw: endpoint<void, Static<typeof WithdrawRequest>, Static<typeof WithdrawResponse>>('POST', '/api/wallet/withdraw'),
  withdrawAll: endpoint<void, Static<typeof WithdrawRequest>, Static<typeof WithdrawResponse>>('POST', '/api/wallet/withdrawAll'),
  withdrawals: endpoint<void, void, Static<typeof WithdrawalList>, Static<typeof WithdrawalListQuery>>('GET', '/api/wallet/withdrawals'),
}

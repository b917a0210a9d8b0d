import type { Db } from '../shared/db'
import { insertDepositAccounts } from '../lookup/repo'
import { insertWalletAccounts, lastSort } from './repo'

/**
 * The deposit methods of spec 2 beyond the first seed's KBANK AUTO, SCB and BCEL accounts: KBANK's
 * QR mode, GSB, the WW and E2P payment types and the TrueWallet gift link. A QR method's account
 * number is the PromptPay id its QR pays (a 13-digit tax id, a 15-digit e-wallet id or a mobile).
 */
export const depositMethods = [
  { bankCode: 'KBANK', bankType: 'QR', mode: 'QR', accountName: 'WALLET DEMO CO LTD', accountNo: '0105561012345', currency: 'THB' },
  { bankCode: 'GSB', bankType: 'BANK', mode: 'MANUAL', accountName: 'WALLET DEMO CO LTD', accountNo: '0201234567', currency: 'THB' },
  { bankCode: 'SCB', bankType: 'WW', mode: 'QR', accountName: 'WALLET DEMO CO LTD', accountNo: '004999012345678', currency: 'THB' },
  { bankCode: 'KBANK', bankType: 'E2P', mode: 'QR', accountName: 'WALLET DEMO CO LTD', accountNo: '0812345670', currency: 'THB' },
] as const

export const giftLinkWallet = { accountName: 'WALLET DEMO', mode: 'TRUELINK' } as const

/** After the accounts already there, in this order. */
export async function seedDepositMethods(db: Db): Promise<void> {
  const after = await lastSort(db, 'deposit_accounts')
  await insertDepositAccounts(db, depositMethods, after + 1)
  await insertWalletAccounts(db, [{ account_name: giftLinkWallet.accountName, mode: giftLinkWallet.mode, sort: (await lastSort(db, 'wallet_accounts')) + 1 }])
}

// What a start writes before the server answers (issue 53 §3): the migrations, the seeds, and the
// operator's settings from the environment, which replace the stored ones at every start. A
// database production ran on is never touched by another mode (productionMark.ts).
import type { Variant } from '../../contract'
import type { PasswordHasher } from '../auth/passwords'
import { type BonusOffer, upsertOffers } from '../bonus/bonuses'
import { applyContact, applyDepositAccounts, type ContactSetting, type DepositAccountsSetting } from '../deposit/destinations'
import { applyWithdrawLimits, type WithdrawLimitsSetting } from '../lookup/repo'
import type { ServerMode } from '../shared/context'
import { type Db, migrate } from '../shared/db'
import { type Settings, updateSettings } from '../shared/settings'
import { markProduction, productionDatabaseMessage, productionSince } from './productionMark'
import { disableDemoMember, runSeeds } from './seed'
import { contactTextFor } from './seedData'

/** The operator's settings a start applies. */
export interface OperatorSettings {
  /** Operator switches applied at every start (registration OTP, service terminated, ...). */
  settings?: Partial<Settings>
  /** The operator's bonus and promotion offers, added or changed by code at every start (BONUS_OFFERS). */
  bonusOffers?: BonusOffer[]
  /** The operator's deposit accounts, PromptPay ids and TrueMoney wallets (DEPOSIT_ACCOUNTS): they
   *  replace the stored ones at every start. Required in production, which seeds none of the demo's. */
  depositAccounts?: DepositAccountsSetting
  /** The operator's LINE contact (CONTACT), set at every start; required in production. */
  contact?: ContactSetting
  /** Withdrawal limits per money (WITHDRAW_LIMITS), set at every start. */
  withdrawLimits?: WithdrawLimitsSetting
}

/**
 * Brings the database to this start: refuses one production ran on (for another mode), migrates,
 * marks it production's, seeds, and applies the operator's settings. Answers the demo member's id
 * where production has just disabled it: its sessions end once the server can cut their sockets.
 */
export async function prepareDatabase(
  db: Db,
  start: { mode: ServerMode; at: number; passwords: PasswordHasher; variant: Variant; appName: string },
  operator: OperatorSettings,
): Promise<number | undefined> {
  const { mode, at } = start
  if (mode !== 'production') {
    const since = await productionSince(db)
    if (since !== undefined) throw new Error(productionDatabaseMessage(mode, since))
  }
  await migrate(db)
  if (mode === 'production') await markProduction(db, at)
  await runSeeds(db, at, start.passwords, { demo: mode !== 'production', variant: start.variant })
  const disabledDemo = mode === 'production' ? await disableDemoMember(db) : undefined
  if (operator.settings) await updateSettings(db, operator.settings)
  if (operator.bonusOffers) await upsertOffers(db, operator.bonusOffers)
  if (operator.depositAccounts) await applyDepositAccounts(db, operator.depositAccounts)
  if (operator.contact) await applyContact(db, operator.contact, { contactText: contactTextFor(start.variant), appName: start.appName })
  if (operator.withdrawLimits) await applyWithdrawLimits(db, operator.withdrawLimits)
  return disabledDemo
}

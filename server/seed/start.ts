// What a start writes before the server answers (issue 53 §3): the migrations, the seeds, and the
// operator's settings from the environment, which replace the stored ones at every start. A
// database production ran on is never touched by another mode (productionMark.ts).
import type { Variant } from '../../contract'
import type { PasswordHasher } from '../auth/passwords'
import { endMemberSessions } from '../auth/sessions'
import { audit } from '../ops/audit'
import { ensureFirstAdmin, type FirstAdmin } from '../ops/firstAdmin'
import type { OtpSender } from '../otp/sms'
import { type BonusOffer, upsertOffers } from '../bonus/bonuses'
import { applyContact, applyDepositAccounts, type ContactSetting, type DepositAccountsSetting } from '../deposit/destinations'
import { applyWithdrawLimits, type WithdrawLimitsSetting } from '../lookup/repo'
import type { ServerContext, ServerMode } from '../shared/context'
import { type Db, migrate } from '../shared/db'
import { type Settings, updateSettings } from '../shared/settings'
import { DEMO_DATABASE_MESSAGE, markProduction, productionDatabaseMessage, productionSince, seededByDemo } from './productionMark'
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

/** Production runs on the operator's own services and destinations, never the demo's: refused
 *  before anything is opened when one is missing (env.ts says the same of the environment). */
export function requireOperatorServices(mode: ServerMode, given: OperatorSettings & { sms?: OtpSender }): void {
  if (mode !== 'production') return
  const missing = [
    !given.sms && 'an SMS sender for OTP codes (SMS_WEBHOOK_URL)',
    !given.depositAccounts && "the operator's deposit accounts (DEPOSIT_ACCOUNTS)",
    !given.contact && "the operator's contact (CONTACT)",
  ].filter(Boolean)
  if (missing.length > 0) throw new Error(`production mode needs ${missing.join(', ')}`)
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
  const since = await productionSince(db)
  if (mode !== 'production') {
    if (since !== undefined) throw new Error(productionDatabaseMessage(mode, since))
  } else if (since === undefined && (await seededByDemo(db))) {
    throw new Error(DEMO_DATABASE_MESSAGE)
  }
  await migrate(db)
  if (mode === 'production') await markProduction(db, at)
  await runSeeds(db, at, start.passwords, { demo: mode !== 'production', variant: start.variant })
  const disabledDemo = mode === 'production' ? await disableDemoMember(db) : undefined
  if (operator.settings) await updateSettings(db, operator.settings, (trx, change) => auditFromEnvironment(trx, at, change))
  if (operator.bonusOffers) await upsertOffers(db, operator.bonusOffers)
  if (operator.depositAccounts) await applyDepositAccounts(db, operator.depositAccounts)
  if (operator.contact) await applyContact(db, operator.contact, { contactText: contactTextFor(), appName: start.appName })
  if (operator.withdrawLimits) await applyWithdrawLimits(db, operator.withdrawLimits)
  return disabledDemo
}

/**
 * APP_SETTINGS at a start replaces what an admin changed since (the console's switches): what it
 * changed is in the audit trail like an admin's change, by the environment, so the trail never
 * shows a switch as the admin left it while another value is in force. Nothing when nothing changed.
 */
async function auditFromEnvironment(trx: Db, at: number, { before, after }: { before: Partial<Settings>; after: Partial<Settings> }): Promise<void> {
  const changed = (Object.keys(after) as (keyof Settings)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
  if (changed.length === 0) return
  const only = (settings: Partial<Settings>) => Object.fromEntries(changed.map((key) => [key, settings[key]]))
  await audit(trx, { staffId: null, address: 'APP_SETTINGS' }, at, { action: 'settings.change', item: 'settings', before: only(before), after: only(after) })
}

/**
 * What a start does once the server's context exists: the demo member production disabled is
 * signed out on every instance (its sockets too), and the first staff admin is made where no
 * active admin exists (OPS_ADMIN_USERNAME, OPS_ADMIN_PASSWORD).
 */
export async function finishStart(
  ctx: ServerContext, disabledDemo: number | undefined, firstAdmin: FirstAdmin | undefined,
  log: { info(object: object, message: string): void; warn(object: object, message: string): void },
): Promise<void> {
  if (disabledDemo !== undefined) await endMemberSessions(ctx, disabledDemo)
  if (!firstAdmin) return
  const made = await ensureFirstAdmin(ctx, firstAdmin)
  if (made === 'created') log.info({ username: firstAdmin.username }, 'first staff admin created')
  if (made === 'taken') log.warn({ username: firstAdmin.username }, 'OPS_ADMIN_USERNAME belongs to a staff member who is not an admin: no admin was made')
}

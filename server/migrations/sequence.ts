/**
 * The schema migrations: one ordered sequence, `NNNN_name.ts` in this folder, applied in number
 * order once each by Kysely's Migrator (db.ts). They run on SQLite and PostgreSQL alike. Never edit
 * a released migration: add the next number. Money columns are integer minor units (bigint where
 * sums grow); times are epoch milliseconds (bigint).
 */
import type { Migration, MigrationProvider } from 'kysely'
import { migration as m0001 } from './0001_settings_lookups_members_wallets_sessions_otp'
import { migration as m0002 } from './0002_session_sweep_payout_hold_bank_audit'
import { migration as m0003 } from './0003_deposit_qrcodes_slips_truelinks'
import { migration as m0004 } from './0004_ledger_double_entry_games_withdrawals_idempotency'
import { migration as m0005 } from './0005_rewards_refund_accruals'
import { migration as m0006 } from './0006_game_transfers'
import { migration as m0007 } from './0007_withdrawal_destination'
import { migration as m0008 } from './0008_deposit_references'
import { migration as m0009 } from './0009_bonuses_promotions'
import { migration as m0010 } from './0010_invite_bonus'
import { migration as m0011 } from './0011_spin_coins_coupons'
import { migration as m0012 } from './0012_statement_indexes'
import { migration as m0013 } from './0013_wallet_account_number'
import { migration as m0014 } from './0014_chat'
import { migration as m0015 } from './0015_currency_rules'
import { migration as m0016 } from './0016_otp_use_login_addresses'
import { migration as m0017 } from './0017_provider_accounts'
import { migration as m0018 } from './0018_messenger_identities'
import { migration as m0019 } from './0019_passkeys'
import { migration as m0020 } from './0020_quick_unlocks'
import { migration as m0021 } from './0021_staff_ops_audit'
import { migration as m0022 } from './0022_refund_refusals'
import { migration as m0023 } from './0023_chat_files_sent'
import { migration as m0024 } from './0024_lookup_indexes'
import { migration as m0025 } from './0025_production_mark'
import { migration as m0026 } from './0026_staff_security'
import { migration as m0027 } from './0027_quick_unlock_proof'
import { migration as m0028 } from './0028_login_address_lookup'
import { migration as m0029 } from './0029_retention_indexes'
import { migration as m0030 } from './0030_queue_indexes'
import { migration as m0031 } from './0031_chat_room_last_message'
import { migration as m0032 } from './0032_session_notifications'
import { migration as m0033 } from './0033_member_events'
import { migration as m0034 } from './0034_notify_outbox'
import { migration as m0035 } from './0035_web_push'
import { migration as m0036 } from './0036_prize_reminders'
import { migration as m0037 } from './0037_slip_claimed_amount'
import { migration as m0038 } from './0038_movements_by_time'
import { migration as m0039 } from './0039_bank_statements'
import { migration as m0040 } from './0040_member_care'
import { migration as m0041 } from './0041_corrections'
import { migration as m0042 } from './0042_slip_ref_upper'

/** Every migration by its file name (without `.ts`); the number orders them. */
export const migrations: Record<string, Migration> = {
  '0001_settings_lookups_members_wallets_sessions_otp': m0001,
  '0002_session_sweep_payout_hold_bank_audit': m0002,
  '0003_deposit_qrcodes_slips_truelinks': m0003,
  '0004_ledger_double_entry_games_withdrawals_idempotency': m0004,
  '0005_rewards_refund_accruals': m0005,
  '0006_game_transfers': m0006,
  '0007_withdrawal_destination': m0007,
  '0008_deposit_references': m0008,
  '0009_bonuses_promotions': m0009,
  '0010_invite_bonus': m0010,
  '0011_spin_coins_coupons': m0011,
  '0012_statement_indexes': m0012,
  '0013_wallet_account_number': m0013,
  '0014_chat': m0014,
  '0015_currency_rules': m0015,
  '0016_otp_use_login_addresses': m0016,
  '0017_provider_accounts': m0017,
  '0018_messenger_identities': m0018,
  '0019_passkeys': m0019,
  '0020_quick_unlocks': m0020,
  '0021_staff_ops_audit': m0021,
  '0022_refund_refusals': m0022,
  '0023_chat_files_sent': m0023,
  '0024_lookup_indexes': m0024,
  '0025_production_mark': m0025,
  '0026_staff_security': m0026,
  '0027_quick_unlock_proof': m0027,
  '0028_login_address_lookup': m0028,
  '0029_retention_indexes': m0029,
  '0030_queue_indexes': m0030,
  '0031_chat_room_last_message': m0031,
  '0032_session_notifications': m0032,
  '0033_member_events': m0033,
  '0034_notify_outbox': m0034,
  '0035_web_push': m0035,
  '0036_prize_reminders': m0036,
  '0037_slip_claimed_amount': m0037,
  '0038_movements_by_time': m0038,
  '0039_bank_statements': m0039,
  '0040_member_care': m0040,
  '0041_corrections': m0041,
  '0042_slip_ref_upper': m0042,
}

/**
 * Release 1.1.x named three migrations by domain, and Kysely orders by name, so any `0003_...`
 * would have sorted before them and every existing database would have refused to start. A
 * database migrated by that release has its rows in `kysely_migration` renamed to the sequence's
 * names before the Migrator reads them (db.ts), in the order they were applied.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  deposit_0001_qrcodes_slips_truelinks: '0003_deposit_qrcodes_slips_truelinks',
  ledger_0001_double_entry_games_withdrawals_idempotency: '0004_ledger_double_entry_games_withdrawals_idempotency',
  rewards_0001_refund_accruals: '0005_rewards_refund_accruals',
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}

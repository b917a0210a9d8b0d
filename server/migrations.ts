/**
 * Numbered schema migrations, applied in order once each (see db.ts). Never edit a released
 * migration: add the next number. Money columns are integer minor units (satang); times are
 * epoch milliseconds.
 */
export interface Migration {
  id: number
  name: string
  sql: string
}

export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'settings, lookups, members, wallets, sessions, otp',
    sql: `
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO settings (key, value) VALUES
        ('registerOTP', 'true'), ('terminated', 'false'),
        ('spinActive', 'false'), ('enableChatWidget', 'false');

      CREATE TABLE content (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE banks (
        code TEXT PRIMARY KEY, name_th TEXT NOT NULL, name_en TEXT NOT NULL,
        country TEXT NOT NULL, sort INTEGER NOT NULL
      );
      CREATE TABLE sources (code TEXT PRIMARY KEY, description TEXT NOT NULL, sort INTEGER NOT NULL);
      CREATE TABLE deposit_accounts (
        id INTEGER PRIMARY KEY, bank_code TEXT NOT NULL REFERENCES banks(code),
        bank_type TEXT NOT NULL, mode TEXT NOT NULL, account_name TEXT NOT NULL,
        account_no TEXT NOT NULL, currency TEXT NOT NULL, variant TEXT, sort INTEGER NOT NULL
      );
      CREATE TABLE wallet_accounts (
        id INTEGER PRIMARY KEY, account_name TEXT NOT NULL, mode TEXT NOT NULL, sort INTEGER NOT NULL
      );

      CREATE TABLE members (
        id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
        name TEXT NOT NULL, bank_code TEXT NOT NULL REFERENCES banks(code),
        bank_account_name TEXT NOT NULL, bank_account_no TEXT NOT NULL, currency TEXT NOT NULL,
        source_code TEXT, invited_by INTEGER REFERENCES members(id),
        is_active INTEGER NOT NULL DEFAULT 1, created_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX members_bank_account ON members (bank_code, bank_account_no);
      CREATE TABLE wallets (
        member_id INTEGER PRIMARY KEY REFERENCES members(id), currency TEXT NOT NULL,
        balance_minor INTEGER NOT NULL DEFAULT 0 CHECK (balance_minor >= 0)
      );
      CREATE TABLE ledger (
        id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES members(id),
        amount_minor INTEGER NOT NULL, balance_after_minor INTEGER NOT NULL,
        kind TEXT NOT NULL, note TEXT NOT NULL DEFAULT '', created_at INTEGER NOT NULL
      );
      CREATE INDEX ledger_member ON ledger (member_id, id);

      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES members(id),
        created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_member ON sessions (member_id);

      CREATE TABLE otps (
        id INTEGER PRIMARY KEY, phone TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE,
        code TEXT NOT NULL, ref TEXT NOT NULL, created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL, failed_attempts INTEGER NOT NULL DEFAULT 0,
        verified_at INTEGER
      );
      CREATE INDEX otps_phone ON otps (phone, id);
      CREATE TABLE phone_verifications (phone TEXT PRIMARY KEY, verified_at INTEGER NOT NULL);

      CREATE TABLE rate_events (
        id INTEGER PRIMARY KEY, kind TEXT NOT NULL, subject TEXT NOT NULL, at INTEGER NOT NULL
      );
      CREATE INDEX rate_events_lookup ON rate_events (kind, subject, at);

      CREATE TABLE seeds (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL);
    `,
  },
  {
    id: 2,
    name: 'session sweep index, payout hold, bank account audit',
    sql: `
      CREATE INDEX sessions_expiry ON sessions (expires_at);
      CREATE INDEX rate_events_kind_at ON rate_events (kind, at);
      ALTER TABLE members ADD COLUMN payout_hold_until INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE bank_account_changes (
        id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES members(id),
        old_bank_code TEXT NOT NULL, old_account_no TEXT NOT NULL, old_account_name TEXT NOT NULL,
        new_bank_code TEXT NOT NULL, new_account_no TEXT NOT NULL, new_account_name TEXT NOT NULL,
        address TEXT NOT NULL, changed_at INTEGER NOT NULL
      );
      CREATE INDEX bank_account_changes_member ON bank_account_changes (member_id, id);
    `,
  },
]

import type { Db } from './db'
import type { PasswordHasher } from './auth/passwords'
import { insertMember } from './account/members'
import { setContent, type ContentMap } from './lookup/store'
import * as data from './seedData'
import { changeBalance } from './wallet/ledger'

/**
 * Named seeds, each applied once per database (recorded in `seeds`). Later features add their own
 * entry (games, bonuses, ...) and an existing database picks it up on the next start.
 */
interface Seed {
  name: string
  /** Work done before the transaction (e.g. hashing); its result goes to `apply`. */
  prepare?: (passwords: PasswordHasher) => Promise<unknown>
  apply: (db: Db, at: number, prepared: unknown) => void
}

function seedLookups(db: Db): void {
  const bank = db.prepare(
    'INSERT INTO banks (code, name_th, name_en, country, sort) VALUES (?, ?, ?, ?, ?)',
  )
  data.thaiBanks.forEach(([code, th, en], i) => bank.run(code, th, en, 'TH', i))
  data.laoBanks.forEach(([code, th, en], i) => bank.run(code, th, en, 'LA', i))
  const source = db.prepare('INSERT INTO sources (code, description, sort) VALUES (?, ?, ?)')
  data.sources.forEach(([code, description], i) => source.run(code, description, i))
  for (const key of Object.keys(data.content) as (keyof ContentMap)[]) {
    setContent(db, key, data.content[key])
  }
  const deposit = db.prepare(
    `INSERT INTO deposit_accounts (bank_code, bank_type, mode, account_name, account_no, currency, variant, sort)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  data.depositAccounts.forEach((a, i) =>
    deposit.run(a.bankCode, a.bankType, a.mode, a.accountName, a.accountNo, a.currency, a.variant, i),
  )
  const wallet = db.prepare('INSERT INTO wallet_accounts (account_name, mode, sort) VALUES (?, ?, ?)')
  data.walletAccounts.forEach((a, i) => wallet.run(a.accountName, a.mode, i))
}

function seedDemoMember(db: Db, at: number, passwordHash: unknown): void {
  const demo = data.demoMember
  const id = insertMember(db, {
    id: demo.id,
    username: demo.phone,
    passwordHash: passwordHash as string,
    name: demo.name,
    bankCode: demo.bankCode,
    bankAccountName: demo.bankAccountName,
    bankAccountNo: demo.bankAccountNo,
    currency: demo.currency,
    sourceCode: demo.sourceCode,
    invitedBy: null,
    createdAt: at,
  })
  changeBalance(db, {
    memberId: id,
    amountMinor: demo.startingBalanceMinor,
    kind: 'deposit',
    note: 'demo starting balance',
    at,
  })
}

const seeds: readonly Seed[] = [
  { name: 'lookups', apply: seedLookups },
  {
    name: 'demo-member',
    prepare: (passwords) => passwords.hash(data.demoMember.password),
    apply: seedDemoMember,
  },
]

export async function runSeeds(db: Db, at: number, passwords: PasswordHasher): Promise<string[]> {
  const done = new Set(db.prepare('SELECT name FROM seeds').pluck().all() as string[])
  const applied: string[] = []
  for (const seed of seeds) {
    if (done.has(seed.name)) continue
    const prepared = await seed.prepare?.(passwords)
    db.transaction(() => {
      // Re-checked inside the transaction: another process may have seeded meanwhile.
      if (db.prepare('SELECT 1 FROM seeds WHERE name = ?').get(seed.name)) return
      seed.apply(db, at, prepared)
      db.prepare('INSERT INTO seeds (name, applied_at) VALUES (?, ?)').run(seed.name, at)
      applied.push(seed.name)
    })()
  }
  return applied
}

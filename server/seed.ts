import type { Variant } from '../src/api/types'
import type { Db } from './db'
import type { PasswordHasher } from './auth/passwords'
import { insertMember, setMemberActive } from './account/members'
import { setContent, type ContentMap } from './lookup/store'
import * as data from './seedData'
import { changeBalance } from './wallet/ledger'

/**
 * Named seeds, each applied once per database (recorded in `seeds`). Later features add their own
 * entry (games, bonuses, ...) and an existing database picks it up on the next start.
 */
interface Seed {
  name: string
  /** Only where the demo member belongs (not in production). */
  demoOnly?: boolean
  /** Work done before the transaction (e.g. hashing); its result goes to `apply`. */
  prepare?: (passwords: PasswordHasher) => Promise<unknown>
  apply: (db: Db, at: number, prepared: unknown, options: SeedOptions) => void
}

export interface SeedOptions {
  /** Seed the demo member (every mode but production). */
  demo: boolean
  /** The content's language: a Lao-variant server seeds its sources, contact and texts in Lao. */
  variant: Variant
}

function seedLookups(db: Db, _at: number, _prepared: unknown, { variant }: SeedOptions): void {
  const bank = db.prepare(
    'INSERT INTO banks (code, name_th, name_en, country, sort) VALUES (?, ?, ?, ?, ?)',
  )
  data.thaiBanks.forEach(([code, th, en], i) => bank.run(code, th, en, 'TH', i))
  data.laoBanks.forEach(([code, th, en], i) => bank.run(code, th, en, 'LA', i))
  const source = db.prepare('INSERT INTO sources (code, description, sort) VALUES (?, ?, ?)')
  data.sourcesFor(variant).forEach(([code, description], i) => source.run(code, description, i))
  const content = data.contentFor(variant)
  for (const key of Object.keys(content) as (keyof ContentMap)[]) {
    setContent(db, key, content[key])
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
    demoOnly: true,
    prepare: (passwords) => passwords.hash(data.demoMember.password),
    apply: seedDemoMember,
  },
]

export async function runSeeds(db: Db, at: number, passwords: PasswordHasher, options: SeedOptions): Promise<string[]> {
  const done = new Set(db.prepare('SELECT name FROM seeds').pluck().all() as string[])
  const applied: string[] = []
  for (const seed of seeds) {
    if (done.has(seed.name) || (seed.demoOnly && !options.demo)) continue
    const prepared = await seed.prepare?.(passwords)
    db.transaction(() => {
      // Re-checked inside the transaction: another process may have seeded meanwhile.
      if (db.prepare('SELECT 1 FROM seeds WHERE name = ?').get(seed.name)) return
      seed.apply(db, at, prepared, options)
      db.prepare('INSERT INTO seeds (name, applied_at) VALUES (?, ?)').run(seed.name, at)
      applied.push(seed.name)
    })()
  }
  return applied
}

/** Production: a demo member left by an earlier demo run can no longer sign in, and its sessions end. */
export function disableDemoMember(db: Db): void {
  const { id, phone } = data.demoMember
  const found = db.prepare('SELECT 1 FROM members WHERE id = ? AND username = ?').get(id, phone)
  if (!found) return
  setMemberActive(db, id, false)
  db.prepare('DELETE FROM sessions WHERE member_id = ?').run(id)
}

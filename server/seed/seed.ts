import type { Variant } from '../../contract'
import { type Db, LOCKS, lockedTransaction } from '../shared/db'
import type { PasswordHasher } from '../auth/passwords'
import { insertMember } from '../account/repo'
import { setMemberActive } from '../shared/members'
import { getContent, insertDepositAccounts, setContent, storedWithdrawLimits } from '../lookup/repo'
import { isDeepStrictEqual } from 'node:util'
import { variantDefault } from '../../contract/lib/language'
import { saidTo, storedText } from '../shared/inLanguages'
import * as data from './seedData'
import type { SharedContent } from './seedData'
import { seedDepositMethods } from '../deposit/seed'
import { upsertOffers } from '../bonus/bonuses'
import { insertGames } from '../games/repo'
import { seedGames } from '../games/gamesData'
import { creditWallet } from '../shared/ledger'

/**
 * Named seeds, each applied once per database (recorded in `seeds`). Later features add their own
 * entry (games, bonuses, ...) and an existing database picks it up on the next start.
 */
interface Seed {
  name: string
  /** Only where the demo belongs (not in production): its member, accounts and contact. */
  demoOnly?: boolean
  /** Work done before the transaction (e.g. hashing); its result goes to `apply`. */
  prepare?: (passwords: PasswordHasher) => Promise<unknown>
  apply: (db: Db, at: number, prepared: unknown, options: SeedOptions) => Promise<void>
}

export interface SeedOptions {
  /** Seed the demo member, accounts and contact (every mode but production). */
  demo: boolean
  /** The content's language: a Lao-variant server seeds its sources, contact and texts in Lao. */
  variant: Variant
}

async function seedLookups(db: Db, _at: number, _prepared: unknown, { variant }: SeedOptions): Promise<void> {
  await db.insertInto('banks').values([
    ...data.thaiBanks.map(([code, th, en], i) => ({ code, name_th: th, name_en: en, country: 'TH', sort: i })),
    ...data.laoBanks.map(([code, th, en], i) => ({ code, name_th: th, name_en: en, country: 'LA', sort: i })),
  ]).execute()
  await db.insertInto('sources')
    .values(data.sourcesFor().map(([code, description], i) => ({ code, description: storedText(description), sort: i })))
    .execute()
  const content = data.contentFor(variant)
  for (const key of Object.keys(content) as (keyof SharedContent)[]) {
    await setContent(db, key, content[key])
  }
}

/**
 * The demo's payment destinations and contact (demo, dev and test only). A database whose lookups
 * were seeded before this seed existed already holds them, or the operator's: nothing is added.
 */
async function seedDemoDestinations(db: Db): Promise<void> {
  if (!(await db.selectFrom('deposit_accounts').select('id').limit(1).executeTakeFirst())) {
    await insertDepositAccounts(db, data.depositAccounts, 0)
    await db.insertInto('wallet_accounts')
      .values(data.walletAccounts.map((a, i) => ({ account_name: a.accountName, account_no: a.accountNo, mode: a.mode, sort: i })))
      .execute()
  }
  const demo = data.demoContact()
  if (!(await getContent(db, 'contact'))) await setContent(db, 'contact', demo.contact)
  if (!(await getContent(db, 'info'))) await setContent(db, 'info', demo.info)
}

/**
 * Every amount rule per money (issue 27), for a database seeded before: withdrawal limits kept as
 * one pair (read as baht) gain the kip pair, and the seeded offers their kip cap.
 */
async function seedKipAmounts(db: Db, _at: number, _prepared: unknown, { variant }: SeedOptions): Promise<void> {
  const limits = await storedWithdrawLimits(db)
  if (limits && !limits.LAK) await setContent(db, 'withdrawLimits', { ...limits, LAK: data.withdrawLimits.LAK })
  for (const offer of data.offersFor(variant)) {
    if (typeof offer.maxBonusMinor === 'number' || offer.maxBonusMinor.LAK === undefined) continue
    await db.updateTable('bonuses').set({ max_bonus_lak_minor: offer.maxBonusMinor.LAK })
      .where('code', '=', offer.code).where('max_bonus_lak_minor', 'is', null).execute()
  }
}

async function seedDemoMember(db: Db, at: number, passwordHash: unknown): Promise<void> {
  const demo = data.demoMember
  const id = await insertMember(db, {
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
  await creditWallet(db, {
    memberId: id,
    amountMinor: demo.startingBalanceMinor,
    from: 'deposits-in',
    kind: 'deposit',
    note: 'demo starting balance',
    at,
  })
}

const seeds: readonly Seed[] = [
  { name: 'lookups', apply: seedLookups },
  { name: 'demo-destinations', demoOnly: true, apply: seedDemoDestinations },
  { name: 'deposit-methods', demoOnly: true, apply: seedDepositMethods },
  { name: 'games', apply: (db) => insertGames(db, seedGames) },
  { name: 'bonuses', apply: (db, _at, _prepared, { variant }) => upsertOffers(db, data.offersFor(variant)) },
  {
    name: 'demo-member',
    demoOnly: true,
    prepare: (passwords) => passwords.hash(data.demoMember.password),
    apply: seedDemoMember,
  },
  { name: 'kip-amounts', apply: seedKipAmounts },
  { name: 'refund-info', apply: (db) => setContent(db, 'refundInfo', data.refundInfoFor()) },
  { name: 'texts-in-languages', apply: seedTextsInLanguages },
  { name: 'contact-text-names-line', apply: seedContactTextNamingLine },
  { name: 'demo-payout-time', demoOnly: true, apply: seedDemoPayoutTime },
]

/** The demo says how long a withdrawal takes to arrive (issue 51 §2), for each money whose limits
 *  say nothing of it yet. */
async function seedDemoPayoutTime(db: Db): Promise<void> {
  const limits = await storedWithdrawLimits(db)
  if (!limits) return
  const timed = Object.fromEntries(Object.entries(limits).map(([money, pair]) => [money, { payoutMinutes: data.demoPayoutMinutes, ...pair }]))
  await setContent(db, 'withdrawLimits', timed)
}

/** The seeded contact text promised a chat on the page, whether or not the server has one: where
 *  nobody changed it, it now names LINE only (as seeded since). What the operator wrote stays. */
async function seedContactTextNamingLine(db: Db): Promise<void> {
  const contact = await getContent(db, 'contact')
  if (contact && isDeepStrictEqual(contact.contactText, data.contactTextPromisingChat)) await setContent(db, 'contact', { ...contact, contactText: data.contactTextFor() })
}

/**
 * Issue 51: a database seeded before kept each seeded text in the variant's language only. Each
 * one nobody has changed (still the seeded text, word for word) becomes the seeded text in every
 * language; a text the operator wrote stays as they wrote it.
 */
async function seedTextsInLanguages(db: Db, _at: number, _prepared: unknown, { variant }: SeedOptions): Promise<void> {
  const own = variantDefault(variant)
  const asSeeded = (text: unknown) => saidTo({ language: own, fallback: own }, text)
  const seeded = { ...data.contentFor(variant), refundInfo: data.refundInfoFor() }
  for (const key of ['conditions', 'agreements', 'notice', 'inviteBanners', 'refundInfo'] as const) {
    const stored = await getContent(db, key)
    if (stored !== undefined && isDeepStrictEqual(stored, asSeeded(seeded[key]))) await setContent(db, key, seeded[key])
  }
  const contact = await getContent(db, 'contact')
  // What that release seeded was the text that promised a chat (contact-text-names-line).
  if (contact && contact.contactText === asSeeded(data.contactTextPromisingChat)) await setContent(db, 'contact', { ...contact, contactText: data.contactTextFor() })
  for (const [code, description] of data.sourcesFor()) {
    await db.updateTable('sources').set({ description: storedText(description) })
      .where('code', '=', code).where('description', '=', String(asSeeded(description))).execute()
  }
  for (const offer of data.offersFor(variant)) {
    const texts = { name: offer.name, description: offer.description ?? '' }
    for (const column of ['name', 'description'] as const) {
      await db.updateTable('bonuses').set({ [column]: storedText(texts[column]) })
        .where('code', '=', offer.code).where(column, '=', String(asSeeded(texts[column]))).execute()
    }
    await db.updateTable('bonuses').set({ banners: JSON.stringify(offer.banners ?? []) })
      .where('code', '=', offer.code).where('banners', '=', JSON.stringify(asSeeded(offer.banners ?? []))).execute()
  }
}

export async function runSeeds(db: Db, at: number, passwords: PasswordHasher, options: SeedOptions): Promise<string[]> {
  const done = new Set((await db.selectFrom('seeds').select('name').execute()).map((row) => row.name))
  const applied: string[] = []
  for (const seed of seeds) {
    if (done.has(seed.name) || (seed.demoOnly && !options.demo)) continue
    const prepared = await seed.prepare?.(passwords)
    await lockedTransaction(db, LOCKS.seeds, async (trx) => {
      // Re-checked inside the locked transaction: another instance starting at the same time
      // waits for the lock, then finds the seed done.
      if (await trx.selectFrom('seeds').select('name').where('name', '=', seed.name).executeTakeFirst()) return
      await seed.apply(trx, at, prepared, options)
      await trx.insertInto('seeds').values({ name: seed.name, applied_at: at }).execute()
      applied.push(seed.name)
    })
  }
  return applied
}

/** Production: a demo member left by an earlier demo run can no longer sign in. Its id, for its
 *  sessions to end once the server can cut their sockets (app.ts, endMemberSessions). */
export async function disableDemoMember(db: Db): Promise<number | undefined> {
  const { id, phone } = data.demoMember
  const found = await db.selectFrom('members').select('id').where('id', '=', id).where('username', '=', phone).executeTakeFirst()
  if (!found) return undefined
  await setMemberActive(db, id, false)
  return id
}

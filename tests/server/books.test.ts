// @vitest-environment node
// The oracle of the ledger (issue 14, point 5): checkBooks must be seen saying "unbalanced" for
// each way books can be wrong, and postMovement must refuse each wrong movement before it is booked.
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Db, isPostgres } from '../../server/shared/db'
import { checkBooks } from '../../server/wallet/books'
import { type AccountRef, accountBalance, openGameAccount, postMovement } from '../../server/shared/ledger'
import { inTransit, reserveTransfer } from '../../server/wallet/transfers'
import { DEMO_MEMBER_ID, DEMO_START_MINOR } from './depositHelpers'
import { type TestServer, START, startServer } from './helpers'

let server: TestServer
let db: Db
beforeEach(async () => {
  server = await startServer({ transferSweepMs: 0 })
  db = server.app.serverContext.db
})
afterEach(async () => {
  await server.app.close()
})

const wallet: AccountRef = { wallet: DEMO_MEMBER_ID }
const house = (name: 'deposits-in' | 'adjustments', currency = 'THB'): AccountRef => ({ house: name, currency })
const accountId = async (key: string) => Number((await db.selectFrom('ledger_accounts').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id)
const movementCount = async () => Number((await db.selectFrom('movements').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

describe('checkBooks', () => {
  it('says balanced for books made only through postMovement', async () => {
    await postMovement(db, { kind: 'deposit', memberId: DEMO_MEMBER_ID, at: START, postings: [{ account: wallet, amountMinor: 5_00 }, { account: house('deposits-in'), amountMinor: -5_00 }] })
    const report = await checkBooks(db)
    expect(report).toMatchObject({ balanced: true, unbalancedMovements: 0, loneMovements: 0, mixedCurrencyMovements: 0, cacheMismatches: 0, totals: { THB: 0 } })
  })

  it('reports a stray posting: the movement, the currency total and the account cache are all off', async () => {
    const movement = await db.selectFrom('movements').select('id').executeTakeFirstOrThrow()
    await db.insertInto('postings').values({ movement_id: movement.id, account_id: await accountId(`wallet:${DEMO_MEMBER_ID}`), amount_minor: 1 }).execute()
    const report = await checkBooks(db)
    expect(report).toMatchObject({ balanced: false, unbalancedMovements: 1, cacheMismatches: 1, totals: { THB: 1 } })
  })

  it('reports a cached balance that disagrees with its postings', async () => {
    await db.updateTable('ledger_accounts').set({ balance_minor: DEMO_START_MINOR + 1 }).where('key', '=', `wallet:${DEMO_MEMBER_ID}`).execute()
    expect(await checkBooks(db)).toMatchObject({ balanced: false, cacheMismatches: 1, unbalancedMovements: 0, totals: { THB: 0 } })
  })

  it('reports a movement with fewer than two postings', async () => {
    await db.insertInto('movements').values({ kind: 'deposit', member_id: DEMO_MEMBER_ID, reference: null, note: '', created_at: START }).execute()
    expect(await checkBooks(db)).toMatchObject({ balanced: false, loneMovements: 1 })
  })

  it('reports a movement across two currencies, even when each posting is cached', async () => {
    const lak = await db.insertInto('ledger_accounts').values({ key: 'house:adjustments:LAK', kind: 'house', currency: 'LAK', balance_minor: -7, allow_negative: 1, created_at: START })
      .returning('id').executeTakeFirstOrThrow()
    const thb = await accountId('house:deposits-in:THB')
    const movement = await db.insertInto('movements').values({ kind: 'adjustment', member_id: null, reference: null, note: '', created_at: START }).returning('id').executeTakeFirstOrThrow()
    await db.insertInto('postings').values([
      { movement_id: movement.id, account_id: thb, amount_minor: 7 },
      { movement_id: movement.id, account_id: lak.id, amount_minor: -7 },
    ]).execute()
    await db.updateTable('ledger_accounts').set((eb) => ({ balance_minor: eb('balance_minor', '+', 7) })).where('id', '=', thb).execute()
    expect(await checkBooks(db)).toMatchObject({ balanced: false, mixedCurrencyMovements: 1, unbalancedMovements: 0, cacheMismatches: 0, totals: { THB: 7, LAK: -7 } })
  })

  it('reports a member account below zero (a database that lost its check constraint)', async () => {
    // Only reachable around the schema: the check constraint refuses it, so it is dropped in this copy.
    if (isPostgres(db)) {
      await sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_non_negative`.execute(db)
    } else {
      await sql`PRAGMA ignore_check_constraints = ON`.execute(db)
    }
    await db.updateTable('ledger_accounts').set({ balance_minor: -1 }).where('key', '=', `wallet:${DEMO_MEMBER_ID}`).execute()
    expect(await checkBooks(db)).toMatchObject({ balanced: false, negativeMemberAccounts: 1 })
  })

  it('reports money in transit that no open transfer reserved, and an open transfer whose money is gone', async () => {
    await openGameAccount(db, DEMO_MEMBER_ID, 'PG', 'THB', START)
    await reserveTransfer(db, { memberId: DEMO_MEMBER_ID, from: 'WALLET', to: 'PG', amountMinor: 10_00, currency: 'THB', at: START })
    expect(await checkBooks(db)).toMatchObject({ balanced: true, strandedInTransit: { THB: 0 } })
    // The transfer marked settled without its settling movement: the money sits in transit, owned by nobody.
    await db.updateTable('game_transfers').set({ status: 'settled' }).execute()
    expect(await checkBooks(db)).toMatchObject({ balanced: false, strandedInTransit: { THB: 10_00 } })
    await db.updateTable('game_transfers').set({ status: 'reserved' }).execute()
    await postMovement(db, { kind: 'adjustment', at: START, postings: [{ account: inTransit('THB'), amountMinor: -10_00 }, { account: house('adjustments'), amountMinor: 10_00 }] })
    expect(await checkBooks(db)).toMatchObject({ balanced: false, strandedInTransit: { THB: -10_00 } })
  })
})

describe('postMovement refuses a wrong movement before booking it', () => {
  const post = (postings: { account: AccountRef; amountMinor: number }[], reference?: string) =>
    postMovement(db, { kind: 'test', memberId: DEMO_MEMBER_ID, reference, at: START, postings })

  it.each([
    ['postings that do not sum to zero', [{ account: wallet, amountMinor: 5 }, { account: house('deposits-in'), amountMinor: -4 }], /sum to zero/],
    ['a single posting', [{ account: wallet, amountMinor: 0 }], /at least two postings/],
    ['an account twice', [{ account: wallet, amountMinor: 5 }, { account: wallet, amountMinor: -5 }], /each account once/],
    ['a zero posting', [{ account: wallet, amountMinor: 0 }, { account: house('deposits-in'), amountMinor: 0 }], /non-zero integer/],
    ['a fraction of a minor unit', [{ account: wallet, amountMinor: 0.5 }, { account: house('deposits-in'), amountMinor: -0.5 }], /non-zero integer/],
    ['an unsafe integer', [{ account: wallet, amountMinor: 2 ** 53 }, { account: house('deposits-in'), amountMinor: -(2 ** 53) }], /non-zero integer/],
    ['two currencies', [{ account: wallet, amountMinor: 5 }, { account: house('deposits-in', 'LAK'), amountMinor: -5 }], /one currency/],
  ])('%s', async (_name, postings, message) => {
    const before = await movementCount()
    await expect(post(postings)).rejects.toThrow(message)
    expect(await movementCount()).toBe(before)
    expect((await checkBooks(db)).balanced).toBe(true)
  })

  it('a reference used before: 409 KEY_INVALID, booked once', async () => {
    const postings = [{ account: wallet, amountMinor: 5 }, { account: house('deposits-in'), amountMinor: -5 }]
    await post(postings, 'slip:ABC')
    await expect(post(postings, 'slip:ABC')).rejects.toMatchObject({ status: 409, code: 'KEY_INVALID' })
    expect(await accountBalance(db, wallet)).toBe(DEMO_START_MINOR + 5)
  })

  it('a member account below zero: 400 MONEY_NOT_ENOUGH, nothing booked', async () => {
    const before = await movementCount()
    await expect(post([{ account: wallet, amountMinor: -(DEMO_START_MINOR + 1) }, { account: house('adjustments'), amountMinor: DEMO_START_MINOR + 1 }]))
      .rejects.toMatchObject({ status: 400, code: 'MONEY_NOT_ENOUGH' })
    expect(await movementCount()).toBe(before)
    expect(await accountBalance(db, wallet)).toBe(DEMO_START_MINOR)
  })

  it('an account that does not exist: NO_WALLET, SLOT_NO_ACCOUNT', async () => {
    await expect(post([{ account: { wallet: 999 }, amountMinor: 5 }, { account: house('deposits-in'), amountMinor: -5 }])).rejects.toMatchObject({ code: 'NO_WALLET' })
    await expect(post([{ account: { game: 'PG', memberId: DEMO_MEMBER_ID }, amountMinor: 5 }, { account: house('deposits-in'), amountMinor: -5 }])).rejects.toMatchObject({ code: 'SLOT_NO_ACCOUNT' })
  })
})

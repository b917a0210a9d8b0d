/**
 * Matching with the bank (issue 52 §2). Staff import the statement of one of the operator's deposit
 * accounts (bankStatement.ts reads it); each credit in it is matched to a deposit the books hold
 * for that account:
 *
 * - a QR paid (the provider's report booked it at once) by a provider paying into the account's
 *   kind (KBANK's QR into a 'QR' account, ...), at the time it was paid;
 * - a slip approved (the member's own transfer) into any other account of the money, at the time
 *   it was sent: a slip does not say which of the operator's accounts it went to.
 *
 * A credit matches a deposit of the same amount within MATCH_WINDOW of it, the nearest in time
 * first, each deposit at most once; a credit already matched or noted stays so. What is left is
 * the account's differences over the time its statements cover: credits in the bank with no deposit,
 * deposits in the books with no credit. Staff resolve each with a note, audited.
 *
 * A statement imported again adds no credit (each line's key is the line itself: account, time,
 * amount, balance, words, and which of its equals in the file it is) and matches again only what
 * is still open, so it changes nothing unless a deposit came since. Imports and notes run one at a
 * time (a locked transaction), on any number of instances.
 */
import { createHash } from 'node:crypto'
import type * as O from '../../contract/ops'
import { notTheApprover } from '../ops/approvals'
import { type Actor, audit } from '../ops/audit'
import type { ServerContext } from '../shared/context'
import { type Db, LOCKS, lockedTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { maskPhone } from '../shared/mask'
import { moneyOf, toMajor } from '../shared/money'
import { readStatement } from './bankStatement'
import { providersPayingInto } from './qrcode'
import * as repo from './repo'

/** How far apart in time a credit and its deposit may be: a slip is sent after the transfer, and
 *  a bank may print the time it booked the money rather than when it came. */
export const MATCH_WINDOW_MS = 60 * 60 * 1000

const keyOf = (account: { bank_code: string; account_no: string }): string => `${account.bank_code}:${account.account_no}`

export async function bankAccounts(db: Db): Promise<O.BankAccount[]> {
  return (await repo.depositAccountsForBank(db)).map((row) => ({
    key: keyOf(row), bankCode: row.bank_code, accountNo: row.account_no, accountName: row.account_name, currency: row.currency,
  }))
}

interface Account { key: string; bankType: string; currency: string }

async function accountOf(db: Db, key: string): Promise<Account & { shown: O.BankAccount }> {
  const row = (await repo.depositAccountsForBank(db)).find((account) => keyOf(account) === key)
  if (!row) throw fail(404, 'NO_DATA')
  return {
    key, bankType: row.bank_type, currency: row.currency,
    shown: { key, bankCode: row.bank_code, accountNo: row.account_no, accountName: row.account_name, currency: row.currency },
  }
}

/** The deposits of `between` that may have come into `account`, not matched or noted yet. */
async function openDeposits(db: Db, account: Account, between: { from: number; to: number }) {
  const providers = providersPayingInto(account.bankType)
  const deposits = (await repo.depositsBetween(db, between, providers, providers.length === 0))
    .filter((deposit) => moneyOf(deposit.currency) === moneyOf(account.currency))
  const settled = await repo.settledDeposits(db, deposits.map((deposit) => deposit.deposit))
  return deposits.filter((deposit) => !settled.has(deposit.deposit))
}

/** Matches the account's open credits to its open deposits; how many it matched. */
async function matchAccount(db: Db, account: Account): Promise<number> {
  const credits = await repo.unmatchedLines(db, account.key)
  if (credits.length === 0) return 0
  const from = Number(credits[0].posted_at) - MATCH_WINDOW_MS
  const to = Number(credits[credits.length - 1].posted_at) + MATCH_WINDOW_MS
  const open = await openDeposits(db, account, { from, to })
  let matched = 0
  for (const credit of credits) {
    const postedAt = Number(credit.posted_at)
    let best = -1
    for (const [index, deposit] of open.entries()) {
      if (Number(deposit.amount_minor) !== Number(credit.amount_minor) || Math.abs(deposit.at - postedAt) > MATCH_WINDOW_MS) continue
      if (best < 0 || Math.abs(deposit.at - postedAt) < Math.abs(open[best].at - postedAt)) best = index
    }
    if (best < 0) continue
    await repo.matchLine(db, Number(credit.id), open[best].deposit)
    open.splice(best, 1)
    matched += 1
  }
  return matched
}

/** Imports a statement's credits and matches them; refused (400) when it cannot be read whole. */
export async function importStatement(ctx: ServerContext, upload: O.StatementUpload, actor: Actor): Promise<O.StatementImported> {
  const account = await accountOf(ctx.db, upload.account)
  const reading = readStatement(upload.text, upload.format, ctx.timeZone)
  if ('problem' in reading) throw reading.problem === 'NO_HEADER' ? fail(400, 'STATEMENT_NO_HEADER') : fail(400, 'STATEMENT_BAD_LINE', reading.line)
  // Which of its equals in the file a line is: two credits alike in every printed field are two credits.
  const seen = new Map<string, number>()
  const lines = reading.credits.map((credit) => {
    const printed = JSON.stringify([account.key, credit.postedAt, credit.amountMinor, credit.balanceMinor, credit.description])
    const nth = (seen.get(printed) ?? 0) + 1
    seen.set(printed, nth)
    return { credit, key: createHash('sha256').update(`${printed}#${nth}`).digest('hex') }
  })
  const now = ctx.now()
  return lockedTransaction(ctx.db, LOCKS.bankStatements, async (trx) => {
    const importId = await repo.insertStatementImport(trx, {
      account: account.key, format: upload.format, file_name: upload.fileName, staff_id: actor.staffId, credits_read: lines.length, credits_added: 0, created_at: now,
    })
    const added = await repo.insertStatementLines(trx, lines.map(({ credit, key }) => ({
      account: account.key, line_key: key, import_id: importId, posted_at: credit.postedAt, amount_minor: credit.amountMinor,
      balance_minor: credit.balanceMinor, description: credit.description.slice(0, 500),
    })))
    await repo.setImportAdded(trx, importId, added)
    const matched = await matchAccount(trx, account)
    const result = { read: lines.length, added, matched }
    await audit(trx, actor, now, { action: 'bank.statement.import', item: `bank:${account.key}`, after: { file: upload.fileName, format: upload.format, ...result } })
    return result
  })
}

/** The account's differences over the time its statements cover. */
export async function bankDifferences(db: Db, key: string): Promise<O.BankDifferences> {
  const account = await accountOf(db, key)
  const span = await repo.statementSpan(db, key)
  if (!span) return { account: account.shown, from: null, to: null, matched: 0, inBankOnly: [], inBooksOnly: [] }
  const credits = await repo.unmatchedLines(db, key)
  const deposits = await openDeposits(db, account, span)
  return {
    account: account.shown,
    from: new Date(span.from).toISOString(),
    to: new Date(span.to).toISOString(),
    matched: await repo.matchedLineCount(db, key),
    inBankOnly: credits.map((credit) => ({
      id: String(credit.id), postedAt: new Date(Number(credit.posted_at)).toISOString(), amount: toMajor(Number(credit.amount_minor)),
      balance: credit.balance_minor === null ? null : toMajor(Number(credit.balance_minor)), description: credit.description,
    })),
    inBooksOnly: deposits.sort((a, b) => a.at - b.at).map((deposit) => ({
      deposit: deposit.deposit, method: deposit.deposit.startsWith('qrcode:') ? 'qrcode' as const : 'slip' as const,
      member: { id: String(deposit.member_id), phone: maskPhone(deposit.username), name: deposit.name },
      amount: toMajor(Number(deposit.amount_minor)), at: new Date(deposit.at).toISOString(),
    })),
  }
}

/** A credit with no deposit, noted as in order; 409 ALREADY_DECIDED when it is not open any more. */
export async function noteCredit(ctx: ServerContext, id: number, body: O.CreditNote, actor: Actor): Promise<O.BankDifferences> {
  const account = await accountOf(ctx.db, body.account)
  await lockedTransaction(ctx.db, LOCKS.bankStatements, async (trx) => {
    const at = ctx.now()
    if (!(await repo.noteLine(trx, account.key, id, body.note.trim(), actor.staffId, at))) throw fail(409, 'ALREADY_DECIDED')
    await audit(trx, actor, at, { action: 'bank.credit.note', item: `bank:${account.key}`, after: { credit: String(id), note: body.note.trim() } })
  })
  return bankDifferences(ctx.db, account.key)
}

/** A deposit with no credit, noted as in order; 409 ALREADY_DECIDED when it is not an open difference of the account. */
export async function noteDeposit(ctx: ServerContext, body: O.DepositNote, actor: Actor): Promise<O.BankDifferences> {
  const account = await accountOf(ctx.db, body.account)
  await lockedTransaction(ctx.db, LOCKS.bankStatements, async (trx) => {
    const span = await repo.statementSpan(trx, account.key)
    const open = span ? await openDeposits(trx, account, span) : []
    const deposit = open.find((candidate) => candidate.deposit === body.deposit)
    if (!deposit) throw fail(409, 'ALREADY_DECIDED')
    if (deposit.deposit.startsWith('slip:')) await notTheApprover(trx, actor, deposit.deposit)
    const at = ctx.now()
    await repo.insertDepositNote(trx, { deposit: body.deposit, account: account.key, note: body.note.trim(), staff_id: actor.staffId, at })
    await audit(trx, actor, at, { action: 'bank.deposit.note', item: `bank:${account.key}`, memberId: Number(deposit.member_id), after: { deposit: body.deposit, note: body.note.trim() } })
  })
  return bankDifferences(ctx.db, account.key)
}

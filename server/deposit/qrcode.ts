// QR deposits (spec 4 and 7): one open QR per member and provider, single use, expiring; every
// payment the provider reports is booked, once.
import { randomBytes } from 'node:crypto'
import type { QrProvider, QrState } from '../../contract'
import type { Member } from '../shared/members'
import { isUniqueViolation } from '../shared/db'
import { type ServerContext, variantOf } from '../shared/context'
import { type Db, inTransaction } from '../shared/db'
import { fail } from '../shared/http/errors'
import { toMajor } from '../shared/money'
import { DEFAULT_MAX_AMOUNT_MINOR, parseAmount } from '../shared/amount'
import { creditDeposit } from './credit'
import { promptPayPayload } from './promptpay'
import { getQrSettings, type QrSettings } from './qrSettings'
import { qrSvg } from './qrSvg'
import * as repo from './repo'
import { type Reader, sayTo } from '../shared/inLanguages'

/** The deposit account type each provider's QR pays into (spec 2: KBANK's QR mode, WW, E2P). */
const BANK_TYPE: Record<QrProvider, string> = { KBANK: 'QR', WW: 'WW', E2P: 'E2P' }

/** The providers whose QRs pay into an account of `bankType` (none for a bank account members transfer to). */
export const providersPayingInto = (bankType: string): QrProvider[] =>
  (Object.keys(BANK_TYPE) as QrProvider[]).filter((provider) => BANK_TYPE[provider] === bankType)

const noQr = (message = ''): QrState => ({
  qrcodeId: null,
  hasQrcode: false,
  qrcode: null,
  amount: null,
  expireIn: 0,
  message,
})

/** An open row past its countdown is expired, whether or not a new QR has marked it so yet. */
const statusOf = (row: repo.QrRow, now: number): repo.QrStatus =>
  row.status === 'open' && Number(row.expires_at) <= now ? 'expired' : row.status

function stateOf(row: repo.QrRow, now: number): QrState {
  return {
    qrcodeId: row.id,
    hasQrcode: true,
    qrcode: qrSvg(row.payload),
    amount: toMajor(Number(row.amount_minor)),
    expireIn: Math.max(0, Math.ceil((Number(row.expires_at) - now) / 1000)),
    message: '',
    status: 'open',
  }
}

/** A QR that can no longer be paid: paid (maybe late), cancelled or expired. */
const closedStateOf = (row: repo.QrRow, status: repo.QrStatus): QrState => ({
  qrcodeId: row.id,
  hasQrcode: false,
  qrcode: null,
  amount: toMajor(Number(row.amount_minor)),
  expireIn: 0,
  message: '',
  status,
  // The deposit a paid QR made, as the statement names it (its payment reference) and when.
  ...(status === 'paid' ? { reference: row.reference, paidAt: new Date(Number(row.paid_at ?? row.created_at)).toISOString() } : {}),
})

/** The provider's account, or undefined when the operator has the provider off. */
async function providerAccount(ctx: ServerContext, provider: QrProvider, settings: QrSettings) {
  if (!settings.enabled[provider]) return undefined
  return repo.findQrAccount(ctx.db, BANK_TYPE[provider], variantOf(ctx))
}

/**
 * The member's QR state for a provider: its open QR, or none. With `qrcodeId` (the QR the app
 * shows) that QR's own state once it is closed, so the app learns it was paid; an id that is not
 * the member's QR for this provider is answered as if it were not given.
 */
export async function qrState(ctx: ServerContext, member: Member, provider: QrProvider, qrcodeId: string | undefined, reader: Reader): Promise<QrState> {
  const now = ctx.now()
  if (qrcodeId !== undefined) {
    const shown = await repo.findQr(ctx.db, qrcodeId)
    if (shown && Number(shown.member_id) === member.id && shown.provider === provider) {
      const status = statusOf(shown, now)
      if (status !== 'open') return closedStateOf(shown, status)
    }
  }
  const settings = await getQrSettings(ctx.db)
  if (!(await providerAccount(ctx, provider, settings))) return noQr(sayTo(reader, settings.offMessage))
  const open = await repo.findOpenQr(ctx.db, member.id, provider, now)
  return open ? stateOf(open, now) : noQr()
}

/** Wire major units to minor units, strictly (shared/amount.ts); any amount not above 0 is KEY_INVALID here. */
export function depositMinor(amount: number): number {
  if (!(amount > 0)) throw fail(400, 'KEY_INVALID')
  return parseAmount(amount, DEFAULT_MAX_AMOUNT_MINOR)
}

/** 20 characters: the payment reference a provider echoes back, unique in the schema. */
const newReference = () => randomBytes(10).toString('hex').toUpperCase()

export async function createQr(ctx: ServerContext, member: Member, provider: QrProvider, amount: number, reader: Reader): Promise<QrState> {
  const amountMinor = depositMinor(amount)
  const settings = await getQrSettings(ctx.db)
  const account = await providerAccount(ctx, provider, settings)
  if (!account) return noQr(sayTo(reader, settings.offMessage))
  // PromptPay pays baht only.
  if (member.currency === 'LAK') throw fail(400, 'QR_FAIL')
  if (amountMinor < settings.minimumMinor[provider] || amountMinor > settings.maximumMinor) throw fail(400, 'QR_FAIL')

  const now = ctx.now()
  const reference = newReference()
  let payload: string
  try {
    payload = promptPayPayload({ promptPayId: account.promptPayId, amountMinor, reference })
  } catch {
    // The operator's PromptPay id is not one; nothing the player can change.
    throw fail(500, 'QR_FAIL')
  }
  const row: repo.QrRow = {
    id: randomBytes(16).toString('base64url'),
    member_id: member.id,
    provider,
    amount_minor: amountMinor,
    reference,
    payload,
    status: 'open',
    created_at: now,
    expires_at: now + settings.expireMinutes * 60_000,
    settled_at: null,
    paid_at: null,
    late: 0,
  }
  try {
    await inTransaction(ctx.db, async (trx) => {
      await repo.expireQrs(trx, member.id, now)
      await repo.insertQr(trx, row)
    })
  } catch (error) {
    // One open QR per provider: the player cancels it (or lets it expire) before making another.
    if (isUniqueViolation(error, repo.UNIQUE.qrOpen)) throw fail(409, 'QR_FAIL')
    throw error
  }
  return stateOf(row, now)
}

/**
 * Cancels the member's open QR; a paid, cancelled or expired one is used up (409 QR_FAIL). Cancel
 * only marks our row: the payload has no expiry, so a payment may still come (see payQr).
 */
export async function cancelQr(ctx: ServerContext, member: Member, id: string): Promise<void> {
  if (await repo.cancelQr(ctx.db, id, member.id, ctx.now())) return
  const found = await repo.findQr(ctx.db, id)
  if (!found || Number(found.member_id) !== member.id) throw fail(404, 'NO_DATA')
  throw fail(409, 'QR_FAIL')
}

/**
 * The provider reports a QR paid (the dev endpoint stands in for its callback), naming it by our id
 * or by the reference the payload carried. The money arrived, so it is booked to the member whose
 * QR it was whatever our row says: after cancel or past the countdown it is booked and flagged
 * late for the operator. Marked paid and credited in one transaction, once: a second report of the
 * same payment (a provider's retry) books nothing and is answered as the first.
 */
/** What is told of a payment inside its transaction (the demo bank's audit row), so the two commit together. */
export type QrPaid = (trx: Db, paid: { memberId: number; qrId: string; amountMinor: number }) => Promise<void>

/** True when this report paid it; false when it was paid already (a second report books nothing). */
export async function payQr(ctx: ServerContext, idOrReference: string, onPaid?: QrPaid): Promise<boolean> {
  const found = await repo.findReportedQr(ctx.db, idOrReference)
  if (!found) throw fail(404, 'NO_DATA')
  return inTransaction(ctx.db, async (trx) => {
    const now = ctx.now()
    const paid = await repo.markQrPaid(trx, found.id, now)
    if (!paid) return false
    await creditDeposit(trx, {
      memberId: Number(paid.member_id),
      amountMinor: Number(paid.amount_minor),
      reference: paid.reference,
      kind: 'qrcode',
      at: now,
    })
    await onPaid?.(trx, { memberId: Number(paid.member_id), qrId: found.id, amountMinor: Number(paid.amount_minor) })
    return true
  })
}

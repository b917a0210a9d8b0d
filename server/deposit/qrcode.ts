// QR deposits (spec 4 and 7): one open QR per member and provider, single use, expiring.
import { randomBytes } from 'node:crypto'
import type { QrProvider, QrState } from '../../src/api/types'
import type { Member } from '../account/members'
import { isUniqueViolation } from '../account/members'
import { type ServerContext, variantOf } from '../context'
import { inTransaction } from '../db'
import { fail } from '../http/errors'
import { toMajor } from '../money'
import { DEFAULT_MAX_AMOUNT_MINOR, parseAmount } from '../wallet/amount'
import { creditDeposit } from './credit'
import { promptPayPayload } from './promptpay'
import { qrSvg } from './qrSvg'
import * as store from './store'

/** The deposit account type each provider's QR pays into (spec 2: KBANK's QR mode, WW, E2P). */
const BANK_TYPE: Record<QrProvider, string> = { KBANK: 'QR', WW: 'WW', E2P: 'E2P' }

const noQr = (message = ''): QrState => ({
  qrcodeId: null,
  hasQrcode: false,
  qrcode: null,
  amount: null,
  expireIn: 0,
  message,
})

function stateOf(row: store.QrRow, now: number): QrState {
  return {
    qrcodeId: row.id,
    hasQrcode: true,
    qrcode: qrSvg(row.payload),
    amount: toMajor(row.amount_minor),
    expireIn: Math.max(0, Math.ceil((row.expires_at - now) / 1000)),
    message: '',
  }
}

/** The provider's account, or undefined when the operator has the provider off. */
async function providerAccount(ctx: ServerContext, provider: QrProvider, settings: store.QrSettings) {
  if (!settings.enabled[provider]) return undefined
  return store.findQrAccount(ctx.db, BANK_TYPE[provider], variantOf(ctx))
}

export async function qrState(ctx: ServerContext, member: Member, provider: QrProvider): Promise<QrState> {
  const settings = await store.getQrSettings(ctx.db)
  if (!(await providerAccount(ctx, provider, settings))) return noQr(settings.offMessage)
  const now = ctx.now()
  const open = await store.findOpenQr(ctx.db, member.id, provider, now)
  return open ? stateOf(open, now) : noQr()
}

/** Wire major units to minor units, strictly (wallet/amount.ts); any amount not above 0 is KEY_INVALID here. */
export function depositMinor(amount: number): number {
  if (!(amount > 0)) throw fail(400, 'KEY_INVALID')
  return parseAmount(amount, DEFAULT_MAX_AMOUNT_MINOR)
}

/** 20 characters: the payment reference a provider echoes back, unique in the schema. */
const newReference = () => randomBytes(10).toString('hex').toUpperCase()

export async function createQr(ctx: ServerContext, member: Member, provider: QrProvider, amount: number): Promise<QrState> {
  const amountMinor = depositMinor(amount)
  const settings = await store.getQrSettings(ctx.db)
  const account = await providerAccount(ctx, provider, settings)
  if (!account) return noQr(settings.offMessage)
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
  const row: store.QrRow = {
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
  }
  try {
    await inTransaction(ctx.db, async (trx) => {
      await store.expireQrs(trx, member.id, now)
      await store.insertQr(trx, row)
    })
  } catch (error) {
    // One open QR per provider: the player cancels it (or lets it expire) before making another.
    if (isUniqueViolation(error, store.UNIQUE.qrOpen)) throw fail(409, 'QR_FAIL')
    throw error
  }
  return stateOf(row, now)
}

/** Cancels the member's open QR; a paid, cancelled or expired one is used up (409 QR_FAIL). */
export async function cancelQr(ctx: ServerContext, member: Member, id: string): Promise<void> {
  if (await store.settleQr(ctx.db, id, 'cancelled', ctx.now(), member.id)) return
  const found = await store.findQr(ctx.db, id)
  if (!found || found.member_id !== member.id) throw fail(404, 'NO_DATA')
  throw fail(409, 'QR_FAIL')
}

/**
 * The provider says the QR was paid (the dev endpoint stands in for its callback): marked paid and
 * credited in one transaction, once.
 */
export async function payQr(ctx: ServerContext, id: string): Promise<number> {
  return inTransaction(ctx.db, async (trx) => {
    const now = ctx.now()
    const paid = await store.settleQr(trx, id, 'paid', now)
    if (!paid) throw (await store.findQr(trx, id)) ? fail(409, 'QR_FAIL') : fail(404, 'NO_DATA')
    return creditDeposit(trx, {
      memberId: paid.member_id,
      amountMinor: Number(paid.amount_minor),
      reference: paid.reference,
      kind: 'qrcode',
      at: now,
    })
  })
}

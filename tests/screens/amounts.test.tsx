// Amounts mean what the player typed (issue 14): the transfer, withdraw and QR deposit fields read
// what is typed in the player's language the way the screen writes amounts (Lao `1.500` is 1500,
// `1,5` is 1.5; Thai and Lao digits are digits), say the amount that will be sent, send it as a
// plain number, and refuse what could mean two amounts with the expected format, keeping the text.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Currency, DepositLookup, QrState, WalletResponse } from '../../contract'
import { DepositModal } from '../../src/features/deposit/DepositModal'
import { TransferModal } from '../../src/features/wallet/transfer/TransferModal'
import { WithdrawModal } from '../../src/features/wallet/withdraw/WithdrawModal'
import type { Language } from '../../contract/lib/language'
import { formatMoney } from '../../contract/lib/money'
import { renderScreen, text, type Call, type Routes } from '../renderScreen'

function wallet(currency: Currency, amount = 5000): WalletResponse {
  return {
    profile: { _id: '7', name: 'Somchai', username: '0812345678', coin: 0 },
    bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } },
    wallet: { amount, currency },
    invite: { amount: 0, success: 0, fail: 0 },
    slots: [{ code: 'PG', name: 'PG game', category: 'slot', isActive: true, amount: 0, ftWalletSlot: 1, logo: '', background: '', web: null, android: null, ios: null }],
  }
}

/** The Lao variant's member holds kip; the Thai and English ones baht. */
const currencyOf = (language: Language): Currency => (language === 'la' ? 'LAK' : 'THB')
const screenOptions = (language: Language) => ({ language, variant: language === 'la' ? ('la' as const) : ('th' as const), path: '/user/home' })
const posts = (calls: Call[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url)

async function openTransfer(language: Language) {
  const currency = currencyOf(language)
  const result = await renderScreen(<TransferModal open onClose={vi.fn()} to="PG" />, {
    ...screenOptions(language),
    api: {
      'GET /api/wallet': wallet(currency),
      'POST /api/wallet/transfer': (call: Call) => {
        const { amount } = call.body as { amount: number }
        return { message: 'SUCCESS', amount, wallet: { amount: 5000 - amount, currency } }
      },
    },
  })
  const modal = within(await screen.findByRole('dialog', { name: text('transfer.title') }))
  await modal.findAllByRole('option', { name: /^PG game/ })
  const amount = modal.getByLabelText(text('transfer.amount'))
  // Next, then Confirm once the amount has gone through to the confirmation (issue 51 §2).
  const submit = async () => {
    await result.user.click(modal.getByRole('button', { name: text('common.next') }))
    const confirm = modal.queryByRole('button', { name: text('transfer.confirm') })
    if (confirm) await result.user.click(confirm)
  }
  return { ...result, modal, amount, submit, money: (value: number) => formatMoney(value, language, currency) }
}

describe('transfer: the amount typed is the amount sent', () => {
  it.each([
    ['en', '1,500', 1500],
    ['en', '1.5', 1.5],
    ['th', '1,500', 1500],
    ['th', '๑,๕๐๐.๕๐', 1500.5],
    ['la', '1.500', 1500],
    ['la', '1,5', 1.5],
    ['la', '໑.໕໐໐,໕', 1500.5],
  ] as const)('%s: %j is sent as %d, said first in the player\'s way', async (language, typed, sentAmount) => {
    const { user, calls, modal, amount, submit, money } = await openTransfer(language)
    await user.type(amount, typed)
    // Nothing typed is lost.
    expect(amount).toHaveValue(typed)
    expect(modal.getByTestId('amount-preview')).toHaveTextContent(text('transfer.preview', { amount: money(sentAmount) }))
    await submit()
    await waitFor(() => expect(posts(calls, '/api/wallet/transfer')).toHaveLength(1))
    expect(posts(calls, '/api/wallet/transfer')[0].body).toEqual({ from: 'WALLET', to: 'PG', amount: sentAmount })
    expect(await screen.findByText(text('transfer.success', { amount: money(sentAmount) }))).toBeVisible()
  })

  it('la: refuses 1.5 as unclear with the Lao way of writing it, keeps it, then sends 1,5 as 1.5', async () => {
    const { user, calls, modal, amount, submit, money } = await openTransfer('la')
    await user.type(amount, '1.5')
    expect(modal.queryByTestId('amount-preview')).toBeNull()
    await submit()
    const unclear = text('wallet.amountAmbiguous', { example: '1.234,50' })
    expect(unclear).toMatch(/[\u0E80-\u0EFF]/)
    expect(modal.getByRole('alert')).toHaveTextContent(unclear)
    expect(amount).toHaveValue('1.5')
    expect(amount).toHaveAttribute('aria-invalid', 'true')
    expect(posts(calls, '/api/wallet/transfer')).toEqual([])

    await user.clear(amount)
    await user.type(amount, '1,5')
    expect(modal.queryByRole('alert')).toBeNull()
    expect(modal.getByTestId('amount-preview')).toHaveTextContent(money(1.5))
    await submit()
    await waitFor(() => expect(posts(calls, '/api/wallet/transfer').map((call) => call.body)).toEqual([{ from: 'WALLET', to: 'PG', amount: 1.5 }]))
  })

  it.each([
    ['en', '1,5', 'wallet.amountAmbiguous', '1,234.50'],
    ['en', '1.500', 'wallet.amountAmbiguous', '1,234.50'],
    ['th', '1.234,50', 'wallet.amountAmbiguous', '1,234.50'],
    ['la', '1,234.50', 'wallet.amountAmbiguous', '1.234,50'],
    ['en', '10.1234', 'wallet.amountDecimals', '1,234.50'],
    ['la', '10,1234', 'wallet.amountDecimals', '1.234,50'],
    ['la', '10,123', 'wallet.amountAmbiguous', '1.234,50'],
    ['th', '12 บาท', 'wallet.amountInvalid', '1,234.50'],
    ['la', '5,', 'wallet.amountInvalid', '1.234,50'],
  ] as const)('%s: refuses %j with %s, in the player\'s language, sending nothing', async (language, typed, key, example) => {
    const { user, calls, modal, amount, submit } = await openTransfer(language)
    await user.type(amount, typed)
    await submit()
    expect(modal.getByRole('alert')).toHaveTextContent(text(key, { example }))
    expect(amount).toHaveValue(typed)
    expect(posts(calls, '/api/wallet/transfer')).toEqual([])
  })
})

const LIMITS = { withdrawMin: 100, withdrawMax: 5000 }

async function openWithdraw(language: Language, balance = 5000) {
  const currency = currencyOf(language)
  const result = await renderScreen(<WithdrawModal open onClose={vi.fn()} />, {
    ...screenOptions(language),
    api: {
      'GET /api/wallet': wallet(currency, balance),
      'GET /api/lookup/withdraw': LIMITS,
      'GET /api/bonus/check/active': { status: false, type: null },
      'POST /api/wallet/withdrawAll': (call: Call) => {
        const { amount } = call.body as { amount: number }
        return { message: 'SUCCESS', withdrawal: { id: 'w1', amount, currency, status: 'requested', createdAt: '2026-01-01T00:00:00Z', destination: { bankCode: 'KBANK', bankAccountName: 'DEMO PLAYER', bankAccountNo: '1234567890' } }, wallet: { amount: balance - amount, currency } }
      },
    },
  })
  const modal = within(await screen.findByRole('dialog', { name: text('withdraw.title') }))
  const next = modal.getByRole('button', { name: text('withdraw.next') })
  // The limits came: Next waits for an amount, and says so.
  await modal.findByText(text('withdraw.enterAmount'))
  expect(next).toRefusePresses()
  return { ...result, modal, next, amount: modal.getByLabelText(text('withdraw.amount')), money: (value: number) => formatMoney(value, language, currency) }
}

describe('withdraw: the confirmation shows the amount that will be sent', () => {
  it.each([
    ['en', '1,500', 1500],
    ['th', '๑๕๐', 150],
    ['la', '1.500', 1500],
    ['la', '໑໒໐,໕', 120.5],
  ] as const)('%s: %j is confirmed and sent as %d', async (language, typed, sentAmount) => {
    const { user, calls, modal, next, amount, money } = await openWithdraw(language)
    await user.type(amount, typed)
    expect(modal.getByTestId('amount-preview')).toHaveTextContent(text('withdraw.preview', { amount: money(sentAmount) }))
    await user.click(next)
    expect(within(modal.getByRole('region', { name: text('withdraw.confirm') })).getByText(money(sentAmount))).toHaveClass('money-confirm__amount')
    await user.click(modal.getByRole('button', { name: text('withdraw.confirm') }))
    await waitFor(() => expect(posts(calls, '/api/wallet/withdrawAll')).toHaveLength(1))
    expect(posts(calls, '/api/wallet/withdrawAll')[0].body).toEqual({ amount: sentAmount })
  })

  it('la: the whole balance is written the Lao way and read back as the balance', async () => {
    const { user, calls, modal, next, amount, money } = await openWithdraw('la', 1234.5)
    await user.click(modal.getByRole('button', { name: text('withdraw.wholeBalance') }))
    expect(amount).toHaveValue('1.234,50')
    await user.click(next)
    expect(within(modal.getByRole('region', { name: text('withdraw.confirm') })).getByText(money(1234.5))).toHaveClass('money-confirm__amount')
    await user.click(modal.getByRole('button', { name: text('withdraw.confirm') }))
    await waitFor(() => expect(posts(calls, '/api/wallet/withdrawAll').map((call) => call.body)).toEqual([{ amount: 1234.5 }]))
  })

  it('la: 1.50 is refused as unclear, not read as 150 or 1.5, and the minimum is said in kip the Lao way', async () => {
    const { user, calls, modal, next, amount } = await openWithdraw('la')
    await user.type(amount, '1.50')
    await user.click(next)
    expect(modal.getByRole('alert')).toHaveTextContent(text('wallet.amountAmbiguous', { example: '1.234,50' }))
    await user.clear(amount)
    await user.type(amount, '99,99')
    await user.click(next)
    expect(modal.getByRole('alert')).toHaveTextContent(text('validation.withdrawMin', { min: '₭100' }))
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
  })
})

const NO_QR: QrState = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: 0, message: '' }
const LOOKUP: DepositLookup = {
  isManual: false,
  banks: [
    { bankCode: 'KBANK', bankType: 'QR', mode: 'QR', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' }, bankAccountName: 'WALLET CO', bankAccountNo: '0489999999', currency: 'THB' },
    { bankCode: 'WW', bankType: 'WW', mode: 'QR', bank: { nameTH: 'WW', nameEN: 'WW' }, bankAccountName: 'WALLET CO', bankAccountNo: '1', currency: 'THB' },
  ],
  wallets: [],
}

async function openQr(language: Language, api: Routes = {}) {
  const result = await renderScreen(<DepositModal open onClose={vi.fn()} />, {
    ...screenOptions(language),
    api: {
      'GET /api/lookup/deposit': LOOKUP,
      'GET /api/lookup/slip': { isOpen: true, closedFrom: '23:00', closedTo: '00:30' },
      'GET /api/qrcode/KBANK': NO_QR,
      'GET /api/qrcode/WW': NO_QR,
      'POST /api/qrcode/KBANK': (call: Call) => ({ ...NO_QR, qrcodeId: 'qr1', hasQrcode: true, qrcode: '<svg viewBox="0 0 1 1"></svg>', amount: (call.body as { amount: number }).amount, expireIn: 600 }),
      ...api,
    },
  })
  const modal = within(await screen.findByRole('dialog', { name: text('deposit.title') }))
  await result.user.click(await modal.findByRole('tab', { name: text('deposit.qrTab.KBANK') }))
  const panel = within(modal.getByRole('tabpanel'))
  const amount = await panel.findByLabelText(text('deposit.amount'))
  const create = () => result.user.click(panel.getByRole('button', { name: text('deposit.qrCreate') }))
  return { ...result, panel, amount, create, money: (value: number) => formatMoney(value, language, 'THB') }
}

describe('QR deposit: quick amounts and typed amounts', () => {
  it('la: a quick amount writes 1.000,00, stays pressed, and the QR is asked for 1000', async () => {
    const { user, calls, panel, amount, create, money } = await openQr('la')
    const group = within(panel.getByRole('group', { name: text('deposit.quickAmounts') }))
    await user.click(group.getByRole('button', { name: formatMoney(1000, 'la', 'THB') }))
    expect(amount).toHaveValue('1.000,00')
    expect(group.getByRole('button', { name: formatMoney(1000, 'la', 'THB') })).toHaveAttribute('aria-pressed', 'true')
    expect(group.getAllByRole('button', { pressed: true })).toHaveLength(1)
    expect(panel.getByTestId('amount-preview')).toHaveTextContent(text('deposit.qrPreview', { amount: money(1000) }))
    await create()
    await waitFor(() => expect(posts(calls, '/api/qrcode/KBANK').map((call) => call.body)).toEqual([{ amount: 1000 }]))
    expect(await panel.findByText(text('deposit.qrAmount', { amount: money(1000) }))).toBeVisible()
  })

  it('la: typing 1.000 by hand presses the same quick amount; 1,000 does not and is refused', async () => {
    const { user, calls, panel, amount, create } = await openQr('la')
    const group = within(panel.getByRole('group', { name: text('deposit.quickAmounts') }))
    await user.type(amount, '1.000')
    expect(group.getByRole('button', { name: formatMoney(1000, 'la', 'THB') })).toHaveAttribute('aria-pressed', 'true')
    await user.clear(amount)
    await user.type(amount, '1,000')
    expect(group.queryAllByRole('button', { pressed: true })).toEqual([])
    await create()
    expect(panel.getByRole('alert')).toHaveTextContent(text('wallet.amountAmbiguous', { example: '1.234,50' }))
    expect(posts(calls, '/api/qrcode/KBANK')).toEqual([])
  })

  it.each([
    ['th', '๒๕๐', 250],
    ['en', '1,000.5', 1000.5],
    ['la', '໑໐໐', 100],
  ] as const)('%s: %j asks the QR for %d', async (language, typed, sentAmount) => {
    const { user, calls, panel, amount, create, money } = await openQr(language)
    await user.type(amount, typed)
    expect(panel.getByTestId('amount-preview')).toHaveTextContent(text('deposit.qrPreview', { amount: money(sentAmount) }))
    await create()
    await waitFor(() => expect(posts(calls, '/api/qrcode/KBANK').map((call) => call.body)).toEqual([{ amount: sentAmount }]))
  })
})

// The transfer and withdraw modals on their own, as a player meets them (spec 1 bonus facts, 2
// Transfer and Withdraw, 5, 7 Wallet, 8), against a faked API with Idempotency-Key on.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { AxiosError } from 'axios'
import { describe, expect, it, vi } from 'vitest'
import type { Slot, WalletResponse } from '../../contract'
import TransferModalDefault, { TransferModal } from '../../src/features/wallet/transfer/TransferModal'
import WithdrawModalDefault, { WithdrawModal } from '../../src/features/wallet/withdraw/WithdrawModal'
import { changeLanguage } from '../../src/i18n/i18n'
import { formatMoney } from '../../contract/lib/money'
import { ApiError } from '../../src/api/errors'
import { ErrorDialog } from '../../src/ui/ErrorDialog'
import { factsOf, renderScreen, text, type Call, type Routes } from '../renderScreen'

const slot = (code: string, amount: number, isActive = true): Slot => ({
  code, name: `${code} game`, category: 'slot', isActive, amount, ftWalletSlot: 1, logo: '', background: '', web: null, android: null, ios: null,
})

function wallet(amount = 500, bankAccount: Partial<WalletResponse['bankAccount']> = {}): WalletResponse {
  return {
    profile: { _id: '7', name: 'Somchai', username: '0812345678', coin: 0 },
    bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' }, ...bankAccount },
    wallet: { amount, currency: 'THB' },
    invite: { amount: 0, success: 0, fail: 0 },
    slots: [slot('PG', 120), slot('JOKER', 0), slot('SLOTXO', 30, false)],
  }
}

const money = (amount: number) => formatMoney(amount, 'en', 'THB')
const posts = (calls: Call[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url)
const keyOf = (call: Call) => call.headers['Idempotency-Key']
const networkDown = () => {
  throw new AxiosError('Network Error', AxiosError.ERR_NETWORK)
}
const transferred = (amount: number, left = 500 - amount, references?: string[]) => ({ message: 'SUCCESS', amount, wallet: { amount: left, currency: 'THB' }, ...(references ? { references } : {}) })
const withdrawn = (amount: number) => ({
  message: 'SUCCESS', withdrawal: { id: 'w1', amount, currency: 'THB', status: 'requested', createdAt: '2026-01-01T00:00:00Z', destination: { bankCode: 'KBANK', bankAccountName: 'DEMO PLAYER', bankAccountNo: '1234567890' } }, wallet: { amount: 500 - amount, currency: 'THB' },
})

/** An answer the test lets go of when it wants. */
function held<T>(body: T) {
  let release: () => void = () => {}
  const answer = () => new Promise<T>((resolve) => { release = () => resolve(body) })
  return { answer, release: () => release() }
}

async function openTransfer(api: Routes = {}, props: { from?: string; to?: string } = {}) {
  const onClose = vi.fn()
  const screenApi = await renderScreen(<TransferModal open onClose={onClose} {...props} />, {
    path: '/user/home',
    config: { idempotencyKeys: true },
    api: { 'GET /api/wallet': wallet(), ...api },
  })
  const modal = await screen.findByRole('dialog', { name: text('transfer.title') })
  await within(modal).findAllByRole('option', { name: /^PG game/ })
  const field = (key: string) => within(modal).getByLabelText(text(key))
  // Next shows the transfer to confirm; Confirm sends it; Back returns to the form (issue 51 §2).
  const next = () => within(modal).getByRole('button', { name: text('common.next') })
  const confirm = () => within(modal).getByRole('button', { name: text('transfer.confirm') })
  const back = () => within(modal).getByRole('button', { name: text('common.back') })
  const all = () => within(modal).getByRole('button', { name: text('transfer.all') })
  /** The transfer-all confirmation, once asked for. */
  const confirmation = () => screen.findByRole('alertdialog', { name: text('transfer.allTitle') })
  const confirmAll = async () => within(await confirmation()).getByRole('button', { name: text('transfer.allGo') })
  return { ...screenApi, modal, onClose, field, next, confirm, back, all, confirmation, confirmAll }
}

describe('transfer: the rules of spec 5, said before anything is sent', () => {
  it('lists the main wallet and every active game with its balance, and takes the preselection', async () => {
    const { field } = await openTransfer({}, { from: 'PG', to: 'WALLET' })
    expect(field('transfer.from')).toHaveValue('PG')
    expect(field('transfer.to')).toHaveValue('WALLET')
    const options = within(field('transfer.from')).getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual([`${text('transfer.wallet')} (${money(500)})`, `PG game (${money(120)})`, `JOKER game (${money(0)})`])
  })

  it('waits for both accounts, never offers the source as the target, then at least 1 baht, saying why without a tap and keeping what was typed', async () => {
    const { user, calls, modal, field, next, all } = await openTransfer()
    // Nothing chosen: both ways of moving money wait, and the line under Next says for what.
    expect(next()).toRefusePresses()
    expect(all()).toRefusePresses()
    expect(next()).toHaveAccessibleDescription(text('validation.transferSelectTo'))
    expect(all()).toHaveAccessibleDescription(text('validation.transferSelectTo'))
    await user.type(field('transfer.amount'), '0.99')
    expect(next()).toRefusePresses()
    expect(within(modal).getByText(text('validation.transferSelectTo'))).toBeVisible()
    const targets = () => within(field('transfer.to')).getAllByRole('option').map((option) => option.getAttribute('value'))
    expect(targets()).toEqual(['', 'PG', 'JOKER'])

    await user.selectOptions(field('transfer.to'), 'PG')
    expect(within(modal).queryByText(text('validation.transferSelectTo'))).toBeNull()
    expect(all()).not.toRefusePresses()
    // What was typed is below the minimum: the field says so as it stands.
    expect(within(modal).getByText(text('validation.transferMin', { min: '฿1.00' }))).toBeVisible()
    expect(field('transfer.amount')).toHaveValue('0.99')
    expect(field('transfer.amount')).toHaveAttribute('aria-invalid', 'true')
    expect(next()).toRefusePresses()

    await user.clear(field('transfer.amount'))
    expect(next()).toRefusePresses()
    expect(next()).toHaveAccessibleDescription(text('transfer.enterAmount'))
    await user.type(field('transfer.amount'), '1')
    expect(next()).not.toRefusePresses()
    expect(next()).not.toHaveAttribute('aria-describedby')
    expect(posts(calls, '/api/wallet/transfer')).toEqual([])
  })

  it('says the rules in Thai for a Thai player', async () => {
    const onClose = vi.fn()
    await renderScreen(<TransferModal open onClose={onClose} />, { language: 'th', api: { 'GET /api/wallet': wallet() } })
    const modal = await screen.findByRole('dialog', { name: 'โยกเงิน' })
    expect(within(modal).getByRole('button', { name: 'ถัดไป' })).toRefusePresses()
    expect(within(modal).getByText(text('validation.transferSelectTo'))).toBeVisible()
    expect(text('validation.transferSelectTo')).toMatch(/[\u0E00-\u0E7F]/)
  })

  it('keeps transfers out of an empty main wallet, but not out of a game or transfer-all', async () => {
    const { user, calls, modal, field, next, all, confirmAll } = await openTransfer({
      'GET /api/wallet': wallet(0),
      'POST /api/wallet/transferAll': transferred(150, 150),
    })
    await user.selectOptions(field('transfer.to'), 'PG')
    expect(next()).toRefusePresses()
    expect(within(modal).getByText(text('transfer.walletEmpty'))).toBeVisible()
    await user.selectOptions(field('transfer.from'), 'PG')
    await user.selectOptions(field('transfer.to'), 'WALLET')
    await user.type(field('transfer.amount'), '50')
    expect(next()).not.toRefusePresses()
    expect(within(modal).queryByText(text('transfer.walletEmpty'))).toBeNull()
    await user.click(all())
    await user.click(await confirmAll())
    await waitFor(() => expect(posts(calls, '/api/wallet/transferAll')).toHaveLength(1))
  })
})

describe('transfer: sending', () => {
  it('confirms first, leading with the amount: the route, no fee, at once, what both sides hold after; Back keeps what was typed (issue 51 §2)', async () => {
    const { user, calls, modal, field, next, confirm, back } = await openTransfer({ 'POST /api/wallet/transfer': transferred(100.5, 399.5) })
    await user.selectOptions(field('transfer.to'), 'PG')
    await user.type(field('transfer.amount'), '100.50')
    await user.click(next())
    const step = within(modal).getByRole('region', { name: text('transfer.confirm') })
    expect(step).toHaveFocus()
    expect(within(step).getByText(text('transfer.confirmLead'))).toBeVisible()
    expect(step.querySelector('.money-confirm__amount')).toHaveTextContent(money(100.5))
    const route = [...step.querySelectorAll('.money-confirm__route > div')].map((side) => [side.querySelector('dt')?.textContent, side.querySelector('dd')?.textContent])
    expect(route).toEqual([[text('transfer.from'), text('transfer.wallet')], [text('transfer.to'), 'PG game']])
    expect(factsOf(step.querySelector('.money-confirm__facts')!)).toEqual({
      [text('withdraw.fee')]: money(0),
      [text('withdraw.arrives')]: text('transfer.arrivesNow'),
      [text('transfer.accountAfter', { account: text('transfer.wallet') })]: money(399.5),
      [text('transfer.accountAfter', { account: 'PG game' })]: money(220.5),
    })
    expect(posts(calls, '/api/wallet/transfer')).toEqual([])

    await user.click(back())
    expect(field('transfer.to')).toHaveValue('PG')
    expect(field('transfer.amount')).toHaveValue('100.50')
    expect(field('transfer.amount')).toHaveFocus()
    expect(posts(calls, '/api/wallet/transfer')).toEqual([])
    await user.click(next())
    await user.click(confirm())
    await waitFor(() => expect(posts(calls, '/api/wallet/transfer').map((call) => call.body)).toEqual([{ from: 'WALLET', to: 'PG', amount: 100.5 }]))
  })

  it('says no balance after when the amount is over what the source is known to hold (the server decides)', async () => {
    const { user, modal, field, next } = await openTransfer()
    await user.selectOptions(field('transfer.from'), 'PG')
    await user.selectOptions(field('transfer.to'), 'WALLET')
    await user.type(field('transfer.amount'), '150')
    await user.click(next())
    const step = within(modal).getByRole('region', { name: text('transfer.confirm') })
    expect(step.querySelector('.money-confirm__amount')).toHaveTextContent(money(150))
    expect(Object.keys(factsOf(step.querySelector('.money-confirm__facts')!))).toEqual([text('withdraw.fee'), text('withdraw.arrives')])
  })

  it('sends one request for a double tap, holds Telegram closing confirmation while out, then buzzes and ends on a receipt that closes saved', async () => {
    const answer = held(transferred(100, 400, ['T41']))
    const { user, calls, field, next, confirm, onClose, platform } = await openTransfer({ 'POST /api/wallet/transfer': answer.answer })
    await user.selectOptions(field('transfer.to'), 'PG')
    await user.type(field('transfer.amount'), '100')
    await user.click(next())
    await user.dblClick(confirm())
    await waitFor(() => expect(posts(calls, '/api/wallet/transfer')).toHaveLength(1))
    expect(confirm()).toRefusePresses()
    await user.click(confirm())
    expect(platform.setClosingConfirmation.mock.calls).toEqual([[true]])

    answer.release()
    const receipt = await screen.findByRole('status')
    // What happened, the amount large with its status, then what moved, from where to where, and
    // what the main wallet holds now (the server's figure).
    expect(within(receipt).getByText(text('transfer.success'))).toBeVisible()
    expect(receipt.querySelector('.money-receipt__amount')).toHaveTextContent(money(100))
    expect(within(receipt).getByText(text('statement.status.success'))).toHaveClass('status-badge--success')
    // What moved, from where to where, and what the main wallet holds now (the server's figure).
    const facts = factsOf(receipt)
    expect(facts).toMatchObject({ [text('receipt.reference')]: 'T41', [text('transfer.from')]: text('transfer.wallet'), [text('transfer.to')]: 'PG game', [text('transfer.walletNow')]: money(400) })
    expect(onClose).not.toHaveBeenCalled()
    // Shared through the host: the words of every line, the balance after among them.
    await user.click(within(receipt).getByRole('button', { name: text('receipt.share') }))
    const [shared] = platform.share.mock.calls[0] as [string]
    for (const line of [`${text('receipt.amount')}: ${money(100)}`, `${text('receipt.reference')}: T41`, `${text('transfer.walletNow')}: ${money(400)}`]) expect(shared).toContain(line)
    expect(onClose).not.toHaveBeenCalled()
    // A double tap whose answer came between its taps: the second tap (the browser's click count
    // 2) lands where the receipt put Done, and the receipt stays until the player taps it.
    fireEvent.click(within(receipt).getByRole('button', { name: text('transfer.done') }), { detail: 2 })
    expect(onClose).not.toHaveBeenCalled()
    await user.click(within(receipt).getByRole('button', { name: text('transfer.done') }))
    expect(onClose).toHaveBeenCalledWith(true)
    expect(platform.haptic).toHaveBeenCalledWith('success')
    expect(platform.setClosingConfirmation.mock.calls).toEqual([[true], [false]])
    const sent = posts(calls, '/api/wallet/transfer')
    expect(sent).toHaveLength(1)
    expect(sent[0].body).toEqual({ from: 'WALLET', to: 'PG', amount: 100 })
    expect(keyOf(sent[0])).toMatch(/^[\w-]{16,}$/)
  })

  it("says on transfer-all's confirmation what the target holds after: its own money and everything moved into it (issue 51 §2)", async () => {
    const { user, field, all, confirmation } = await openTransfer()
    await user.selectOptions(field('transfer.to'), 'PG')
    await user.click(all())
    expect((await confirmation()).querySelector('.money-confirm__amount')).toHaveTextContent(money(500))
    const facts = factsOf(await confirmation())
    expect(facts[text('transfer.accountAfter', { account: 'PG game' })]).toBe(money(620))
  })

  it('moves everything into the target with transfer-all, asking for the target, then confirming the accounts it empties; a double tap sends one', async () => {
    const answer = held(transferred(650, 0, ['T7', 'T8']))
    const { user, calls, modal, field, all, onClose, confirmation, confirmAll } = await openTransfer({ 'POST /api/wallet/transferAll': answer.answer })
    await user.click(all())
    expect(within(modal).getByText(text('validation.transferSelectTo'))).toBeVisible()
    expect(posts(calls, '/api/wallet/transferAll')).toEqual([])

    await user.selectOptions(field('transfer.to'), 'JOKER')
    await user.click(all())
    // The confirmation names what it empties (with the balances) and where it all goes; cancel sends nothing.
    expect(await confirmation()).toHaveAccessibleDescription(text('transfer.allConfirm', {
      accounts: `${text('transfer.wallet')} (${money(500)}), PG game (${money(120)})`, to: 'JOKER game',
    }))
    // It leads with everything it moves, and where.
    expect((await confirmation()).querySelector('.money-confirm__amount')).toHaveTextContent(money(620))
    expect(within(await confirmation()).getByText(text('transfer.allLead', { to: 'JOKER game' }))).toBeVisible()
    // No fee, at once, and what the target holds after (issue 51 §2).
    const facts = factsOf(await confirmation())
    expect(facts).toEqual({ [text('withdraw.fee')]: money(0), [text('withdraw.arrives')]: text('transfer.arrivesNow'), [text('transfer.accountAfter', { account: 'JOKER game' })]: money(620) })
    await user.click(within(await confirmation()).getByRole('button', { name: text('transfer.cancel') }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(posts(calls, '/api/wallet/transferAll')).toEqual([])
    await user.click(all())
    await user.dblClick(await confirmAll())
    await waitFor(() => expect(posts(calls, '/api/wallet/transferAll')).toHaveLength(1))
    answer.release()
    const receipt = await screen.findByRole('status')
    expect(within(receipt).getByText(text('transfer.success'))).toBeVisible()
    expect(receipt.querySelector('.money-receipt__amount')).toHaveTextContent(money(650))
    expect(within(receipt).getByText(text('statement.allAccounts'))).toBeVisible()
    // Each account moved has its reference, each on a line of its own with its copy button.
    expect([...receipt.querySelectorAll('.facts__references .reference__text')].map((reference) => reference.getAttribute('title'))).toEqual(['T7', 'T8'])
    expect(within(receipt).getAllByRole('button', { name: text('receipt.copyReference') })).toHaveLength(2)
    const sent = posts(calls, '/api/wallet/transferAll')
    expect(sent.map((call) => call.body)).toEqual([{ to: 'JOKER' }])
    expect(keyOf(sent[0])).toMatch(/^[\w-]{16,}$/)
    expect(posts(calls, '/api/wallet/transfer')).toEqual([])
    await user.click(within(receipt).getByRole('button', { name: text('transfer.done') }))
    expect(onClose).toHaveBeenCalledWith(true)
  })

  it('retries after a lost answer with the same Idempotency-Key; a changed amount is a new action with a new key', async () => {
    let down = true
    const { user, calls, field, next, confirm, back } = await openTransfer({
      'POST /api/wallet/transfer': () => (down ? networkDown() : transferred(60)),
    })
    await user.selectOptions(field('transfer.to'), 'PG')
    await user.type(field('transfer.amount'), '50')
    await user.click(next())
    await user.click(confirm())
    let failure = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(within(failure).getByText(text('errors.network'))).toBeVisible()
    await user.click(within(failure).getByRole('button', { name: text('errorDialog.ok') }))

    // Still on the confirmation: Confirm again is the same action.
    await user.click(confirm())
    failure = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    await user.click(within(failure).getByRole('button', { name: text('errorDialog.ok') }))

    // Back to the form as it was typed; another amount is another action.
    down = false
    await user.click(back())
    expect(field('transfer.amount')).toHaveValue('50')
    await user.clear(field('transfer.amount'))
    await user.type(field('transfer.amount'), '60')
    await user.click(next())
    await user.click(confirm())
    expect(await screen.findByText(text('transfer.success', { amount: money(60) }))).toBeVisible()
    const keys = posts(calls, '/api/wallet/transfer').map(keyOf)
    expect(keys).toHaveLength(3)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
  })

  it('takes a new key after a refusal: the player put it right, so it is a new action', async () => {
    let refuse = true
    const { user, calls, field, next, confirm, platform } = await openTransfer({
      'POST /api/wallet/transfer': () => (refuse ? [400, { message: 'MONEY_NOT_ENOUGH' }] : transferred(80)),
    })
    await user.selectOptions(field('transfer.to'), 'PG')
    await user.type(field('transfer.amount'), '80')
    await user.click(next())
    await user.click(confirm())
    const failure = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(platform.haptic).toHaveBeenCalledWith('error')
    await user.click(within(failure).getByRole('button', { name: text('errorDialog.ok') }))
    refuse = false
    await user.click(confirm())
    await waitFor(() => expect(posts(calls, '/api/wallet/transfer')).toHaveLength(2))
    const [first, second] = posts(calls, '/api/wallet/transfer').map(keyOf)
    expect(second).not.toBe(first)
  })

  it('shows a refusal in the error dialog, translated whatever the case of the code, and toasts nothing', async () => {
    const { user, field, next, confirm, onClose } = await openTransfer({ 'POST /api/wallet/transfer': [400, { message: 'transfer_fail' }] })
    await user.selectOptions(field('transfer.to'), 'PG')
    await user.type(field('transfer.amount'), '10')
    await user.click(next())
    await user.click(confirm())
    const failure = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(failure).toHaveAccessibleDescription(text('errors.TRANSFER_FAIL'))
    expect(screen.queryByRole('status')).toBeNull()
    expect(onClose).not.toHaveBeenCalled()
    await user.click(within(failure).getByRole('button', { name: text('errorDialog.ok') }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.getByRole('dialog', { name: text('transfer.title') })).toBeVisible()
  })

  it('after transfer-all, names the games that could not be reached (their money stayed)', async () => {
    const { user, field, all, confirmAll } = await openTransfer({ 'POST /api/wallet/transferAll': { ...transferred(120, 620), unreachable: ['JOKER'] } })
    await user.selectOptions(field('transfer.from'), 'PG')
    await user.selectOptions(field('transfer.to'), 'WALLET')
    await user.click(all())
    await user.click(await confirmAll())
    expect(await screen.findByText(text('transfer.unreachable', { games: 'JOKER game' }))).toBeVisible()
    expect(screen.getByText(text('transfer.success', { amount: money(120) }))).toBeVisible()
  })

  it('says a transfer still in transit (TRANSFER_PENDING) is on its way, and fetches the wallet again', async () => {
    const { user, calls, field, next, confirm } = await openTransfer({ 'POST /api/wallet/transfer': [504, { message: 'TRANSFER_PENDING' }] })
    await user.selectOptions(field('transfer.to'), 'PG')
    await user.type(field('transfer.amount'), '10')
    await user.click(next())
    const walletReads = calls.filter((call) => call.method === 'GET' && call.url === '/api/wallet').length
    await user.click(confirm())
    const failure = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(failure).toHaveAccessibleDescription(text('errors.TRANSFER_PENDING'))
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.url === '/api/wallet').length).toBeGreaterThan(walletReads))
  })

  it('says when transfer-all has nothing to move, and sends nothing', async () => {
    const { user, calls, field, all, confirmation } = await openTransfer({ 'GET /api/wallet': { ...wallet(0), slots: [slot('PG', 0), slot('JOKER', 0)] } })
    await user.selectOptions(field('transfer.to'), 'PG')
    await user.click(all())
    expect(await confirmation()).toHaveAccessibleDescription(text('transfer.allNothing', { to: 'PG game' }))
    expect(within(await confirmation()).getByRole('button', { name: text('transfer.allGo') })).toRefusePresses()
    expect(posts(calls, '/api/wallet/transferAll')).toEqual([])
  })

  it('offers a game outside the account flow as a source or target when the member has an account in it', async () => {
    const { user, calls, field, next, confirm } = await openTransfer({
      'GET /api/wallet': { ...wallet(), slots: [slot('PG', 120), slot('SBO', 40), slot('RUAY', 0, false)] },
      'POST /api/wallet/transfer': transferred(40, 540),
    })
    const options = within(field('transfer.from')).getAllByRole('option').map((option) => option.getAttribute('value'))
    expect(options).toEqual(['WALLET', 'PG', 'SBO'])
    await user.selectOptions(field('transfer.from'), 'SBO')
    await user.selectOptions(field('transfer.to'), 'WALLET')
    await user.type(field('transfer.amount'), '40')
    await user.click(next())
    await user.click(confirm())
    await waitFor(() => expect(posts(calls, '/api/wallet/transfer').map((call) => call.body)).toEqual([{ from: 'SBO', to: 'WALLET', amount: 40 }]))
  })

  it('is the default export too, for React.lazy', () => {
    expect(TransferModalDefault).toBe(TransferModal)
    expect(WithdrawModalDefault).toBe(WithdrawModal)
  })
})

describe('error dialog', () => {
  it('shows the message of the code in the language in use, and follows a language change', async () => {
    await renderScreen(<ErrorDialog error={new ApiError('money_not_enough', 400)} onClose={() => {}} />)
    const dialog = screen.getByRole('alertdialog', { name: text('errorDialog.title') })
    expect(dialog).toHaveAccessibleDescription(text('errors.MONEY_NOT_ENOUGH'))
    await act(() => changeLanguage('la', { store: false }))
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(text('errors.MONEY_NOT_ENOUGH'))
    expect(text('errors.MONEY_NOT_ENOUGH')).toMatch(/[\u0E80-\u0EFF]/)
  })

  it('shows a message that is not a code as it came', async () => {
    await renderScreen(<ErrorDialog error={new ApiError('Bank is closed today', 400)} onClose={() => {}} />)
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription('Bank is closed today')
  })
})

const LIMITS = { withdrawMin: 100, withdrawMax: 2000 }

async function openWithdraw(api: Routes = {}) {
  const onClose = vi.fn()
  const screenApi = await renderScreen(<WithdrawModal open onClose={onClose} />, {
    path: '/user/home',
    config: { idempotencyKeys: true },
    api: {
      'GET /api/wallet': wallet(),
      'GET /api/lookup/withdraw': LIMITS,
      'GET /api/bonus/check/active': { status: false, type: null },
      ...api,
    },
  })
  const modal = await screen.findByRole('dialog', { name: text('withdraw.title') })
  const next = () => within(modal).getByRole('button', { name: text('withdraw.next') })
  // The limits came: Next waits for an amount, and says so.
  await within(modal).findByText(text('withdraw.enterAmount'))
  expect(next()).toRefusePresses()
  const amount = () => within(modal).getByLabelText(text('withdraw.amount'))
  return { ...screenApi, modal, onClose, next, amount }
}

describe('withdraw', () => {
  it('shows the limits from the server and both messages with their limit', async () => {
    const { user, calls, modal, next, amount } = await openWithdraw({ 'GET /api/wallet': wallet(5000) })
    expect(within(modal).getByText(text('withdraw.limits', { min: money(100), max: money(2000) }))).toBeVisible()
    await user.type(amount(), '99.99')
    await user.click(next())
    expect(within(modal).getByText(text('validation.withdrawMin', { min: '฿100.00' }))).toBeVisible()
    await user.clear(amount())
    await user.type(amount(), '2000.01')
    await user.click(next())
    expect(within(modal).getByText(text('validation.withdrawMax', { max: '฿2,000.00' }))).toBeVisible()
    expect(amount()).toHaveValue('2000.01')
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
  })

  it('refuses more than the wallet holds in the form, naming what it holds, before the confirm step and any request', async () => {
    const { user, calls, modal, next, amount } = await openWithdraw({ 'GET /api/wallet': wallet(300) })
    // The most it can take is the balance, smaller than the server's maximum.
    expect(within(modal).getByText(text('withdraw.limits', { min: money(100), max: money(300) }))).toBeVisible()
    await user.type(amount(), '500')
    await user.click(next())
    expect(within(modal).getByRole('alert')).toHaveTextContent(text('validation.withdrawOverBalance', { max: '฿300.00' }))
    expect(within(modal).queryByRole('region', { name: text('withdraw.confirm') })).toBeNull()
    expect(amount()).toHaveValue('500')
    await user.clear(amount())
    await user.type(amount(), '300')
    await user.click(next())
    expect(within(within(modal).getByRole('region', { name: text('withdraw.confirm') })).getByText(money(300))).toHaveClass('money-confirm__amount')
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
  })

  it('says when the balance is under the minimum, whatever is typed at or above it', async () => {
    const { user, calls, modal, next, amount } = await openWithdraw({ 'GET /api/wallet': wallet(50) })
    await user.type(amount(), '100')
    await user.click(next())
    expect(within(modal).getByRole('alert')).toHaveTextContent(text('validation.withdrawBalanceBelowMin', { max: '฿50.00', min: '฿100.00' }))
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
  })

  it('shows the registered bank account in the player language', async () => {
    const { modal } = await openWithdraw()
    const account = within(modal).getByRole('region', { name: text('withdraw.toAccount') })
    expect(account).toHaveTextContent('Kasikornbank')
    // Masked but its last digits.
    expect(account).toHaveTextContent('xxx-xxx-7890')
    expect(account).not.toHaveTextContent('123-456')
    expect(account).toHaveTextContent('SOMCHAI JAIDEE')
  })

  it("says when the money arrives, on the confirmation and the receipt, in the operator's time; nothing where the server says none (issue 51 §2)", async () => {
    const { user, modal, next, amount } = await openWithdraw({ 'GET /api/lookup/withdraw': { ...LIMITS, payoutMinutes: 15 }, 'POST /api/wallet/withdrawAll': withdrawn(300) })
    await user.type(amount(), '300')
    await user.click(next())
    const confirmation = within(modal).getByRole('region', { name: text('withdraw.confirm') })
    expect(factsOf(confirmation)).toEqual({ [text('withdraw.fee')]: money(0), [text('withdraw.arrives')]: text('withdraw.arrivesAbout', { minutes: 15 }), [text('withdraw.balanceAfter')]: money(200) })
    await user.click(within(modal).getByRole('button', { name: text('withdraw.confirm') }))
    const receipt = await within(modal).findByRole('status')
    expect(factsOf(receipt)[text('withdraw.arrives')]).toBe(text('withdraw.arrivesAbout', { minutes: 15 }))
  })

  it('says a payout time of two hours and more in hours', async () => {
    const { user, modal, next, amount } = await openWithdraw({ 'GET /api/lookup/withdraw': { ...LIMITS, payoutMinutes: 24 * 60 } })
    await user.type(amount(), '300')
    await user.click(next())
    expect(factsOf(within(modal).getByRole('region', { name: text('withdraw.confirm') }))[text('withdraw.arrives')]).toBe(text('withdraw.arrivesAboutHours', { hours: 24 }))
  })

  it('confirms, sends withdrawAll with the amount once, with a key, ends on its receipt and closes saved', async () => {
    const answer = held(withdrawn(300))
    const { user, calls, modal, next, amount, onClose, platform } = await openWithdraw({ 'POST /api/wallet/withdrawAll': answer.answer })
    await user.type(amount(), '300')
    await user.click(next())
    // The amount first, then the account (its bank, masked), no fee, and what the wallet keeps.
    const confirmation = within(modal).getByRole('region', { name: text('withdraw.confirm') })
    expect(within(confirmation).getByText(money(300))).toHaveClass('money-confirm__amount')
    const confirmed = factsOf(confirmation)
    // The limits say no payout time: nothing is said of when it arrives.
    expect(confirmed).toEqual({ [text('withdraw.fee')]: money(0), [text('withdraw.balanceAfter')]: money(200) })
    expect(confirmation.querySelector('.money-confirm__to')).toHaveTextContent(`${text('withdraw.to')}KKasikornbankxxx-xxx-7890SOMCHAI JAIDEE`)
    // No bonus held: the rule is not said.
    expect(within(modal).queryByRole('note')).toBeNull()
    await user.dblClick(within(modal).getByRole('button', { name: text('withdraw.confirm') }))
    await waitFor(() => expect(posts(calls, '/api/wallet/withdrawAll')).toHaveLength(1))
    expect(platform.setClosingConfirmation).toHaveBeenLastCalledWith(true)
    answer.release()
    // The receipt: amount, still processing (waiting for the transfer), reference, the masked
    // destination, and the balance the server answered right after.
    const receipt = await within(modal).findByRole('status')
    expect(receipt).toHaveTextContent(text('withdraw.success'))
    expect(receipt.querySelector('.money-receipt__amount')).toHaveTextContent(money(300))
    expect(within(receipt).getByText(text('statement.status.processing'))).toHaveClass('status-badge--processing')
    const facts = factsOf(receipt)
    expect(facts[text('transfer.walletNow')]).toBe(money(200))
    expect(receipt).toHaveTextContent('Ww1')
    expect(receipt).not.toHaveTextContent('123-456')
    expect(onClose).not.toHaveBeenCalled()
    await user.click(within(receipt).getByRole('button', { name: text('withdraw.done') }))
    expect(onClose).toHaveBeenCalledWith(true)
    expect(platform.haptic).toHaveBeenCalledWith('success')
    expect(platform.setClosingConfirmation).toHaveBeenLastCalledWith(false)
    const sent = posts(calls, '/api/wallet/withdrawAll')
    expect(sent.map((call) => call.body)).toEqual([{ amount: 300 }])
    expect(keyOf(sent[0])).toMatch(/^[\w-]{16,}$/)
    expect(posts(calls, '/api/wallet/withdraw')).toEqual([])
  })

  it('states the active-bonus rule with the whole balance and what would be removed, before the player confirms', async () => {
    const { user, calls, modal, next, amount } = await openWithdraw({
      'GET /api/bonus/check/active': { status: true, type: 'limit' },
      // The games, read as the sheet opens, hold nothing.
      'GET /api/wallet/refresh/slot': { wallet: { amount: 500, currency: 'THB' }, slots: [slot('PG', 0), slot('SLOTXO', 0, false)] },
    })
    await user.type(amount(), '200')
    await user.click(next())
    const note = within(modal).getByRole('note')
    expect(note).toHaveTextContent(text('withdraw.bonusActive', { balance: money(500), rest: money(300) }))
    expect(posts(calls, '/api/wallet/withdrawAll')).toEqual([])
    // Back, take the whole balance: nothing would be removed.
    await user.click(within(modal).getByRole('button', { name: text('common.back') }))
    await user.click(within(modal).getByRole('button', { name: text('withdraw.wholeBalance') }))
    expect(amount()).toHaveValue('500.00')
    await user.click(next())
    expect(within(modal).getByRole('note')).toHaveTextContent(text('withdraw.bonusActive', { balance: money(500), rest: money(0) }))
  })

  it('with a bonus held, reads the games from the games and says first that their money must come back, not that a rest is removed', async () => {
    // The wallet read before the player played: PG held 120. The games now hold 150 (PG 100, JOKER 50).
    const { user, calls, modal, next, amount } = await openWithdraw({
      'GET /api/bonus/check/active': { status: true, type: 'limit' },
      'GET /api/wallet/refresh/slot': { wallet: { amount: 500, currency: 'THB' }, slots: [slot('PG', 100), slot('JOKER', 50)] },
    })
    const gamesFirst = text('withdraw.gamesFirst', { games: money(150) })
    expect(await within(modal).findByRole('note')).toHaveTextContent(gamesFirst)
    expect(calls.filter((call) => call.url === '/api/wallet/refresh/slot')).toHaveLength(1)
    // Under the form: the field came first and stays where it was.
    expect(within(modal).getByLabelText(text('withdraw.amount')).compareDocumentPosition(within(modal).getByRole('note')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await user.type(amount(), '200')
    await user.click(next())
    expect(within(modal).getByRole('note')).toHaveTextContent(gamesFirst)
    expect(modal).not.toHaveTextContent(text('withdraw.bonusActive', { balance: money(500), rest: money(300) }))
    // Nothing would leave the wallet: no balance after is promised.
    expect(within(modal).queryByText(text('withdraw.balanceAfter'))).toBeNull()
    expect(posts(calls, '/api/wallet/withdrawAll')).toEqual([])
  })

  it("says the server's BONUS_REMAINING on a withdrawal as the games' money to bring back, not as the spin's bonus in progress, and reads the games again", async () => {
    const { user, calls, modal, next, amount } = await openWithdraw({
      'GET /api/bonus/check/active': { status: true, type: 'limit' },
      // The games read empty as the sheet opened; the player moved money into one since.
      'GET /api/wallet/refresh/slot': { wallet: { amount: 500, currency: 'THB' }, slots: [slot('PG', 0)] },
      'POST /api/wallet/withdrawAll': [400, { message: 'BONUS_REMAINING' }],
    })
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/wallet/refresh/slot')).toHaveLength(1))
    await user.type(amount(), '500')
    await user.click(next())
    await user.click(within(modal).getByRole('button', { name: text('withdraw.confirm') }))
    const failure = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(failure).toHaveAccessibleDescription(text('withdraw.gamesFirstRule'))
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/wallet/refresh/slot')).toHaveLength(2))
  })

  it('states the rule as a rule when the bonus check did not answer', async () => {
    const { user, modal, next, amount } = await openWithdraw({ 'GET /api/bonus/check/active': [500, { message: 'INTERNAL_SERVER_ERROR' }] })
    await user.type(amount(), '150')
    await user.click(next())
    expect(within(modal).getByRole('note')).toHaveTextContent(text('withdraw.bonusRule'))
  })

  it('shows a refusal in the error dialog and keeps the confirmation', async () => {
    const { user, modal, next, amount, onClose } = await openWithdraw({ 'POST /api/wallet/withdrawAll': [400, { message: 'NO_BANK' }] })
    await user.type(amount(), '150')
    await user.click(next())
    await user.click(within(modal).getByRole('button', { name: text('withdraw.confirm') }))
    const failure = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(failure).toHaveAccessibleDescription(text('errors.NO_BANK'))
    expect(onClose).not.toHaveBeenCalled()
  })
})

describe('withdraw: bank account name in English (KTB, TMB, BBL)', () => {
  const ktb = { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี', bank: { nameTH: 'กรุงไทย', nameEN: 'Krungthai' } }

  it('offers nothing for an English name or another bank: the copy copies at once', async () => {
    const { user, modal } = await openWithdraw({ 'GET /api/wallet': wallet(500, { bankCode: 'SCB', bankAccountName: 'สมชาย ใจดี' }) })
    expect(within(modal).queryByRole('button', { name: text('withdraw.editName') })).toBeNull()
    await user.click(within(modal).getByRole('button', { name: text('withdraw.copyName') }))
    expect(await screen.findByText(text('common.copied', { text: 'สมชาย ใจดี' }))).toBeVisible()
  })

  it('asks for the name on copy, checks it, saves it with the bank code, closes and copies the new name', async () => {
    const { user, calls, modal } = await openWithdraw({
      'GET /api/wallet': wallet(500, ktb),
      'PUT /api/account/bankAccountName': { message: 'SUCCESS' },
    })
    await user.click(within(modal).getByRole('button', { name: text('withdraw.copyName') }))
    const nameModal = await screen.findByRole('dialog', { name: text('withdraw.nameTitle') })
    const field = within(nameModal).getByLabelText(text('withdraw.nameLabel'))
    const save = within(nameModal).getByRole('button', { name: text('withdraw.nameSave') })
    await user.click(save)
    expect(within(nameModal).getByText(text('validation.required'))).toBeVisible()
    await user.type(field, 'somchai ใจดี')
    await user.click(save)
    expect(within(nameModal).getByText(text('validation.requiredEngLang'))).toBeVisible()
    expect(field).toHaveValue('SOMCHAI ใจดี')
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([])

    await user.clear(field)
    await user.type(field, 'somchai jaidee')
    expect(field).toHaveValue('SOMCHAI JAIDEE')
    await user.click(save)
    expect(await screen.findByText(text('common.copied', { text: 'SOMCHAI JAIDEE' }))).toBeVisible()
    expect(await navigator.clipboard.readText()).toBe('SOMCHAI JAIDEE')
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.url, call.body])).toEqual([
      ['/api/account/bankAccountName', { bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' }],
    ])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: text('withdraw.nameTitle') })).toBeNull())
    expect(screen.getByRole('dialog', { name: text('withdraw.title') })).toBeVisible()
    // The wallet is read again, so the new name shows.
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/wallet')).toHaveLength(2))
  })

  it('edits the name without a copy from its own link, and shows a refusal translated in place', async () => {
    let refuse = true
    const { user, modal } = await openWithdraw({
      'GET /api/wallet': wallet(500, { ...ktb, bankCode: 'bbl' }),
      'PUT /api/account/bankAccountName': () => (refuse ? [400, { message: 'BANK_ACCOUNT_NAME_ENG' }] : { message: 'SUCCESS' }),
    })
    await user.click(within(modal).getByRole('button', { name: text('withdraw.editName') }))
    const nameModal = await screen.findByRole('dialog', { name: text('withdraw.nameTitle') })
    await user.type(within(nameModal).getByLabelText(text('withdraw.nameLabel')), 'SOMCHAI JAIDEE')
    await user.click(within(nameModal).getByRole('button', { name: text('withdraw.nameSave') }))
    expect(await within(nameModal).findByRole('alert')).toHaveTextContent(text('errors.BANK_ACCOUNT_NAME_ENG'))
    expect(within(nameModal).getByLabelText(text('withdraw.nameLabel'))).toHaveValue('SOMCHAI JAIDEE')
    refuse = false
    await user.click(within(nameModal).getByRole('button', { name: text('withdraw.nameSave') }))
    expect(await screen.findByText(text('withdraw.nameSaved'))).toBeVisible()
    expect(screen.queryByText(text('common.copied', { text: 'SOMCHAI JAIDEE' }))).toBeNull()
  })
})

describe('the player changed their mind while the answer was out', () => {
  const walletReads = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.url === '/api/wallet').length

  /** ฿100 to PG confirmed, its answer held until `answer.release()`. */
  async function transferOut() {
    const answer = held(transferred(100, 400, ['T41']))
    const opened = await openTransfer({ 'POST /api/wallet/transfer': answer.answer })
    const { user, calls, field, next, confirm } = opened
    await user.selectOptions(field('transfer.to'), 'PG')
    await user.type(field('transfer.amount'), '100')
    await user.click(next())
    await user.click(confirm())
    await waitFor(() => expect(posts(calls, '/api/wallet/transfer')).toHaveLength(1))
    return { ...opened, answer }
  }

  it('a transfer whose sheet was closed before its answer: the player is told it went through, and the wallet is read again', async () => {
    const { answer, calls, remount } = await transferOut()
    // The sheet closed (home unmounts it) and opened again: the first sheet is gone.
    remount()
    await screen.findByRole('dialog', { name: text('transfer.title') })
    await waitFor(() => expect(walletReads(calls)).toBeGreaterThan(0))
    const readsBefore = walletReads(calls)

    answer.release()
    expect(await screen.findByText(text('transfer.success'))).toBeVisible()
    await waitFor(() => expect(walletReads(calls)).toBe(readsBefore + 1))
  })

  it('a transfer still out when its sheet was closed and opened again: the new sheet shows it pending and sends nothing until its answer', async () => {
    const { answer, user, calls, remount } = await transferOut()

    remount()
    const sheet = await screen.findByRole('dialog', { name: text('transfer.title') })
    await within(sheet).findAllByRole('option', { name: /^PG game/ })
    await user.selectOptions(within(sheet).getByLabelText(text('transfer.to')), 'PG')
    await user.type(within(sheet).getByLabelText(text('transfer.amount')), '100')
    await user.click(within(sheet).getByRole('button', { name: text('common.next') }))
    const again = within(sheet).getByRole('button', { name: text('transfer.confirm') })
    expect(again).toRefusePresses()
    await user.click(again)
    expect(posts(calls, '/api/wallet/transfer')).toHaveLength(1)

    answer.release()
    expect(await screen.findByText(text('transfer.success'))).toBeVisible()
    await waitFor(() => expect(again).not.toRefusePresses())
  })

  it('a withdrawal whose answer was lost: sent again from the sheet opened anew before the wallet could be read, it is the same action (same key); once the wallet was read, a new one', async () => {
    let online = false
    const offline = <T,>(answer: T) => () => (online ? answer : networkDown())
    const { user, calls, next, amount, remount, answer } = await openWithdraw({ 'POST /api/wallet/withdrawAll': networkDown })
    await user.type(amount(), '300')
    await user.click(next())
    const sheet = () => screen.getByRole('dialog', { name: text('withdraw.title') })
    const confirmWithdraw = () => within(sheet()).getByRole('button', { name: text('withdraw.confirm') })
    const readsBefore = walletReads(calls)
    // Offline: the wallet cannot be read either, until `online`.
    answer({ 'GET /api/wallet': offline(wallet()) })
    await user.click(confirmWithdraw())
    const failure = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(within(failure).getByText(text('errors.network'))).toBeVisible()
    // What the sheet says should be what the server holds: the wallet is asked again after a lost
    // answer (offline, it cannot answer yet).
    await waitFor(() => expect(walletReads(calls)).toBeGreaterThan(readsBefore))

    /** The sheet closed and opened again, 300 typed and confirmed. */
    const sendAgain = async () => {
      remount()
      await within(await screen.findByRole('dialog', { name: text('withdraw.title') })).findByText(text('withdraw.enterAmount'))
      await user.type(within(sheet()).getByLabelText(text('withdraw.amount')), '300')
      await user.click(within(sheet()).getByRole('button', { name: text('withdraw.next') }))
      await user.click(confirmWithdraw())
      await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    }
    await sendAgain()
    // Back online: the wallet read shows the player what the server holds; the same request after
    // that is another withdrawal.
    online = true
    await sendAgain()
    const sent = posts(calls, '/api/wallet/withdrawAll')
    expect(sent.map((call) => call.body)).toEqual([{ amount: 300 }, { amount: 300 }, { amount: 300 }])
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]))
    expect(keyOf(sent[2])).not.toBe(keyOf(sent[0]))
  })

})

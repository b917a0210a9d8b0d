// The deposit modal as a player meets it (spec 1 deposit facts, 2 "Deposit", 4 QR deposit, 5 QR
// amount and gift link, 7 QR and lookups, 8, 9), against a faked API.
import { formatMoney } from '../../contract/lib/money'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AxiosAdapter, AxiosProgressEvent, InternalAxiosRequestConfig } from 'axios'
import { readFileSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LONG_TIMEOUT_MS, loadHttp } from '../../src/api/http'
import type { DepositBank, DepositLookup, QrState, Slip, WalletResponse } from '../../contract'
import { useWallet } from '../../src/api/wallet'
import { ui } from '../../src/state/ui'
import { DepositModal } from '../../src/features/deposit/DepositModal'
import type { Language } from '../../contract/lib/language'
import { formatAmount } from '../../contract/lib/money'
import { formatDateTime } from '../../src/lib/time'
import { QR_QUICK_AMOUNTS, type QrProvider } from '../../src/features/deposit/rules'
import { renderScreen, text, type Call, type Routes, type Screen, type ScreenOptions } from '../renderScreen'
import AES from 'crypto-js/aes'
import Utf8 from 'crypto-js/enc-utf8'

/** A receipt's facts, label to value (the balance after is not one of them). */
const receiptFacts = (receipt: HTMLElement) =>
  Object.fromEntries([...receipt.querySelectorAll('.money-receipt__facts dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]))

/** The receipt's last line: what the main wallet holds now (empty while it is read). */
const receiptWalletNow = (receipt: HTMLElement) => {
  const row = [...receipt.querySelectorAll('.money-receipt__balance .facts__row')].find((candidate) => candidate.querySelector('dt')?.textContent === text('transfer.walletNow'))
  return row?.querySelector('dd')?.textContent
}

const SECRET = 'test-truelink-secret'


const account = (bankCode: string, bankType: string, mode: string, nameEN: string, nameTH: string, bankAccountNo: string): DepositBank => ({
  bankCode, bankType, mode, bank: { nameTH, nameEN }, bankAccountName: 'WALLET CO', bankAccountNo, currency: 'THB',
})

const LOOKUP: DepositLookup = {
  isManual: false,
  banks: [
    account('SCB', 'AUTO', 'AUTO', 'Siam Commercial Bank', 'ไทยพาณิชย์', '1112223334'),
    account('KBANK', 'AUTO', 'AUTO', 'Kasikornbank', 'กสิกรไทย', '0481234567'),
    account('KBANK', 'QR', 'QR', 'Kasikornbank', 'กสิกรไทย', '0489999999'),
    account('GSB', 'BANK', 'MANUAL', 'Government Savings Bank', 'ออมสิน', '020000000001'),
    account('KTB', 'BANK', 'AUTO', 'Krungthai Bank', 'กรุงไทย', '9998887776'),
    account('WW', 'WW', 'QR', 'WW', 'WW', '1'),
    account('E2P', 'E2P', 'QR', 'E2P', 'E2P', '2'),
  ],
  wallets: [{ walletAccountName: '0899999999', mode: 'AUTO' }, { walletAccountName: 'GIFT', mode: 'LINK' }],
}

const NO_QR: QrState = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: 0, message: '' }
const openQr = (expireIn = 600, qrcode = '<svg viewBox="0 0 10 10"><path d="M0 0h10v10H0z"/></svg>'): QrState => ({
  qrcodeId: 'qr1', hasQrcode: true, qrcode, amount: 100, expireIn, message: '',
})
const slip = (status: Slip['status'], note: string | null = null): Slip => ({
  createdAt: '2026-01-01T00:00:00.000Z', amount: 0, status, note, link: null, reference: 'REF1',
})

const GIFT = 'https://gift.truemoney.com/campaign/?v=AbC123xyz9'

const walletAnswer = (amount: number): WalletResponse => ({
  profile: { _id: '123', name: 'Somchai', username: '0812345678', coin: 0 },
  bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } },
  wallet: { amount, currency: 'THB' },
  invite: { amount: 0, success: 0, fail: 0 },
  slots: [],
})

afterEach(() => {
  vi.useRealTimers()
})

async function deposit(api: Routes = {}, options: Omit<ScreenOptions, 'api'> = {}) {
  const onClose = vi.fn()
  const result = await renderScreen(<DepositModal open onClose={onClose} />, {
    path: '/user/home',
    ...options,
    config: { idempotencyKeys: true, ...options.config },
    api: {
      'GET /api/lookup/deposit': LOOKUP,
      'GET /api/lookup/slip': { isOpen: true, closedFrom: '23:00', closedTo: '00:30' },
      'GET /api/qrcode/KBANK': NO_QR,
      'GET /api/qrcode/WW': NO_QR,
      'GET /api/qrcode/E2P': NO_QR,
      ...api,
    },
  })
  const modal = await screen.findByRole('dialog', { name: text('deposit.title') })
  return { ...result, onClose, modal: within(modal) }
}

type Modal = Awaited<ReturnType<typeof deposit>>['modal']
type User = Awaited<ReturnType<typeof deposit>>['user']

const tabName = (provider: QrProvider) => text(`deposit.qrTab.${provider}`)
const openTab = async (user: User, modal: Modal, name: string) => {
  await user.click(await modal.findByRole('tab', { name }))
  return modal.getByRole('tabpanel')
}
const sent = (calls: Call[], method: string, url: string) => calls.filter((call) => call.method === method && call.url === url)
const key = (call: Call) => call.headers['Idempotency-Key']
/** The live status line (always there, empty until something happened) says `expected`. */
const statusSays = (scope: Pick<Modal, 'getByTestId'>, id: string, expected: string) =>
  waitFor(() => expect(scope.getByTestId(id)).toHaveTextContent(expected))

describe('deposit methods from the lookup (spec 2)', () => {
  it('offers a tab per method: transfer, the QR of KBANK (QR mode), WW and E2P, and the gift link', async () => {
    const { modal } = await deposit()
    const tabs = await modal.findAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      text('deposit.tabBank'), tabName('KBANK'), tabName('WW'), tabName('E2P'), text('deposit.tabGift'),
    ])
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
  })

  it('lists SCB, KBANK (AUTO), GSB and the TrueWallet (AUTO) account under how each is checked; automatic names upper-cased, others as the bank writes them', async () => {
    const { modal } = await deposit()
    const lines = async (heading: string) => {
      const group = await modal.findByRole('region', { name: heading })
      // A long name keeps its last two words together with a no-break space (issue 51).
      return within(group).getAllByRole('listitem').map((item) => item.textContent?.replaceAll('\u00a0', ' '))
    }
    const automatic = await lines(text('deposit.auto'))
    expect(automatic).toHaveLength(3)
    expect(automatic[0]).toContain('SIAM COMMERCIAL BANK')
    expect(automatic[0]).toContain('111-222-3334')
    expect(automatic[1]).toContain('KASIKORNBANK')
    expect(automatic[2]).toContain('089-999-9999')
    const byStaff = await lines(text('deposit.manual'))
    expect(byStaff).toEqual([expect.stringContaining('Government Savings Bank')])
    // KTB is not a deposit bank of spec 2; KBANK's QR account is a QR, not an account to type in.
    expect(modal.getByRole('tabpanel')).not.toHaveTextContent('999-888-7776')
    expect(modal.getByRole('tabpanel')).not.toHaveTextContent('048-999-9999')
    expect(modal.getByTestId('deposit-list')).toHaveTextContent(text('deposit.automaticList'))
    expect(modal.getByText(text('deposit.creditedSoon'))).toBeVisible()
  })

  it('shows the TrueMoney wallet number grouped, with the name under it, and copies the number', async () => {
    const { user, modal } = await deposit({ 'GET /api/lookup/deposit': { isManual: false, banks: [], wallets: [{ walletAccountName: 'WALLET DEMO', walletAccountNo: '0891234567', mode: 'AUTO' }] } })
    const line = await modal.findByTestId('deposit-account')
    expect(line).toHaveTextContent('089-123-4567')
    expect(line).toHaveTextContent('WALLET DEMO')
    await user.click(within(line).getByRole('button', { name: text('deposit.copyWallet') }))
    expect(await navigator.clipboard.readText()).toBe('0891234567')
  })

  it('says a manual list is checked by staff, in Thai with the Thai bank name for a manual account', async () => {
    const { modal } = await deposit({ 'GET /api/lookup/deposit': { ...LOOKUP, isManual: true } }, { language: 'th' })
    await statusSays(modal, 'deposit-list', text('deposit.manualList'))
    expect(modal.getByText('ออมสิน')).toBeVisible()
    // A Thai screen writes every bank in Thai: no capitals beside the Thai names.
    expect(modal.getByText('กสิกรไทย')).toBeVisible()
    expect(modal.queryByRole('region', { name: text('deposit.auto') })).toBeNull()
  })

  it('offers no KBANK QR when KBANK is only AUTO, and no gift link when TrueWallet is only AUTO', async () => {
    const lookup: DepositLookup = {
      isManual: false,
      banks: [account('KBANK', 'AUTO', 'AUTO', 'Kasikornbank', 'กสิกรไทย', '0481234567')],
      wallets: [{ walletAccountName: '0899999999', mode: 'AUTO' }],
    }
    const { modal } = await deposit({ 'GET /api/lookup/deposit': lookup })
    expect(await modal.findByText('KASIKORNBANK')).toBeVisible()
    // One method: no tab list at all, the panel is named after it.
    expect(modal.queryAllByRole('tab')).toEqual([])
    expect(modal.getByRole('tabpanel', { name: text('deposit.tabBank') })).toBeVisible()
    expect(modal.getByText('089-999-9999')).toBeVisible()
  })

  it('offers only the gift link for a TrueWallet in gift mode and no banks', async () => {
    const { modal } = await deposit({ 'GET /api/lookup/deposit': { isManual: false, banks: [], wallets: [{ walletAccountName: 'GIFT', mode: 'GIFT' }] } })
    expect(await modal.findByRole('tabpanel', { name: text('deposit.tabGift') })).toBeVisible()
    expect(modal.getByLabelText(text('deposit.giftLabel'))).toBeVisible()
  })

  it('moves between the tabs with the arrow keys', async () => {
    const { user, modal } = await deposit()
    const tabs = await modal.findAllByRole('tab')
    tabs[0].focus()
    await user.keyboard('{ArrowRight}')
    expect(modal.getByRole('tab', { name: tabName('KBANK') })).toHaveAttribute('aria-selected', 'true')
    expect(modal.getByRole('tab', { name: tabName('KBANK') })).toHaveFocus()
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(modal.getByRole('tab', { name: text('deposit.tabGift') })).toHaveAttribute('aria-selected', 'true')
  })

  it('shows a failed lookup inline with a retry that loads it', async () => {
    let fail = true
    const { user, modal } = await deposit({ 'GET /api/lookup/deposit': () => (fail ? [500, { message: 'INTERNAL_SERVER_ERROR' }] : LOOKUP) })
    // A 5xx is read once more before it is shown (retryTransientOnce).
    expect(await modal.findByRole('alert')).toHaveTextContent(text('errors.INTERNAL_SERVER_ERROR'))
    fail = false
    await user.click(modal.getByRole('button', { name: text('common.retry') }))
    expect(await modal.findByText('KASIKORNBANK')).toBeVisible()
    expect(document.querySelectorAll('.toast')).toHaveLength(0)
  })
})

describe('copy actions (spec 8)', () => {
  const clipboard = (writeText: (value: string) => Promise<void>) =>
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })

  // After rendering: user-event puts its own clipboard on navigator when it is set up.
  it('copies an account number and says so', async () => {
    const { user, modal } = await deposit()
    const writeText = vi.fn(async () => undefined)
    clipboard(writeText)
    await user.click(await modal.findByRole('button', { name: text('deposit.copyAccount', { bank: 'KASIKORNBANK' }) }))
    expect(writeText).toHaveBeenCalledWith('0481234567')
    expect(await screen.findByText(text('common.copied', { text: '0481234567' }))).toBeVisible()
    await user.click(modal.getByRole('button', { name: text('deposit.copyWallet') }))
    expect(writeText).toHaveBeenLastCalledWith('0899999999')
  })

  it('says when copying failed', async () => {
    const { user, modal } = await deposit()
    clipboard(async () => {
      throw new Error('denied')
    })
    await user.click(await modal.findByRole('button', { name: text('deposit.copyAccount', { bank: 'SIAM COMMERCIAL BANK' }) }))
    expect(await screen.findByText(text('common.copyFailed'))).toBeVisible()
  })
})

describe('QR deposit: amounts (spec 5, 9)', () => {
  it.each(['KBANK', 'WW', 'E2P'] as const)('offers the quick amounts of spec 9 for %s', async (provider) => {
    const { user, modal } = await deposit()
    const panel = within(await openTab(user, modal, tabName(provider)))
    const group = await panel.findByRole('group', { name: text('deposit.quickAmounts') })
    // Written as money (issue 18): the baht sign, and spec 9's two decimals.
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(
      QR_QUICK_AMOUNTS[provider].map((amount) => formatMoney(amount, 'en', 'THB')),
    )
    const quick = QR_QUICK_AMOUNTS[provider][1]
    await user.click(within(group).getByRole('button', { name: formatMoney(quick, 'en', 'THB') }))
    // Written the way the player would type it (issue 14), and read back as the pressed one.
    expect(panel.getByLabelText(text('deposit.amount'))).toHaveValue(formatAmount(quick, 'en'))
    expect(within(group).getAllByRole('button', { pressed: true }).map((button) => button.textContent)).toEqual([formatMoney(quick, 'en', 'THB')])
  })

  it.each([
    ['WW', '99', '฿100.00'],
    ['E2P', '49.99', '฿50.00'],
  ] as const)('says the %s minimum with its amount and sends nothing below it', async (provider, typed, min) => {
    const { user, modal, calls } = await deposit()
    const panel = within(await openTab(user, modal, tabName(provider)))
    // The tab's panel shows once its code has loaded (a skeleton until then): wait for it.
    expect(await panel.findByText(text('deposit.qrMinimum', { min }))).toBeVisible()
    await user.type(panel.getByLabelText(text('deposit.amount')), typed)
    await user.click(panel.getByRole('button', { name: text('deposit.qrCreate') }))
    expect(panel.getByRole('alert')).toHaveTextContent(text('wallet.qrMin', { min }))
    expect(panel.getByLabelText(text('deposit.amount'))).toHaveValue(typed)
    expect(sent(calls, 'POST', `/api/qrcode/${provider}`)).toEqual([])
  })

  it('holds the bank QR minimum the server gives (spec 9: configurable), and none when it gives none', async () => {
    const { user, modal, calls } = await deposit({ 'GET /api/lookup/deposit': { ...LOOKUP, bankQrMinimum: 300 } })
    const panel = within(await openTab(user, modal, tabName('KBANK')))
    expect(await panel.findByText(text('deposit.qrMinimum', { min: '฿300.00' }))).toBeVisible()
    await user.type(panel.getByLabelText(text('deposit.amount')), '250')
    await user.click(panel.getByRole('button', { name: text('deposit.qrCreate') }))
    expect(panel.getByRole('alert')).toHaveTextContent(text('wallet.qrMin', { min: '฿300.00' }))
    expect(sent(calls, 'POST', '/api/qrcode/KBANK')).toEqual([])
  })

  it('keeps the bank QR create button off at 0, and skips creating under 1 without a word', async () => {
    const { user, modal, calls } = await deposit()
    const panel = within(await openTab(user, modal, tabName('KBANK')))
    const create = await panel.findByRole('button', { name: text('deposit.qrCreate') })
    const amount = panel.getByLabelText(text('deposit.amount'))
    expect(create).toRefusePresses()
    await user.type(amount, '0')
    expect(create).toRefusePresses()
    await user.type(amount, '.5')
    expect(create).not.toRefusePresses()
    await user.click(create)
    expect(panel.queryByRole('alert')).toBeNull()
    expect(sent(calls, 'POST', '/api/qrcode/KBANK')).toEqual([])
  })
})

describe('QR deposit: the code, its countdown and cancel (spec 4)', () => {
  it('creates the QR once for a double tap and renders the server SVG sanitized', async () => {
    const markup = '<svg viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><path d="M0 0h10v10H0z"/><foreignObject><p>x</p></foreignObject></svg>'
    let state = NO_QR
    const { user, modal, calls, platform } = await deposit({
      'GET /api/qrcode/KBANK': () => state,
      'POST /api/qrcode/KBANK': () => {
        state = openQr(600, markup)
        return state
      },
    })
    const panel = within(await openTab(user, modal, tabName('KBANK')))
    await user.type(await panel.findByLabelText(text('deposit.amount')), '100')
    await user.dblClick(panel.getByRole('button', { name: text('deposit.qrCreate') }))
    const code = await panel.findByRole('img', { name: text('deposit.qrLabel') })
    expect(sent(calls, 'POST', '/api/qrcode/KBANK')).toHaveLength(1)
    expect(sent(calls, 'POST', '/api/qrcode/KBANK')[0].body).toEqual({ amount: 100 })
    expect(key(sent(calls, 'POST', '/api/qrcode/KBANK')[0])).toEqual(expect.any(String))
    expect(code.querySelector('svg path')).not.toBeNull()
    expect(code.querySelector('script')).toBeNull()
    expect(code.querySelector('foreignObject')).toBeNull()
    expect(code.innerHTML).not.toContain('onload')
    expect(code.innerHTML).not.toContain('alert')
    expect(panel.getByText(text('deposit.qrAmount', { amount: '฿100.00' }))).toBeVisible()
    expect(platform.haptic).toHaveBeenCalledWith('success')
  })

  it('flags the other providers to refresh when one creates a QR', async () => {
    const { user, modal, calls } = await deposit({ 'POST /api/qrcode/KBANK': openQr() })
    await openTab(user, modal, tabName('WW'))
    await waitFor(() => expect(sent(calls, 'GET', '/api/qrcode/WW')).toHaveLength(1))
    const panel = within(await openTab(user, modal, tabName('KBANK')))
    await user.type(await panel.findByLabelText(text('deposit.amount')), '100')
    await user.click(panel.getByRole('button', { name: text('deposit.qrCreate') }))
    await panel.findByRole('img', { name: text('deposit.qrLabel') })
    // WW's tab is not showing: its state is read again all the same.
    await waitFor(() => expect(sent(calls, 'GET', '/api/qrcode/WW')).toHaveLength(2))
    expect(sent(calls, 'GET', '/api/qrcode/KBANK')).toHaveLength(1)
  })

  it('ticks every second to expireIn, then shows 00:00 expired without the code and stops holding Telegram open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    const { user, modal, platform } = await deposit({ 'GET /api/qrcode/KBANK': openQr(3) })
    const panel = within(await openTab(user, modal, tabName('KBANK')))
    const timer = await panel.findByRole('timer')
    expect(timer).toHaveTextContent('00:03')
    expect(platform.setClosingConfirmation).toHaveBeenLastCalledWith(true)
    act(() => vi.advanceTimersByTime(1000))
    expect(timer).toHaveTextContent('00:02')
    act(() => vi.advanceTimersByTime(1000))
    expect(timer).toHaveTextContent('00:01')
    expect(panel.getByRole('img', { name: text('deposit.qrLabel') })).toBeVisible()
    act(() => vi.advanceTimersByTime(1000))
    expect(timer).toHaveTextContent('00:00')
    expect(panel.getByRole('alert')).toHaveTextContent(text('wallet.qrExpired'))
    expect(panel.queryByRole('img', { name: text('deposit.qrLabel') })).toBeNull()
    expect(panel.queryByRole('button', { name: text('deposit.qrCancel') })).toBeNull()
    expect(platform.setClosingConfirmation).toHaveBeenLastCalledWith(false)
    act(() => vi.advanceTimersByTime(5000))
    expect(timer).toHaveTextContent('00:00')
  })

  it('cancels with one DELETE for a double tap, shows the form again and releases the closing confirmation', async () => {
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    const { user, modal, calls, platform } = await deposit({
      'GET /api/qrcode/KBANK': openQr(),
      'DELETE /api/qrcode/qr1': () => answered.then(() => ({ message: 'OK' })),
    })
    const panel = within(await openTab(user, modal, tabName('KBANK')))
    const cancel = await panel.findByRole('button', { name: text('deposit.qrCancel') })
    expect(platform.setClosingConfirmation).toHaveBeenLastCalledWith(true)
    await user.dblClick(cancel)
    await user.click(cancel)
    answer()
    expect(await panel.findByRole('button', { name: text('deposit.qrCreate') })).toBeVisible()
    expect(sent(calls, 'DELETE', '/api/qrcode/qr1')).toHaveLength(1)
    expect(platform.setClosingConfirmation).toHaveBeenLastCalledWith(false)
    expect(platform.haptic).toHaveBeenLastCalledWith('success')
  })

  it('releases the closing confirmation when the modal goes away with a QR open', async () => {
    const { user, modal, platform, unmount } = await deposit({ 'GET /api/qrcode/KBANK': openQr() })
    await openTab(user, modal, tabName('KBANK'))
    await modal.findByRole('img', { name: text('deposit.qrLabel') })
    expect(platform.setClosingConfirmation).toHaveBeenLastCalledWith(true)
    unmount()
    expect(platform.setClosingConfirmation).toHaveBeenLastCalledWith(false)
  })

  it('reads the QR again when cancel finds it already used, and says why', async () => {
    let state = openQr()
    const { user, modal, calls, platform } = await deposit({
      'GET /api/qrcode/KBANK': () => state,
      'DELETE /api/qrcode/qr1': () => {
        state = NO_QR
        return [409, { message: 'QR_FAIL' }]
      },
    })
    const panel = within(await openTab(user, modal, tabName('KBANK')))
    await user.click(await panel.findByRole('button', { name: text('deposit.qrCancel') }))
    expect(await screen.findByText(text('errors.QR_FAIL'))).toBeVisible()
    expect(platform.haptic).toHaveBeenCalledWith('error')
    // Read again, the QR is gone before its countdown ended (an answer without status): closed.
    await statusSays(panel, 'qr-outcome', text('deposit.qrClosed'))
    await user.click(panel.getByRole('button', { name: text('deposit.qrNew') }))
    expect(await panel.findByRole('button', { name: text('deposit.qrCreate') })).toBeVisible()
    expect(sent(calls, 'GET', '/api/qrcode/KBANK').length).toBeGreaterThanOrEqual(2)
  })

  it('shows the message of a provider that answers hasQrcode false, in the form and as a toast', async () => {
    const off = { ...NO_QR, message: 'WW deposits are paused until 10:00' }
    const { user, modal } = await deposit({ 'GET /api/qrcode/WW': off })
    const panel = within(await openTab(user, modal, tabName('WW')))
    // In a status of the form (the first status found may still be another, a loader's, on a loaded machine).
    await waitFor(() => expect(panel.getAllByRole('status').some((status) => status.textContent?.includes(off.message))).toBe(true))
    await waitFor(() => expect(document.querySelector('.toast')).toHaveTextContent(off.message))
  })

  it('shows the message when creating answers hasQrcode false', async () => {
    const off = { ...NO_QR, message: 'E2P is closed' }
    const { user, modal } = await deposit({ 'POST /api/qrcode/E2P': off })
    const panel = within(await openTab(user, modal, tabName('E2P')))
    await user.type(await panel.findByLabelText(text('deposit.amount')), '50')
    await user.click(panel.getByRole('button', { name: text('deposit.qrCreate') }))
    expect(await panel.findByRole('status')).toHaveTextContent(off.message)
    expect(panel.queryByRole('img', { name: text('deposit.qrLabel') })).toBeNull()
  })

  it('toasts a refused create (QR_FAIL) translated and keeps the amount', async () => {
    const { user, modal, platform } = await deposit({ 'POST /api/qrcode/KBANK': [400, { message: 'QR_FAIL' }] })
    const panel = within(await openTab(user, modal, tabName('KBANK')))
    await user.type(await panel.findByLabelText(text('deposit.amount')), '20')
    await user.click(panel.getByRole('button', { name: text('deposit.qrCreate') }))
    expect(await screen.findByText(text('errors.QR_FAIL'))).toBeVisible()
    expect(panel.getByLabelText(text('deposit.amount'))).toHaveValue('20')
    expect(platform.haptic).toHaveBeenLastCalledWith('error')
  })
})

describe('QR deposit: the money arrives while the QR is shown (issue 14)', () => {
  const PAID = { reference: 'AB12CD34EF56AB12CD34', paidAt: '2026-01-02T03:04:05.000Z' }
  const paidQr = (): QrState => ({ ...openQr(), hasQrcode: false, qrcode: null, expireIn: 0, status: 'paid', ...PAID })
  /** The deposit's receipt: the amount, what it was, how it came, its reference and when, then
   *  what the wallet holds now (`walletNow`), from a read begun once the money was there. */
  const arrived = async (panel: Modal, walletNow: string) => {
    await waitFor(() => expect(panel.getByText(text('deposit.arrived'))).toBeVisible())
    const receipt = panel.getByRole('status')
    // Never the balance home held before the money came: being read, or the read's.
    expect(['', walletNow]).toContain(receiptWalletNow(receipt))
    expect(within(receipt).getByText('฿100.00')).toBeVisible()
    expect(receiptFacts(receipt)).toEqual({ [text('deposit.arrivedWay')]: tabName('KBANK'), [text('receipt.reference')]: PAID.reference, [text('receipt.time')]: formatDateTime(PAID.paidAt) })
    await waitFor(() => expect(receiptWalletNow(receipt)).toBe(walletNow))
    return receipt
  }
  /** Home's balance, beside the modal: what the player sees change without a refresh. */
  function Balance() {
    const { data } = useWallet()
    return <p data-testid="balance">{data?.wallet.amount ?? '-'}</p>
  }

  /** The modal on a QR shown (`shown`), with the shown QR's state from `watched()` and a wallet of `balance()`. */
  async function shownQr(shown: QrState, watched: () => QrState, balance: () => number) {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    const onClose = vi.fn()
    const result = await renderScreen(<><Balance /><DepositModal open onClose={onClose} /></>, {
      path: '/user/home',
      api: {
        'GET /api/lookup/deposit': LOOKUP,
        'GET /api/lookup/slip': { isOpen: true, closedFrom: '23:00', closedTo: '00:30' },
        // Without the id, the provider's open QR: the shown one while it is open.
        'GET /api/qrcode/KBANK': (call: Call) => (call.query.qrcodeId ? watched() : watched().hasQrcode ? shown : NO_QR),
        'GET /api/wallet': () => walletAnswer(balance()),
      },
    })
    const modal = within(await screen.findByRole('dialog', { name: text('deposit.title') }))
    const panel = within(await openTab(result.user, modal, tabName('KBANK')))
    await panel.findByRole('img', { name: text('deposit.qrLabel') })
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent(String(balance())))
    const polls = () => result.calls.filter((call) => call.url === '/api/qrcode/KBANK' && call.query.qrcodeId)
    const walletReads = () => sent(result.calls, 'GET', '/api/wallet').length
    /** Moves the clock and lets the answers it asked for arrive. */
    const wait = async (ms: number) => {
      await act(async () => {
        vi.advanceTimersByTime(ms)
      })
    }
    return { ...result, panel, polls, walletReads, wait, onClose }
  }

  const setVisibility = (state: DocumentVisibilityState) => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
    // Fired at the document, it bubbles to the window, where TanStack Query listens.
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
  }
  afterEach(() => {
    setVisibility('visible')
  })

  it('asks for the shown QR every 3 s; paid, it ends on the deposit\'s receipt and reads the wallet again; Done closes the sheet', async () => {
    let watched = { ...openQr(), status: 'open' } as QrState
    let balance = 500
    const { panel, polls, walletReads, wait, platform, onClose } = await shownQr(watched, () => watched, () => balance)
    expect(polls()).toHaveLength(0)
    await wait(3000)
    await waitFor(() => expect(polls()).toHaveLength(1))
    expect(polls()[0].query).toEqual({ qrcodeId: 'qr1' })
    expect(panel.getByRole('img', { name: text('deposit.qrLabel') })).toBeVisible()
    const readsBefore = walletReads()
    watched = paidQr()
    balance = 600
    await wait(3000)
    const receipt = await arrived(panel, '฿600.00')
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('600'))
    // Home's wallet, and the receipt's own read begun once the money was there.
    expect(walletReads()).toBe(readsBefore + 2)
    expect(platform.haptic).toHaveBeenLastCalledWith('success')
    expect(panel.queryByRole('img', { name: text('deposit.qrLabel') })).toBeNull()
    // Said once: no more asking.
    await wait(9000)
    expect(polls()).toHaveLength(2)
    expect(onClose).not.toHaveBeenCalled()
    await act(async () => within(receipt).getByRole('button', { name: text('deposit.done') }).click())
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('does not ask while the page is hidden, and asks at once when it is shown again', async () => {
    let watched = { ...openQr(), status: 'open' } as QrState
    const { panel, polls, wait } = await shownQr(watched, () => watched, () => 500)
    setVisibility('hidden')
    await wait(12_000)
    expect(polls()).toHaveLength(0)
    watched = paidQr()
    await act(async () => setVisibility('visible'))
    await waitFor(() => expect(polls()).toHaveLength(1))
    await arrived(panel, '฿500.00')
  })

  it("with an operator's answer without status: the QR gone before its countdown is closed, not paid, and the wallet is read again", async () => {
    let watched = openQr()
    let balance = 500
    const { panel, polls, walletReads, wait } = await shownQr(watched, () => watched, () => balance)
    await wait(3000)
    await waitFor(() => expect(polls()).toHaveLength(1))
    expect(panel.getByRole('img', { name: text('deposit.qrLabel') })).toBeVisible()
    const readsBefore = walletReads()
    watched = NO_QR
    balance = 600
    await wait(3000)
    await statusSays(panel, 'qr-outcome', text('deposit.qrClosed'))
    expect(panel.queryByText(text('deposit.arrived'))).toBeNull()
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('600'))
    expect(walletReads()).toBe(readsBefore + 1)
  })

  it("with an operator's answer without status: at the end of the countdown a QR gone is just expired, and asking stops", async () => {
    let watched = openQr(4)
    const { panel, polls, wait } = await shownQr(watched, () => watched, () => 500)
    await wait(3000)
    await waitFor(() => expect(polls()).toHaveLength(1))
    watched = NO_QR
    await wait(3000)
    await waitFor(() => expect(polls()).toHaveLength(2))
    expect(panel.getByRole('alert')).toHaveTextContent(text('wallet.qrExpired'))
    expect(panel.queryByTestId('qr-outcome')).toBeNull()
    await wait(12_000)
    expect(polls()).toHaveLength(2)
  })

  it('says the money arrived when the payment is reported shortly after the countdown ended', async () => {
    const shown = { ...openQr(2), status: 'open' } as QrState
    let watched: QrState = shown
    const { panel, wait } = await shownQr(shown, () => watched, () => 500)
    watched = { ...shown, hasQrcode: false, qrcode: null, expireIn: 0, status: 'expired' }
    await wait(3000)
    expect(panel.getByRole('alert')).toHaveTextContent(text('wallet.qrExpired'))
    watched = paidQr()
    await wait(3000)
    await arrived(panel, '฿500.00')
  })
})

describe('TrueMoney gift link (spec 1, 5, 7)', () => {
  const processing = slip('PROCESSING')

  it('states the 2 baht minimum and keeps send off while the field is empty or blank', async () => {
    const { user, modal } = await deposit()
    const panel = within(await openTab(user, modal, text('deposit.tabGift')))
    expect(panel.getByText(text('deposit.giftHint', { min: '฿2.00' }))).toBeVisible()
    const send = panel.getByRole('button', { name: text('deposit.giftSend') })
    expect(send).toRefusePresses()
    await user.type(panel.getByLabelText(text('deposit.giftLabel')), '   ')
    expect(send).toRefusePresses()
  })

  it('says a text without a gift link is not one, and sends nothing', async () => {
    const { user, modal, calls } = await deposit()
    const panel = within(await openTab(user, modal, text('deposit.tabGift')))
    await user.type(panel.getByLabelText(text('deposit.giftLabel')), 'https://example.com/?v=123')
    await user.click(panel.getByRole('button', { name: text('deposit.giftSend') }))
    expect(panel.getByRole('alert')).toHaveTextContent(text('wallet.giftLinkInvalid'))
    expect(sent(calls, 'POST', '/api/wallet/truelink')).toEqual([])
  })

  it('sends the link found in a pasted message, encrypted with the configured secret, and says it is processing', async () => {
    const { user, modal, calls, platform } = await deposit({ 'POST /api/wallet/truelink': processing })
    const panel = within(await openTab(user, modal, text('deposit.tabGift')))
    await user.type(panel.getByLabelText(text('deposit.giftLabel')), `A gift for you: ${GIFT} enjoy`)
    await user.dblClick(panel.getByRole('button', { name: text('deposit.giftSend') }))
    await statusSays(panel, 'gift-status', text('deposit.giftSent'))
    const posts = sent(calls, 'POST', '/api/wallet/truelink')
    expect(posts).toHaveLength(1)
    const body = posts[0].body as { link: string }
    expect(Object.keys(body)).toEqual(['link'])
    expect(body.link).not.toContain('truemoney')
    expect(AES.decrypt(body.link, SECRET).toString(Utf8)).toBe(GIFT)
    expect(key(posts[0])).toEqual(expect.any(String))
    // Said once: by the status line, with no toast saying it again (issue 51).
    expect(screen.getAllByText(text('deposit.giftSent'))).toHaveLength(1)
    expect(ui.toasts).toEqual([])
    expect(panel.getByLabelText(text('deposit.giftLabel'))).toHaveValue('')
    expect(platform.haptic).toHaveBeenCalledWith('success')
  })

  it('pastes the link found in what was copied on a tap, and says why when nothing can be read', async () => {
    const { user, modal } = await deposit()
    const panel = within(await openTab(user, modal, text('deposit.tabGift')))
    const field = panel.getByLabelText(text('deposit.giftLabel'))
    const paste = panel.getByRole('button', { name: text('deposit.giftPaste') })
    await navigator.clipboard.writeText(`A gift for you: ${GIFT} enjoy`)
    await user.click(paste)
    await waitFor(() => expect(field).toHaveValue(GIFT))
    expect(panel.getByRole('button', { name: text('deposit.giftSend') })).not.toRefusePresses()

    const read = vi.spyOn(navigator.clipboard, 'readText').mockResolvedValueOnce('  ')
    await user.click(paste)
    await waitFor(() => expect(panel.getByRole('alert')).toHaveTextContent(text('deposit.giftPasteEmpty')))
    expect(field).toHaveValue(GIFT)

    read.mockRejectedValueOnce(new DOMException('Read permission denied.', 'NotAllowedError'))
    await user.click(paste)
    await waitFor(() => expect(panel.getByRole('alert')).toHaveTextContent(text('deposit.giftPasteRefused')))
    expect(field).toHaveValue(GIFT)
    // On a computer (a mouse's pointer) the way to paste is its keys, not a long press.
    const before = window.matchMedia
    window.matchMedia = (query: string) => ({ matches: query === '(pointer: fine)', media: query }) as MediaQueryList
    try {
      read.mockRejectedValueOnce(new DOMException('Read permission denied.', 'NotAllowedError'))
      await user.click(paste)
      await waitFor(() => expect(panel.getByRole('alert')).toHaveTextContent(text('deposit.giftPasteRefusedKeys')))
    } finally {
      window.matchMedia = before
    }
    read.mockRestore()
  })

  it.each(['TRUELINK_DUPLICATE', 'TRUELINK_INVALID'] as const)('shows %s translated and keeps the link', async (code) => {
    const { user, modal, platform } = await deposit({ 'POST /api/wallet/truelink': [code === 'TRUELINK_DUPLICATE' ? 409 : 400, { message: code }] })
    const panel = within(await openTab(user, modal, text('deposit.tabGift')))
    await user.type(panel.getByLabelText(text('deposit.giftLabel')), GIFT)
    await user.click(panel.getByRole('button', { name: text('deposit.giftSend') }))
    expect(await panel.findByRole('alert')).toHaveTextContent(text(`errors.${code}`))
    expect(panel.getByLabelText(text('deposit.giftLabel'))).toHaveValue(GIFT)
    expect(platform.haptic).toHaveBeenLastCalledWith('error')
  })

  it('retries an unchanged link with the same Idempotency-Key and ciphertext, and a changed link with a new key', async () => {
    const lost = [503, { message: 'INTERNAL_SERVER_ERROR' }]
    const answers: unknown[] = [lost, lost, processing]
    const { user, modal, calls } = await deposit({ 'POST /api/wallet/truelink': () => answers.shift() })
    const panel = within(await openTab(user, modal, text('deposit.tabGift')))
    const field = panel.getByLabelText(text('deposit.giftLabel'))
    const send = panel.getByRole('button', { name: text('deposit.giftSend') })
    await user.type(field, GIFT)
    await user.click(send)
    expect(await panel.findByRole('alert')).toHaveTextContent(text('errors.INTERNAL_SERVER_ERROR'))
    await user.click(send)
    await waitFor(() => expect(sent(calls, 'POST', '/api/wallet/truelink')).toHaveLength(2))
    await waitFor(() => expect(send).not.toRefusePresses())
    await user.clear(field)
    await user.type(field, 'https://gift.truemoney.com/campaign/?v=Other12345')
    await user.click(send)
    await statusSays(panel, 'gift-status', text('deposit.giftSent'))
    const [first, retry, next] = sent(calls, 'POST', '/api/wallet/truelink')
    expect(key(retry)).toBe(key(first))
    expect(retry.body).toEqual(first.body)
    expect(key(next)).not.toBe(key(first))
    expect(AES.decrypt((next.body as { link: string }).link, SECRET).toString(Utf8)).toBe('https://gift.truemoney.com/campaign/?v=Other12345')
  })

  it('offers scanning only where the platform can, and fills the field with the scanned link', async () => {
    const none = await deposit()
    await openTab(none.user, none.modal, text('deposit.tabGift'))
    expect(none.modal.queryByRole('button', { name: text('deposit.giftScan') })).toBeNull()
    none.unmount()

    const { user, modal, platform } = await deposit({}, {
      platform: { canScanQr: () => true, scanQr: vi.fn(async () => `Open this: ${GIFT}`) },
    })
    const panel = within(await openTab(user, modal, text('deposit.tabGift')))
    await user.click(panel.getByRole('button', { name: text('deposit.giftScan') }))
    expect(platform.scanQr).toHaveBeenCalledOnce()
    await waitFor(() => expect(panel.getByLabelText(text('deposit.giftLabel'))).toHaveValue(GIFT))
    expect(panel.getByRole('button', { name: text('deposit.giftSend') })).not.toRefusePresses()
  })

  it('loads crypto-js only through a dynamic import of truelink.ts', () => {
    const folder = resolve(process.cwd(), 'src/features/deposit')
    for (const file of readdirSync(folder).filter((name) => /\.tsx?$/.test(name) && name !== 'truelink.ts')) {
      const source = readFileSync(resolve(folder, file), 'utf8')
      expect(source, file).not.toMatch(/^import[^\n]*(crypto-js|\/truelink)/m)
    }
    expect(readFileSync(resolve(folder, 'GiftLink.tsx'), 'utf8')).toMatch(/await import\('\.\/truelink'\)/)
  })
})

describe('a slip or gift link sent, settled by staff while the sheet is open (issue 29)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })
  const png = () => new File(['png-bytes'], 'slip.png', { type: 'image/png', lastModified: 1 })
  const older: Slip = { ...slip('SUCCESS'), amount: 80, reference: 'OLD1' }

  /** A slip sent from the transfer tab, until the sheet says it is processing. */
  async function sendSlip(user: Screen['user'], modal: Modal) {
    await user.upload(await modal.findByLabelText(text('deposit.slipFile')), png())
    await user.click(modal.getByRole('button', { name: text('deposit.slipSend') }))
    await statusSays(modal, 'slip-status', text('deposit.slipProcessing'))
  }

  /** A gift link sent from its tab, until the tab says it is processing; the tab's panel. */
  async function sendGift(user: Screen['user'], modal: Modal) {
    const panel = within(await openTab(user, modal, text('deposit.tabGift')))
    await user.type(panel.getByLabelText(text('deposit.giftLabel')), GIFT)
    await user.click(panel.getByRole('button', { name: text('deposit.giftSend') }))
    await statusSays(panel, 'gift-status', text('deposit.giftSent'))
    return panel
  }

  /** The sheet with the slip table as staff leave it (`table`), the clock under the test's hand. */
  async function watched(table: () => Slip[]) {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    let balance = 500
    const result = await deposit({
      'POST /api/wallet/slip': slip('PROCESSING'),
      'POST /api/wallet/truelink': slip('PROCESSING'),
      'POST /api/statement/slip': () => ({ total: table().length, slips: table() }),
      'GET /api/wallet': () => walletAnswer(balance),
    })
    const polls = () => sent(result.calls, 'POST', '/api/statement/slip')
    const walletReads = () => sent(result.calls, 'GET', '/api/wallet').length
    /** Moves the clock poll by poll, letting each answer arrive before the next. */
    const wait = async (ms: number) => {
      for (let step = 0; step < ms / 5000; step++) {
        await act(async () => {
          vi.advanceTimersByTime(5000)
        })
      }
    }
    return { ...result, polls, walletReads, wait, credit: (amount: number) => (balance += amount) }
  }

  it('asks the slip table every 5 s; approved, the sheet ends on the deposit receipt and reads the wallet again; Done closes it', async () => {
    let table = [slip('PROCESSING'), older]
    const { user, modal, polls, walletReads, wait, credit, platform, onClose } = await watched(() => table)
    await sendSlip(user, modal)
    await wait(5000)
    await waitFor(() => expect(polls()).toHaveLength(1))
    expect(polls()[0].body).toEqual({ page: 1, limit: 10 })
    await statusSays(modal, 'slip-status', text('deposit.slipProcessing'))
    const reads = walletReads()
    table = [{ ...slip('SUCCESS'), amount: 250 }, older]
    credit(250)
    await wait(5000)
    await waitFor(() => expect(modal.getByText(text('deposit.arrived'))).toBeVisible())
    const receipt = modal.getByText(text('deposit.arrived')).closest<HTMLElement>('[role="status"]')!
    expect(within(receipt).getByText('฿250.00')).toBeVisible()
    expect(receiptFacts(receipt)).toEqual({ [text('deposit.arrivedWay')]: text('deposit.waySlip'), [text('receipt.reference')]: 'REF1', [text('receipt.time')]: formatDateTime('2026-01-01T00:00:00.000Z') })
    // What the wallet holds now, read once the money was there (home's read, and the receipt's own).
    await waitFor(() => expect(receiptWalletNow(receipt)).toBe('฿750.00'))
    await waitFor(() => expect(walletReads()).toBe(reads + 2))
    expect(platform.haptic).toHaveBeenLastCalledWith('success')
    // Settled: no more asking.
    await wait(15_000)
    expect(polls()).toHaveLength(2)
    await act(async () => within(receipt).getByRole('button', { name: text('deposit.done') }).click())
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('refused, it names staff\'s reason where it said processing, keeps the form for another slip, and stops asking', async () => {
    let table = [slip('PROCESSING')]
    const { user, modal, polls, wait, platform } = await watched(() => table)
    await sendSlip(user, modal)
    table = [slip('FAILED', 'EXPIRED_SLIP')]
    await wait(5000)
    await statusSays(modal, 'slip-status', text('deposit.slipFailedReason', { reason: text('slipReasons.EXPIRED_SLIP') }))
    expect(platform.haptic).toHaveBeenLastCalledWith('error')
    expect(modal.getByRole('button', { name: text('deposit.slipChoose') })).toBeVisible()
    await wait(15_000)
    expect(polls()).toHaveLength(1)
  })

  it('keeps saying processing while staff have not decided, asking on', async () => {
    const { user, modal, polls, wait } = await watched(() => [slip('PROCESSING')])
    await sendSlip(user, modal)
    await wait(15_000)
    await waitFor(() => expect(polls()).toHaveLength(3))
    await statusSays(modal, 'slip-status', text('deposit.slipProcessing'))
  })

  it('a gift link redeemed ends on the deposit receipt', async () => {
    let table = [slip('PROCESSING')]
    const { user, modal, wait } = await watched(() => table)
    const panel = await sendGift(user, modal)
    table = [{ ...slip('SUCCESS'), amount: 50, link: 'https://gift.truemoney.com/campaign/?v=AbC1…xyz9' }]
    await wait(5000)
    await waitFor(() => expect(panel.getByText(text('deposit.arrived'))).toBeVisible())
    expect(within(panel.getByRole('status')).getByText('฿50.00')).toBeVisible()
    expect(within(panel.getByRole('status')).getByText(text('deposit.tabGift'))).toBeVisible()
  })

  it('a gift link refused says why', async () => {
    let table = [slip('PROCESSING')]
    const { user, modal, wait } = await watched(() => table)
    const panel = await sendGift(user, modal)
    table = [slip('FAILED', 'UNKNOW_ERROR')]
    await wait(5000)
    await statusSays(panel, 'gift-status', text('deposit.giftFailedReason', { reason: text('slipReasons.UNKNOW_ERROR') }))
  })
})

describe('slip upload (spec 1, 4, 7, 8)', () => {
  const png = (name = 'slip.png', bytes = 'png-bytes') => new File([bytes], name, { type: 'image/png', lastModified: 1 })

  /** Lets the test play the upload: report progress, then answer when told. */
  async function holdUploads() {
    const http = await loadHttp()
    const inner = http.defaults.adapter as AxiosAdapter
    const seen: InternalAxiosRequestConfig[] = []
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    http.defaults.adapter = async (config) => {
      if (config.url === '/api/wallet/slip') {
        seen.push(config)
        config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true } as AxiosProgressEvent)
        await gate
      }
      return inner(config)
    }
    return { seen, release }
  }

  it('states the 1-hour and daily-window facts from the lookup', async () => {
    const { modal } = await deposit()
    expect(await modal.findByText(text('deposit.slipWithinHour'))).toBeVisible()
    expect(await modal.findByText(text('deposit.slipWindow', { from: '23:00', to: '00:30' }))).toBeVisible()
  })

  it('picks the slip through buttons in the player language, shows it with change and remove, and forgets it when removed', async () => {
    const { user, modal } = await deposit({}, { language: 'th' })
    const choose = await modal.findByRole('button', { name: text('deposit.slipChoose') })
    expect(text('deposit.slipChoose')).toMatch(/[\u0E00-\u0E7F]/)
    const input = modal.getByLabelText(text('deposit.slipFile')) as HTMLInputElement
    const opened = vi.spyOn(input, 'click')
    await user.click(choose)
    expect(opened).toHaveBeenCalledTimes(1)
    const file = png()
    await user.upload(input, file)
    const thumb = modal.getByRole('img', { name: text('deposit.slipPreview') })
    expect(thumb.getAttribute('src')).toMatch(/^blob:/)
    expect(modal.getByText(file.name)).toBeVisible()
    await user.click(modal.getByRole('button', { name: text('deposit.slipChange') }))
    expect(opened).toHaveBeenCalledTimes(2)
    await user.click(modal.getByRole('button', { name: text('deposit.slipRemove') }))
    expect(modal.queryByRole('img', { name: text('deposit.slipPreview') })).toBeNull()
    expect(input.value).toBe('')
    expect(modal.getByRole('button', { name: text('deposit.slipSend') })).toRefusePresses()
    expect(modal.getByRole('button', { name: text('deposit.slipChoose') })).toBeVisible()
  })

  it('shows the progress while uploading, then that the slip is processing', async () => {
    const { user, modal, calls, platform } = await deposit({ 'POST /api/wallet/slip': slip('PROCESSING') })
    const upload = await holdUploads()
    const file = png()
    await user.upload(await modal.findByLabelText(text('deposit.slipFile')), file)
    await user.dblClick(modal.getByRole('button', { name: text('deposit.slipSend') }))
    const bar = await modal.findByRole('progressbar', { name: text('deposit.slipProgress') })
    expect(bar).toHaveAttribute('value', '50')
    expect(modal.getByText('50%')).toBeInTheDocument()
    upload.release()
    await statusSays(modal, 'slip-status', text('deposit.slipProcessing'))
    expect(modal.queryByRole('progressbar')).toBeNull()
    const posts = sent(calls, 'POST', '/api/wallet/slip')
    expect(posts).toHaveLength(1)
    expect((posts[0].body as FormData).get('file')).toBe(file)
    expect(key(posts[0])).toEqual(expect.any(String))
    expect(upload.seen[0].timeout).toBe(LONG_TIMEOUT_MS)
    expect(LONG_TIMEOUT_MS).toBe(5 * 60_000)
    expect(platform.haptic).toHaveBeenCalledWith('success')
  })

  it('sends the amount on the slip when the player says it, refuses one it cannot read, and sends none when left empty (issue 51)', async () => {
    const { user, modal, calls } = await deposit({ 'POST /api/wallet/slip': slip('PROCESSING') })
    await user.upload(await modal.findByLabelText(text('deposit.slipFile')), png())
    const amount = modal.getByLabelText(text('deposit.slipAmount'))
    const send = modal.getByRole('button', { name: text('deposit.slipSend') })
    await user.type(amount, '0')
    await user.click(send)
    expect(await modal.findByText(text('wallet.amountInvalid', { example: formatAmount(1234.5, 'en') }))).toBeVisible()
    expect(amount).toHaveAttribute('aria-invalid', 'true')
    expect(sent(calls, 'POST', '/api/wallet/slip')).toEqual([])
    await user.clear(amount)
    await user.type(amount, '1,500.5')
    expect(modal.getByTestId('amount-preview')).toHaveTextContent(text('deposit.slipAmountPreview', { amount: formatMoney(1500.5, 'en', 'THB') }))
    await user.click(send)
    await statusSays(modal, 'slip-status', text('deposit.slipProcessing'))
    const [post] = sent(calls, 'POST', '/api/wallet/slip')
    expect((post.body as FormData).get('amount')).toBe('1500.50')
    // Sent: the field is empty again, and a slip without an amount sends none.
    expect(amount).toHaveValue('')
    await user.upload(modal.getByLabelText(text('deposit.slipFile')), png())
    await user.click(send)
    await waitFor(() => expect(sent(calls, 'POST', '/api/wallet/slip')).toHaveLength(2))
    expect((sent(calls, 'POST', '/api/wallet/slip')[1].body as FormData).has('amount')).toBe(false)
  })

  it('names the reason of a slip the server refused at once', async () => {
    const { user, modal } = await deposit({ 'POST /api/wallet/slip': slip('FAILED', 'SLIP_REFNO_DUPLICATED') })
    await user.upload(await modal.findByLabelText(text('deposit.slipFile')), png())
    await user.click(modal.getByRole('button', { name: text('deposit.slipSend') }))
    await statusSays(modal, 'slip-status', 
      text('deposit.slipFailedReason', { reason: text('slipReasons.SLIP_REFNO_DUPLICATED') }),
    )
  })

  it.each(['SLIP_INVALID_FILE', 'SLIP_NO_FILE', 'SLIP_UPLOAD_FAIL'] as const)('shows %s translated', async (code) => {
    const { user, modal, platform } = await deposit({ 'POST /api/wallet/slip': [400, { message: code }] })
    await user.upload(await modal.findByLabelText(text('deposit.slipFile')), png())
    await user.click(modal.getByRole('button', { name: text('deposit.slipSend') }))
    expect(await modal.findByRole('alert')).toHaveTextContent(text(`errors.${code}`))
    expect(platform.haptic).toHaveBeenLastCalledWith('error')
  })

  it('refuses a file that is not a JPEG or PNG, or larger than 10 MB, before sending', async () => {
    const { modal, calls } = await deposit({ 'POST /api/wallet/slip': slip('PROCESSING') })
    const input = await modal.findByLabelText(text('deposit.slipFile'))
    const send = modal.getByRole('button', { name: text('deposit.slipSend') })
    // What a picker ignoring `accept` (or a drop) hands over.
    const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } })
    expect(send).toRefusePresses()
    pick(new File(['%PDF'], 'slip.pdf', { type: 'application/pdf' }))
    expect(modal.getByRole('alert')).toHaveTextContent(text('validation.fileNotSupported'))
    expect(send).toRefusePresses()
    const big = png('big.png')
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    pick(big)
    expect(modal.getByRole('alert')).toHaveTextContent(text('validation.fileTooLarge', { size: 10 }))
    expect(send).toRefusePresses()
    pick(png())
    expect(modal.queryByRole('alert')).toBeNull()
    expect(send).not.toRefusePresses()
    expect(sent(calls, 'POST', '/api/wallet/slip')).toEqual([])
  })

  it('closes the upload while the daily window is closed', async () => {
    const { user, modal } = await deposit({ 'GET /api/lookup/slip': { isOpen: false, closedFrom: '23:00', closedTo: '00:30' } })
    expect(await modal.findByText(text('deposit.slipClosed', { from: '23:00', to: '00:30' }))).toBeVisible()
    await user.upload(modal.getByLabelText(text('deposit.slipFile')), png())
    expect(modal.getByRole('button', { name: text('deposit.slipSend') })).toRefusePresses()
  })

  it('retries the same file with the same Idempotency-Key, an amount typed meanwhile too, and another file after a failure with a new one', async () => {
    const lost = [503, { message: 'INTERNAL_SERVER_ERROR' }]
    const answers: unknown[] = [lost, lost, slip('PROCESSING')]
    const { user, modal, calls } = await deposit({ 'POST /api/wallet/slip': () => answers.shift() })
    const input = await modal.findByLabelText(text('deposit.slipFile'))
    const send = modal.getByRole('button', { name: text('deposit.slipSend') })
    await user.upload(input, png())
    await user.click(send)
    expect(await modal.findByRole('alert')).toHaveTextContent(text('errors.INTERNAL_SERVER_ERROR'))
    // The server may hold the slip already: the amount the player adds now does not make it
    // another upload (the server would keep a second copy of the same slip as a duplicate).
    await user.type(modal.getByLabelText(text('deposit.slipAmount')), '1500')
    await user.click(send)
    await waitFor(() => expect(sent(calls, 'POST', '/api/wallet/slip')).toHaveLength(2))
    await waitFor(() => expect(send).not.toRefusePresses())
    // The player gives up on that file and picks another: a new action.
    await user.upload(input, png('second.png', 'other-bytes'))
    await user.click(send)
    await statusSays(modal, 'slip-status', text('deposit.slipProcessing'))
    const [first, retry, next] = sent(calls, 'POST', '/api/wallet/slip')
    expect(key(retry)).toBe(key(first))
    expect(key(next)).not.toBe(key(first))
  })
})

describe('languages', () => {
  it.each(['th', 'la'] as const satisfies readonly Language[])('shows the modal in %s', async (language) => {
    const { modal } = await deposit({}, { language, variant: language === 'la' ? 'la' : 'th' })
    expect(await modal.findByRole('tab', { name: text('deposit.tabBank') })).toBeVisible()
    expect(text('deposit.tabBank')).not.toBe('Bank transfer')
  })
})

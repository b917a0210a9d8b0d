// The wallet home and its money modals as a player meets them (spec 2 Home, Deposit, Transfer,
// Withdraw, Slot account detail; 5; 7; 8), against a faked API.
import { ui } from '../../src/state/ui'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import AES from 'crypto-js/aes'
import Utf8 from 'crypto-js/enc-utf8'
import { describe, expect, it, vi } from 'vitest'
import type { Slot, WalletResponse } from '../../contract'
import { HomeScreen } from '../../src/app/home'
import { AGREEMENT_DELAY_MS } from '../../src/features/wallet/home/AgreementModal'
import { formatMoney } from '../../contract/lib/money'
import { gameCardName } from '../gameCardName'
import { operatorOnly, renderScreen, text, type Call, type Routes, type ScreenOptions } from '../renderScreen'

const slot = (code: string, category: Slot['category'], amount: number, isActive: boolean, web: string | null = null): Slot => ({
  code, name: `${code} game`, category, isActive, amount, ftWalletSlot: 2, logo: `/games/${code.toLowerCase()}.svg`, background: '/games/bg.svg', web, android: null, ios: null,
})

function wallet(amount = 1000.25, slots: Slot[] = [slot('PG', 'slot', 200.5, true), slot('JOKER', 'slot', 0, false), slot('PPLAY', 'slot', 0, false, 'https://games.example/pplay'), slot('UFABET', 'sport', 99.25, true), slot('HUAYHD', 'lotto', 0, false)]): WalletResponse {
  return {
    profile: { _id: '123', name: 'Somchai', username: '0812345678', coin: 0 },
    bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } },
    wallet: { amount, currency: 'THB' },
    invite: { amount: 0, success: 0, fail: 0 },
    slots,
  }
}

const home = (api: Routes = {}, options: { remembered?: boolean; config?: Record<string, unknown> } = {}) =>
  renderScreen(<HomeScreen />, {
    path: '/user/home',
    config: { idempotencyKeys: true, ...options.config },
    setup: () => {
      if (options.remembered !== false) localStorage.setItem('remember-agreement', 'true')
    },
    api: {
      'GET /api/wallet': wallet(),
      'GET /api/lookup/active': { isActive: false, terminated: false },
      'GET /api/lookup/agreements': ['<p>Play fair.</p>'],
      'GET /api/lookup/withdraw': { withdrawMin: 100, withdrawMax: 50000 },
      ...api,
    },
  })

const money = (amount: number) => formatMoney(amount, 'en', 'THB')
const actions = () => within(screen.getByRole('navigation', { name: text('home.actions') }))
const dialog = (title: string) => screen.findByRole('dialog', { name: title })
/** A game card, by its name (tests/gameCardName.ts). */
const gameCard = (name: string) => ({ name: gameCardName(text('games.inactive'), name) })
const posts = (calls: Call[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url)

describe('home', () => {
  it('shows each withdrawal still waiting for the transfer until it is paid or failed', async () => {
    const row = (reference: string, status: string, amount: number, note: string | null = null) => ({
      reference, statementType: 'withdraw', from: 'WALLET', to: 'KBANK', status, amount, currency: 'THB', createdAt: '2026-11-20T03:04:05.000Z', note,
      destination: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: 'xxxxxx7890' },
    })
    await home({ 'POST /api/statement': { total: 4, statements: [
      row('W4', 'PROCESSING', 120), row('W3', 'PROCESSING', 80, 'review'), row('W2', 'SUCCESS', 200), row('W1', 'FAILED', 150),
    ] } })
    const waiting = await screen.findByRole('region', { name: text('home.pendingTitle') })
    const items = within(waiting).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      text('home.pendingWithdrawal', { amount: money(120) }), text('home.pendingReview', { amount: money(80) }),
    ])
    expect(within(waiting).getByRole('link', { name: text('home.pendingSee') })).toHaveAttribute('href', '/user/statement')
  })

  it('shows no waiting withdrawal when none waits, or the statement cannot be read', async () => {
    await home()
    await screen.findByTestId('total-balance')
    expect(screen.queryByRole('region', { name: text('home.pendingTitle') })).toBeNull()
    expect(document.querySelectorAll('.toast')).toHaveLength(0)
  })

  it('copies the invite code from home', async () => {
    const { user } = await home()
    await user.click(await screen.findByRole('button', { name: text('home.copyInviteCode') }))
    expect(await screen.findByText(text('common.copied', { text: 'PR123' }))).toBeVisible()
    expect(await navigator.clipboard.readText()).toBe('PR123')
  })

  it('shows the total of the main wallet and every game, and the main wallet, in the member currency', async () => {
    await home()
    expect(await screen.findByTestId('total-balance')).toHaveTextContent(money(1000.25 + 200.5 + 99.25))
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent(money(1000.25))
    expect(screen.getByRole('heading', { name: text('home.greeting', { name: 'Somchai' }) })).toBeVisible()
  })

  it('breaks the total down on the balance card: main wallet, games, and each game on asking', async () => {
    const { user } = await home({ 'GET /api/wallet': wallet(40, [slot('PG', 'slot', 200.5, true), slot('JOKER', 'slot', 0, true), slot('UFABET', 'sport', 0, false)]) })
    await waitFor(() => expect(screen.getByTestId('games-balance')).toHaveTextContent(money(200.5)))
    const perGame = screen.getByText(text('home.breakdown', { count: 2 }))
    await user.click(perGame)
    const rows = within(perGame.closest('details')!).getAllByRole('listitem').map((item) => item.textContent)
    // The games the member has an account in, each with its balance; a game never opened is not listed.
    expect(rows).toEqual([`PG game${money(200.5)}`, `JOKER game${money(0)}`])
  })

  it('puts deposit and withdraw first among the actions, apart from the others', async () => {
    await home()
    await screen.findByTestId('total-balance')
    const primary = screen.getByRole('navigation', { name: text('home.actions') }).querySelector('.home-actions__primary')!
    expect(within(primary as HTMLElement).getAllByRole('button').map((button) => button.textContent)).toEqual([text('home.deposit'), text('home.withdraw')])
  })

  it('refreshes the game balances and says when', async () => {
    const { user, calls } = await home({ 'GET /api/wallet/refresh/slot': { wallet: { amount: 10, currency: 'THB' }, slots: [slot('PG', 'slot', 5, true)] } })
    await screen.findByTestId('total-balance')
    // A first visit: the wallet just loaded is fresh, so the card says when, not "not refreshed yet".
    expect(screen.queryByText(text('home.neverSynced'))).toBeNull()
    // On one short line (issue 51): the time alone, the wallet having just loaded today.
    expect(screen.getByText(new RegExp(`^${text('home.lastSync', { time: '\\d\\d:\\d\\d' })}$`))).toBeInTheDocument()
    const loadedAt = Number(localStorage.getItem('last_sync'))
    expect(loadedAt).toBeGreaterThan(Date.now() - 5000)
    localStorage.setItem('last_sync', String(loadedAt - 60_000))
    await user.click(screen.getByRole('button', { name: text('home.refresh') }))
    await waitFor(() => expect(screen.getByTestId('total-balance')).toHaveTextContent(money(15)))
    expect(calls.filter((call) => call.url === '/api/wallet/refresh/slot')).toHaveLength(1)
    expect(Number(localStorage.getItem('last_sync'))).toBeGreaterThanOrEqual(loadedAt)
  })

  it('refresh-all updates the last-update time the card shows, and says when it fails', async () => {
    let fail = false
    const { user } = await home({
      'GET /api/wallet/refresh/slot': () => (fail ? [500, { message: 'INTERNAL_SERVER_ERROR' }] : { wallet: { amount: 10, currency: 'THB' }, slots: [slot('PG', 'slot', 5, true)] }),
    })
    await screen.findByTestId('total-balance')
    localStorage.setItem('last_sync', '1')
    await user.click(actions().getByRole('button', { name: text('home.refreshAll') }))
    await waitFor(() => expect(Number(localStorage.getItem('last_sync'))).toBeGreaterThan(Date.now() - 5000))
    expect(screen.getByTestId('total-balance')).toHaveTextContent(money(15))
    fail = true
    await user.click(actions().getByRole('button', { name: text('home.refreshAll') }))
    expect(await screen.findByText(text('errors.INTERNAL_SERVER_ERROR'))).toBeVisible()
  })

  it('offers refresh-all while no spin campaign is active, and the spin wheel while one is', async () => {
    await home()
    expect(await actions().findByRole('button', { name: text('home.refreshAll') })).toBeVisible()
    expect(actions().queryByRole('button', { name: text('home.spin') })).toBeNull()
    cleanup()
    await home({ 'GET /api/lookup/active': { isActive: true, terminated: false } })
    expect(await actions().findByRole('button', { name: text('home.spin') })).toBeVisible()
    expect(actions().queryByRole('button', { name: text('home.refreshAll') })).toBeNull()
  })

  it('shows the agreement 1.5 s after load until the player accepts it, and nothing else closes it', async () => {
    // The app's own timer, caught as it is set: the test plays the 1.5 s instead of sleeping them.
    const timers = vi.spyOn(window, 'setTimeout')
    try {
      const { user, calls } = await home({}, { remembered: false })
      await screen.findByTestId('total-balance')
      // Its text is asked for with home, so it is there the moment the agreement opens.
      await waitFor(() => expect(calls.filter((call) => call.url === '/api/lookup/agreements')).toHaveLength(1))
      const agreementTimer = timers.mock.calls.find(([, ms]) => ms === AGREEMENT_DELAY_MS)
      expect(AGREEMENT_DELAY_MS).toBe(1500)
      expect(agreementTimer, 'a 1.5 s timer for the agreement').toBeDefined()
      expect(screen.queryByRole('dialog')).toBeNull()
      act(() => (agreementTimer![0] as () => void)())
      const agreement = await screen.findByRole('dialog', { name: text('home.agreementTitle') })
      expect(await within(agreement).findByText('Play fair.')).toBeVisible()
      // No close button; Escape (the dialog's cancel) and a click on the backdrop leave it open.
      expect(within(agreement).queryByRole('button', { name: text('common.close') })).toBeNull()
      fireEvent(agreement, new Event('cancel', { cancelable: true }))
      fireEvent.click(agreement)
      const accept = within(agreement).getByRole('button', { name: text('home.agreementAccept') })
      // A tap that began before the agreement appeared (its press was not on the button) accepts nothing.
      fireEvent.click(accept, { detail: 1 })
      expect(screen.getByRole('dialog', { name: text('home.agreementTitle') })).toBeVisible()
      expect(localStorage.getItem('remember-agreement')).toBeNull()
      // Without a back layer it still counts as open: the page is locked and toasts show inside it.
      expect(ui.blockingModals).toBe(1)
      await user.click(accept)
      expect(localStorage.getItem('remember-agreement')).toBe('true')
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      expect(ui.blockingModals).toBe(0)
    } finally {
      timers.mockRestore()
    }
  })

  it('does not show the agreement once accepted', async () => {
    const timers = vi.spyOn(window, 'setTimeout')
    try {
      await home()
      await screen.findByTestId('total-balance')
      // No agreement timer was set: it can never open.
      expect(timers.mock.calls.filter(([, ms]) => ms === AGREEMENT_DELAY_MS)).toEqual([])
      expect(screen.queryByRole('dialog')).toBeNull()
    } finally {
      timers.mockRestore()
    }
  })

  it('offers no invite receive while no invite bonus waits', async () => {
    const { calls } = await home()
    await screen.findByTestId('total-balance')
    expect(screen.getByTestId('invite-amount')).toHaveTextContent(money(0))
    expect(screen.getByRole('button', { name: text('home.inviteReceive') })).toRefusePresses()
    expect(calls.some((call) => call.url === '/api/invite/collect')).toBe(false)
  })

  it('receives the invite bonus (GET /api/invite/bonus) once per tap and says why not', async () => {
    let answer: () => void = () => {}
    const { user, calls } = await home({
      'GET /api/wallet': { ...wallet(), invite: { amount: 25, success: 2, fail: 0 } },
      'GET /api/invite/bonus': () => new Promise((resolve) => { answer = () => resolve([400, { message: 'NO_INVITE_BONUS' }]) }),
    })
    await screen.findByTestId('total-balance')
    const receive = screen.getByRole('button', { name: text('home.inviteReceive') })
    await user.click(receive)
    await user.click(receive)
    await waitFor(() => expect(calls.some((call) => call.url === '/api/invite/bonus')).toBe(true))
    await user.click(receive)
    answer()
    expect(await screen.findByText(text('errors.NO_INVITE_BONUS'))).toBeVisible()
    expect(calls.filter((call) => call.url === '/api/invite/bonus')).toHaveLength(1)
    expect(calls.some((call) => call.url === '/api/invite/collect')).toBe(false)
  })
})

describe('game cards', () => {
  it('opens the account flow for the 16 codes and the web URL outside the app for any other game', async () => {
    const openExternal = vi.fn()
    const { user } = await renderScreen(<HomeScreen />, {
      path: '/user/home',
      setup: () => localStorage.setItem('remember-agreement', 'true'),
      platform: { openExternal },
      api: { 'GET /api/wallet': wallet(), 'GET /api/lookup/active': { isActive: false, terminated: false } },
    })
    await user.click(await screen.findByRole('button', gameCard('PPLAY game')))
    expect(openExternal).toHaveBeenCalledWith('https://games.example/pplay')
    await user.click(screen.getByRole('button', gameCard('JOKER game')))
    expect(await dialog('JOKER game')).toBeVisible()
  })

  it('shows the balance times ftWalletSlot on each card, as credits, with the rate in words where it is not 1', async () => {
    await home({ 'GET /api/wallet': wallet(1000.25, [slot('PG', 'slot', 200.5, true), { ...slot('JOKER', 'slot', 10, true), ftWalletSlot: 1 }]) })
    const card = await screen.findByRole('button', gameCard('PG game'))
    expect(within(card).getByTestId('game-balance-PG')).toHaveTextContent('200.50')
    expect(within(card).getByText(text('games.credits', { value: '401.00' }))).toBeVisible()
    expect(within(card).getByText(text('games.rate', { one: '฿1', rate: '2' }))).toBeVisible()
    expect(card).not.toHaveTextContent('×')
    // A game at one credit a baht says only its credits.
    const joker = screen.getByRole('button', gameCard('JOKER game'))
    expect(within(joker).getByText(text('games.credits', { value: '10.00' }))).toBeVisible()
    expect(joker.querySelectorAll('.game-card__value')).toHaveLength(1)
  })
})

describe('slot account detail', () => {
  it('activates, then shows the credentials; reset password fetches them again', async () => {
    let active = false
    let password = 'first-pass'
    const { user, calls } = await home({
      'GET /api/wallet': () => wallet(1000, [slot('JOKER', 'slot', 0, active)]),
      'GET /api/wallet/activate/JOKER': () => {
        active = true
        return { message: 'SUCCESS' }
      },
      'GET /api/wallet/account/JOKER': () => ({ username: 'joker123', password }),
      // An operator may answer a reset with a message only: the credentials are read again (spec 4).
      'GET /api/wallet/resetpassword/JOKER': () => {
        password = 'second-pass'
        return operatorOnly({ message: 'SUCCESS' }, 'spec 4: a reset may answer a message only')
      },
    })
    await user.click(await screen.findByRole('button', gameCard('JOKER game')))
    const modal = await dialog('JOKER game')
    await user.click(within(modal).getByRole('button', { name: text('games.activate') }))
    expect(await within(modal).findByTestId('credential-username')).toHaveTextContent('joker123')
    // The password is hidden until asked for; copy copies it either way.
    expect(within(modal).getByTestId('credential-password')).toHaveTextContent('••••••••')
    expect(modal).not.toHaveTextContent('first-pass')
    await user.click(within(modal).getByRole('button', { name: text('common.showPassword') }))
    expect(within(modal).getByTestId('credential-password')).toHaveTextContent('first-pass')
    expect(within(modal).getByRole('button', { name: text('common.hidePassword') })).toHaveAttribute('aria-pressed', 'true')
    await user.click(within(modal).getByRole('button', { name: text('games.resetPassword') }))
    await waitFor(() => expect(within(modal).getByTestId('credential-password')).toHaveTextContent('second-pass'))
    expect(within(modal).getByTestId('credential-username')).toHaveTextContent('joker123')
    expect(calls.filter((call) => call.url === '/api/wallet/activate/JOKER')).toHaveLength(1)
    expect(calls.filter((call) => call.url === '/api/wallet/account/JOKER')).toHaveLength(2)
  })

  it.each([
    ['PG', '/api/autoLogin/pg/pg%20user'],
    ['ASKMEBET', '/api/autoLogin/askmebet/pg%20user/p%2Fss'],
    ['PGSLOT', '/api/autoLogin/pgslot/pg%20user/p%2Fss'],
  ])('auto-login for %s calls %s and opens the link through the platform', async (code, path) => {
    const openExternal = vi.fn()
    const { user, calls } = await renderScreen(<HomeScreen />, {
      path: '/user/home',
      setup: () => localStorage.setItem('remember-agreement', 'true'),
      platform: { openExternal },
      api: {
        'GET /api/wallet': wallet(10, [slot(code, 'slot', 1, true)]),
        'GET /api/lookup/active': { isActive: false, terminated: false },
        [`GET /api/wallet/account/${code}`]: { username: 'pg user', password: 'p/ss' },
        [`GET ${path}`]: { link: 'https://play.example/launch' },
      },
    })
    await user.click(await screen.findByRole('button', gameCard(`${code} game`)))
    const modal = await dialog(`${code} game`)
    await user.click(await within(modal).findByRole('button', { name: text('games.play') }))
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith('https://play.example/launch'))
    expect(calls.some((call) => call.url === path)).toBe(true)
  })

  /** Home with an active PG account whose auto-login answers `answer`; Play pressed in its modal. */
  async function playPg(answer: Routes[string], options: Pick<ScreenOptions, 'language' | 'config'> = {}) {
    const openExternal = vi.fn()
    const { user } = await renderScreen(<HomeScreen />, {
      ...options,
      path: '/user/home',
      setup: () => localStorage.setItem('remember-agreement', 'true'),
      platform: { openExternal },
      api: {
        'GET /api/wallet': wallet(10, [slot('PG', 'slot', 1, true)]),
        'GET /api/lookup/active': { isActive: false, terminated: false },
        'GET /api/wallet/account/PG': { username: 'pguser', password: 'secret' },
        'GET /api/autoLogin/pg/pguser': answer,
      },
    })
    await user.click(await screen.findByRole('button', gameCard('PG game')))
    const modal = await dialog('PG game')
    await user.click(await within(modal).findByRole('button', { name: text('games.play') }))
    return { modal, openExternal }
  }

  it.each([
    ['javascript:alert(document.cookie)', 'en'],
    ['data:text/html,<script>alert(1)</script>', 'en'],
    ['  JavaScript:alert(1)', 'th'],
    ['vbscript:msgbox(1)', 'la'],
  ] as const)('never opens an auto-login link that is not http(s) (%s) and says so in %s', async (link, language) => {
    const { modal, openExternal } = await playPg(operatorOnly({ link }, 'an operator API (or one taken over) may answer any link'), { language })
    expect(await within(modal).findByRole('alert')).toHaveTextContent(text('games.unsafeLink'))
    expect(text('games.unsafeLink')).not.toBe('games.unsafeLink')
    expect(openExternal).not.toHaveBeenCalled()
  })

  it.each(['GAME_LAUNCH_FAIL', 'TRANSFER_FAIL'])("says a game that cannot be opened (%s) could not be opened, in the player's language, never that money came back, and opens nothing", async (code) => {
    const { modal, openExternal } = await playPg(operatorOnly([502, { message: code }], "TRANSFER_FAIL: an operator's API may refuse a launch with it"), { language: 'th' })
    expect(await within(modal).findByRole('alert')).toHaveTextContent(text('errors.GAME_LAUNCH_FAIL'))
    expect(within(modal).getByRole('alert')).not.toHaveTextContent(text('errors.TRANSFER_FAIL'))
    expect(text('errors.GAME_LAUNCH_FAIL')).toMatch(/[\u0E00-\u0E7F]/)
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('opens a path the API answers as a link on that API', async () => {
    const { openExternal } = await playPg({ link: '/demo-game/abcdefghijklmnop' }, { config: { apiBase: 'https://api.operator.example' } })
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith('https://api.operator.example/demo-game/abcdefghijklmnop'))
  })

  it('shows SLOT_ACTIVATE_FAIL translated and keeps the activate button', async () => {
    const { user } = await home({ 'GET /api/wallet/activate/JOKER': [502, { message: 'slot_activate_fail' }] })
    await user.click(await screen.findByRole('button', gameCard('JOKER game')))
    const modal = await dialog('JOKER game')
    await user.click(within(modal).getByRole('button', { name: text('games.activate') }))
    expect(await within(modal).findByText(text('errors.SLOT_ACTIVATE_FAIL'))).toBeVisible()
    expect(within(modal).getByRole('button', { name: text('games.activate') })).not.toRefusePresses()
  })

  it("turns the slot modal's transfer buttons off while the main wallet is 0 or below (spec 5)", async () => {
    const { user } = await home({ 'GET /api/wallet': wallet(0), 'GET /api/wallet/account/PG': { username: 'u', password: 'p' } })
    await user.click(await screen.findByRole('button', gameCard('PG game')))
    const modal = await dialog('PG game')
    expect(within(modal).getByRole('button', { name: text('games.transferIn') })).toRefusePresses()
    expect(within(modal).getByRole('button', { name: text('games.transferOut') })).toRefusePresses()
    // And says why (issue 51 §5).
    expect(within(modal).getByRole('button', { name: text('games.transferIn') })).toHaveAccessibleDescription(text('games.walletEmpty'))
  })

  it("turns them on with money in the main wallet (out only when the game holds some)", async () => {
    const { user } = await home({ 'GET /api/wallet': wallet(50), 'GET /api/wallet/account/PG': { username: 'u', password: 'p' } })
    await user.click(await screen.findByRole('button', gameCard('PG game')))
    const modal = await dialog('PG game')
    expect(within(modal).getByRole('button', { name: text('games.transferIn') })).not.toRefusePresses()
    expect(within(modal).getByRole('button', { name: text('games.transferOut') })).not.toRefusePresses()
  })
})

describe('transfer', () => {
  const openTransfer = async (api: Routes = {}) => {
    const screenApi = await home(api)
    await screenApi.user.click(await actions().findByRole('button', { name: text('home.transfer') }))
    return { ...screenApi, modal: await dialog(text('transfer.title')) }
  }

  it('says every rule of spec 5 before sending anything', async () => {
    const { user, calls, modal } = await openTransfer()
    const next = within(modal).getByRole('button', { name: text('common.next') })
    await user.click(next)
    expect(within(modal).getByText(text('validation.transferSelectTo'))).toBeVisible()
    // The target never offers the source, so "the same account" cannot be chosen.
    expect(within(within(modal).getByLabelText(text('transfer.to'))).queryByRole('option', { name: new RegExp(text('transfer.wallet')) })).toBeNull()
    await user.selectOptions(within(modal).getByLabelText(text('transfer.to')), 'PG')
    await user.type(within(modal).getByLabelText(text('transfer.amount')), '0.5')
    await user.click(next)
    expect(within(modal).getByText(text('validation.transferMin', { min: '฿1.00' }))).toBeVisible()
    expect(within(modal).getByLabelText(text('transfer.amount'))).toHaveValue('0.5')
    expect(posts(calls, '/api/wallet/transfer')).toEqual([])
  })

  it('sends one request for a double tap, then ends on the receipt and fetches the wallet again once it is closed', async () => {
    let answer: () => void = () => {}
    const { user, calls, modal, platform } = await openTransfer({
      'POST /api/wallet/transfer': () => new Promise((resolve) => { answer = () => resolve({ message: 'SUCCESS', amount: 100, wallet: { amount: 900.25, currency: 'THB' } }) }),
    })
    await user.selectOptions(within(modal).getByLabelText(text('transfer.to')), 'PG')
    await user.type(within(modal).getByLabelText(text('transfer.amount')), '100')
    await user.click(within(modal).getByRole('button', { name: text('common.next') }))
    const confirm = within(modal).getByRole('button', { name: text('transfer.confirm') })
    await user.dblClick(confirm)
    await waitFor(() => expect(posts(calls, '/api/wallet/transfer')).toHaveLength(1))
    await user.click(confirm)
    answer()
    expect(await screen.findByText(text('transfer.success', { amount: money(100) }))).toBeVisible()
    expect(platform.haptic).toHaveBeenCalledWith('success')
    // Closing confirmation was on while the request was out, and is off again.
    expect(platform.setClosingConfirmation.mock.calls).toEqual([[true], [false]])
    const sent = posts(calls, '/api/wallet/transfer')
    expect(sent).toHaveLength(1)
    expect(sent[0].body).toEqual({ from: 'WALLET', to: 'PG', amount: 100 })
    await user.click(within(modal).getByRole('button', { name: text('transfer.done') }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/wallet').length).toBeGreaterThanOrEqual(2))
  })

  it('retries the same action with the same Idempotency-Key, and a changed one with a new key', async () => {
    let fail = true
    const { user, calls, modal } = await openTransfer({
      'POST /api/wallet/transfer': () => (fail ? [503, { message: 'INTERNAL_SERVER_ERROR' }] : { message: 'SUCCESS', amount: 50, wallet: { amount: 950.25, currency: 'THB' } }),
    })
    await user.selectOptions(within(modal).getByLabelText(text('transfer.to')), 'PG')
    const amount = within(modal).getByLabelText(text('transfer.amount'))
    await user.type(amount, '40')
    const button = (key: string) => within(modal).getByRole('button', { name: text(key) })
    await user.click(button('common.next'))
    await user.click(button('transfer.confirm'))
    const errorDialog = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(within(errorDialog).getByText(text('errors.INTERNAL_SERVER_ERROR'))).toBeVisible()
    await user.click(within(errorDialog).getByRole('button', { name: text('errorDialog.ok') }))
    await user.click(button('transfer.confirm'))
    await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    await user.click(screen.getByRole('button', { name: text('errorDialog.ok') }))
    await user.click(button('common.back'))
    await user.clear(within(modal).getByLabelText(text('transfer.amount')))
    await user.type(within(modal).getByLabelText(text('transfer.amount')), '50')
    fail = false
    await user.click(button('common.next'))
    await user.click(button('transfer.confirm'))
    await waitFor(() => expect(posts(calls, '/api/wallet/transfer')).toHaveLength(3))
    const keys = posts(calls, '/api/wallet/transfer').map((call) => call.headers['Idempotency-Key'])
    expect(keys[0]).toMatch(/^[\w-]{16,}$/)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
  })

  it('sends no Idempotency-Key when the config says the API does not take it', async () => {
    const { user, calls } = await home({ 'POST /api/wallet/transfer': { message: 'SUCCESS', amount: 5, wallet: { amount: 1, currency: 'THB' } } }, { config: { idempotencyKeys: false } })
    await user.click(await actions().findByRole('button', { name: text('home.transfer') }))
    const modal = await dialog(text('transfer.title'))
    await user.selectOptions(within(modal).getByLabelText(text('transfer.to')), 'PG')
    await user.type(within(modal).getByLabelText(text('transfer.amount')), '5')
    await user.click(within(modal).getByRole('button', { name: text('common.next') }))
    await user.click(within(modal).getByRole('button', { name: text('transfer.confirm') }))
    await waitFor(() => expect(posts(calls, '/api/wallet/transfer')).toHaveLength(1))
    expect(posts(calls, '/api/wallet/transfer')[0].headers['Idempotency-Key']).toBeUndefined()
  })

  it('moves everything into the target with transfer-all, and shows a refusal in the error dialog', async () => {
    const { user, calls, modal, platform } = await openTransfer({ 'POST /api/wallet/transferAll': [400, { message: 'MONEY_NOT_ENOUGH' }] })
    await user.selectOptions(within(modal).getByLabelText(text('transfer.to')), 'UFABET')
    await user.click(within(modal).getByRole('button', { name: text('transfer.all') }))
    const confirm = await screen.findByRole('alertdialog', { name: text('transfer.allTitle') })
    await user.click(within(confirm).getByRole('button', { name: text('transfer.allGo') }))
    const errorDialog = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(within(errorDialog).getByText(text('errors.MONEY_NOT_ENOUGH'))).toBeVisible()
    expect(platform.haptic).toHaveBeenCalledWith('error')
    expect(posts(calls, '/api/wallet/transferAll')[0].body).toEqual({ to: 'UFABET' })
  })
})

describe('withdraw', () => {
  const openWithdraw = async (api: Routes = {}) => {
    const screenApi = await home(api)
    await screenApi.user.click(await actions().findByRole('button', { name: text('home.withdraw') }))
    return { ...screenApi, modal: await dialog(text('withdraw.title')) }
  }

  it('says both limits with their amounts and sends nothing outside them', async () => {
    const { user, calls, modal } = await openWithdraw({ 'GET /api/wallet': wallet(60_000) })
    const amount = await within(modal).findByLabelText(text('withdraw.amount'))
    await within(modal).findByText(text('withdraw.enterAmount'))
    await user.type(amount, '99.99')
    await user.click(within(modal).getByRole('button', { name: text('withdraw.next') }))
    expect(within(modal).getByText(text('validation.withdrawMin', { min: '฿100.00' }))).toBeVisible()
    await user.clear(amount)
    await user.type(amount, '50000.01')
    await user.click(within(modal).getByRole('button', { name: text('withdraw.next') }))
    expect(within(modal).getByText(text('validation.withdrawMax', { max: '฿50,000.00' }))).toBeVisible()
    expect(posts(calls, '/api/wallet/withdrawAll')).toEqual([])
  })

  it("shows the server's refusal with the limit it names (the limits changed since the lookup)", async () => {
    const { user, modal } = await openWithdraw({ 'GET /api/wallet': wallet(60_000), 'POST /api/wallet/withdrawAll': [400, { message: 'WITHDRAW_MAXIMUM', limit: 20000 }] })
    await within(modal).findByText(text('withdraw.enterAmount'))
    await user.type(within(modal).getByLabelText(text('withdraw.amount')), '30000')
    await user.click(within(modal).getByRole('button', { name: text('withdraw.next') }))
    await user.click(within(modal).getByRole('button', { name: text('withdraw.confirm') }))
    const alert = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(alert).toHaveTextContent(text('errors.WITHDRAW_MAXIMUM', { limit: '20,000.00' }))
  })

  it('states the active-bonus rule before the player confirms, then sends withdrawAll once', async () => {
    const { user, calls, modal } = await openWithdraw({
      'POST /api/wallet/withdrawAll': { message: 'SUCCESS', withdrawal: { id: '1', amount: 300, currency: 'THB', status: 'requested', createdAt: '2026-01-01T00:00:00Z', destination: { bankCode: 'KBANK', bankAccountName: 'DEMO PLAYER', bankAccountNo: '1234567890' } }, wallet: { amount: 700.25, currency: 'THB' } },
    })
    await within(modal).findByText(text('withdraw.enterAmount'))
    await user.type(within(modal).getByLabelText(text('withdraw.amount')), '300')
    await user.click(within(modal).getByRole('button', { name: text('withdraw.next') }))
    expect(within(modal).getByText(text('withdraw.bonusRule'))).toBeVisible()
    await user.dblClick(within(modal).getByRole('button', { name: text('withdraw.confirm') }))
    expect(await screen.findByText(text('withdraw.success'))).toBeVisible()
    expect(posts(calls, '/api/wallet/withdrawAll').map((call) => call.body)).toEqual([{ amount: 300 }])
  })

  it('asks for the English account name before copying it for KTB, then copies the new name', async () => {
    const thaiName = { ...wallet(), bankAccount: { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี', bankAccountNo: '1234567890', bank: { nameTH: 'กรุงไทย', nameEN: 'Krungthai' } } }
    const { user, calls, modal } = await openWithdraw({ 'GET /api/wallet': thaiName, 'PUT /api/account/bankAccountName': { message: 'OK' } })
    await user.click(within(modal).getByRole('button', { name: text('withdraw.copyName') }))
    const nameModal = await dialog(text('withdraw.nameTitle'))
    const field = within(nameModal).getByLabelText(text('withdraw.nameLabel'))
    await user.type(field, 'สมชาย')
    await user.click(within(nameModal).getByRole('button', { name: text('withdraw.nameSave') }))
    expect(within(nameModal).getByText(text('validation.requiredEngLang'))).toBeVisible()
    await user.clear(field)
    await user.type(field, 'somchai jaidee')
    expect(field).toHaveValue('SOMCHAI JAIDEE')
    await user.click(within(nameModal).getByRole('button', { name: text('withdraw.nameSave') }))
    expect(await screen.findByText(text('common.copied', { text: 'SOMCHAI JAIDEE' }))).toBeVisible()
    expect(await navigator.clipboard.readText()).toBe('SOMCHAI JAIDEE')
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: text('withdraw.nameTitle') })).toBeNull())
  })
})

describe('deposit', () => {
  const lookup = {
    isManual: false,
    banks: [
      { bankCode: 'KBANK', bankType: 'AUTO', mode: 'AUTO', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' }, bankAccountName: 'WALLET CO', bankAccountNo: '0481234567', currency: 'THB' },
      { bankCode: 'KBANK', bankType: 'QR', mode: 'QR', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' }, bankAccountName: 'WALLET CO', bankAccountNo: '0481234568', currency: 'THB' },
      { bankCode: 'WW', bankType: 'WW', mode: 'QR', bank: { nameTH: 'WW', nameEN: 'WW' }, bankAccountName: 'WW', bankAccountNo: '1', currency: 'THB' },
    ],
    wallets: [{ walletAccountName: 'GIFT', mode: 'LINK' }],
  }
  const none = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: 0, message: '' }
  const openDeposit = async (api: Routes = {}) => {
    const screenApi = await home({ 'GET /api/lookup/deposit': lookup, 'GET /api/lookup/slip': { isOpen: true, closedFrom: '23:00', closedTo: '00:30' }, 'GET /api/qrcode/KBANK': none, 'GET /api/qrcode/WW': none, ...api })
    await screenApi.user.click(await actions().findByRole('button', { name: text('home.deposit') }))
    return { ...screenApi, modal: await dialog(text('deposit.title')) }
  }

  it('reads the wallet again when the deposit modal closes (a deposit may have been credited meanwhile)', async () => {
    let balance = 1000.25
    const { user, calls, modal } = await openDeposit({ 'GET /api/wallet': () => wallet(balance) })
    await within(modal).findByText('KASIKORNBANK')
    const reads = () => calls.filter((call) => call.method === 'GET' && call.url === '/api/wallet').length
    const before = reads()
    balance = 1300.25
    await user.click(within(modal).getByRole('button', { name: text('common.close') }))
    await waitFor(() => expect(reads()).toBe(before + 1))
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent(money(1300.25))
  })

  it('lists the automatic bank with its name upper-cased, the QR providers and the gift link', async () => {
    const { modal } = await openDeposit()
    expect(await within(modal).findByText('KASIKORNBANK')).toBeVisible()
    expect(within(modal).getByText('048-123-4567')).toBeVisible()
    expect(within(modal).getByRole('tab', { name: text('deposit.qrTab.KBANK') })).toBeVisible()
    expect(within(modal).getByRole('tab', { name: text('deposit.qrTab.WW') })).toBeVisible()
    expect(within(modal).getByRole('tab', { name: text('deposit.tabGift') })).toBeVisible()
    expect(await within(modal).findByText(text('deposit.slipWindow', { from: '23:00', to: '00:30' }))).toBeVisible()
  })

  it('creates a KBANK QR from the sanitized SVG, counts down, and cancels it', async () => {
    const qr = { qrcodeId: 'qr1', hasQrcode: true, qrcode: '<svg viewBox="0 0 10 10"><path d="M0 0h10v10H0z"/><script>alert(1)</script></svg>', amount: 100, expireIn: 600, message: '' }
    let state: unknown = none
    const { user, calls, modal, platform } = await openDeposit({
      'GET /api/qrcode/KBANK': () => state,
      'POST /api/qrcode/KBANK': () => {
        state = qr
        return qr
      },
      'DELETE /api/qrcode/qr1': () => {
        state = none
        return { message: 'OK' }
      },
    })
    await user.click(await within(modal).findByRole('tab', { name: text('deposit.qrTab.KBANK') }))
    const create = await within(modal).findByRole('button', { name: text('deposit.qrCreate') })
    expect(create).toRefusePresses()
    await user.click(within(modal).getByRole('button', { name: money(100) }))
    await user.click(create)
    const code = await within(modal).findByRole('img', { name: text('deposit.qrLabel') })
    await waitFor(() => expect(code.querySelector('path')).not.toBeNull())
    expect(code.innerHTML).not.toContain('script')
    expect(within(modal).getByTestId('qr-countdown')).toHaveTextContent(/^(10:00|09:5\d)$/)
    expect(posts(calls, '/api/qrcode/KBANK')[0].headers['Idempotency-Key']).toBeTruthy()
    // Telegram asks before closing while the QR waits to be paid, and stops asking once it is gone.
    await waitFor(() => expect(platform.setClosingConfirmation).toHaveBeenLastCalledWith(true))
    await user.click(within(modal).getByRole('button', { name: text('deposit.qrCancel') }))
    await waitFor(() => expect(platform.setClosingConfirmation).toHaveBeenLastCalledWith(false))
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/qrcode/qr1')).toBe(true))
    expect(await within(modal).findByRole('button', { name: text('deposit.qrCreate') })).toBeVisible()
  })

  it('says the WW minimum with its amount and sends nothing below it', async () => {
    const { user, calls, modal } = await openDeposit()
    await user.click(await within(modal).findByRole('tab', { name: text('deposit.qrTab.WW') }))
    await user.type(await within(modal).findByLabelText(text('deposit.amount')), '99')
    await user.click(within(modal).getByRole('button', { name: text('deposit.qrCreate') }))
    expect(within(modal).getByText(text('wallet.qrMin', { min: '฿100.00' }))).toBeVisible()
    expect(posts(calls, '/api/qrcode/WW')).toEqual([])
  })

  it('sends the gift link encrypted with the configured secret; send is off while empty', async () => {
    const { user, calls, modal } = await openDeposit({ 'POST /api/wallet/truelink': { createdAt: '2026-01-01T00:00:00Z', amount: 0, status: 'PROCESSING', note: null, link: 'https://gift…', reference: 'r1' } })
    await user.click(await within(modal).findByRole('tab', { name: text('deposit.tabGift') }))
    const send = within(modal).getByRole('button', { name: text('deposit.giftSend') })
    expect(send).toRefusePresses()
    await user.type(within(modal).getByLabelText(text('deposit.giftLabel')), 'https://gift.truemoney.com/campaign/?v=abc123def456')
    await user.click(send)
    expect(await screen.findByText(text('deposit.giftSent'))).toBeVisible()
    const body = posts(calls, '/api/wallet/truelink')[0].body as { link: string }
    expect(body.link).not.toContain('truemoney')
    expect(AES.decrypt(body.link, 'test-truelink-secret').toString(Utf8)).toBe('https://gift.truemoney.com/campaign/?v=abc123def456')
  })
})

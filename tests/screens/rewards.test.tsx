// Invite and refund from home (spec 2 "Home", "Invite and refund modals", spec 4 "Refund", spec 7
// "Invite and refund", spec 9 page size): banners first when any exist, the lists of 10 a page,
// the refund waiting and receiving it, against a faked API.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { WalletResponse } from '../../contract'
import { HomeScreen } from '../../src/app/home'
import { formatDate } from '../../src/lib/dates'
import { formatMoney } from '../../contract/lib/money'
import { qrPath } from '../../contract/lib/qrPath'
import { operatorOnly, renderScreen, text, type Call, type Routes } from '../renderScreen'
import { LONG_TIMEOUT_MS, TIMEOUT_MS } from '../../src/api/http'

const wallet = (amount = 500): WalletResponse => ({
  profile: { _id: 'ab12', name: 'Somchai', username: '0812345678', coin: 0 },
  bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } },
  wallet: { amount, currency: 'THB' },
  invite: { amount: 0, success: 1, fail: 2 },
  slots: [],
})

const home = (api: Routes = {}) =>
  renderScreen(<HomeScreen />, {
    path: '/user/home',
    config: { idempotencyKeys: true },
    setup: () => localStorage.setItem('remember-agreement', 'true'),
    api: {
      'GET /api/wallet': wallet(),
      'GET /api/lookup/active': { isActive: false, terminated: false },
      'GET /api/invite/banners': [],
      'GET /api/refund/banners': [],
      ...api,
    },
  })

const money = (amount: number) => formatMoney(amount, 'en', 'THB')
const actions = () => within(screen.getByRole('navigation', { name: text('home.actions') }))
const count = (calls: Call[], method: string, url: string) => calls.filter((call) => call.method === method && call.url === url).length
const friends = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ from: { name: `Friend ${from + i}` }, amount: 5, createdAt: '2026-11-20T03:04:05.000Z' }))

describe('badges on home (issue 18)', () => {
  it('marks invite and refund when something waits there, and neither when nothing does', async () => {
    await home({
      'GET /api/wallet': { ...wallet(), invite: { amount: 5, success: 1, fail: 0 } },
      'GET /api/refund/check': { result: true, bonus: false, info: null, refundAmount: 12, refundSuccess: 0, refundFail: 0 },
    })
    await waitFor(() => expect(actions().getByRole('button', { name: text('home.refund') })).toHaveAccessibleDescription(text('home.waiting')))
    expect(actions().getByRole('button', { name: text('home.invite') })).toHaveAccessibleDescription(text('home.waiting'))
  })

  it('shows no badge when nothing waits', async () => {
    await home({ 'GET /api/refund/check': { result: false, bonus: false, info: null, refundAmount: 0, refundSuccess: 0, refundFail: 0 } })
    const refund = await actions().findByRole('button', { name: text('home.refund') })
    expect(refund).toHaveAccessibleDescription('')
    expect(actions().getByRole('button', { name: text('home.invite') })).toHaveAccessibleDescription('')
  })
})

describe('invite', () => {
  it('shows the banners first, then the invite modal with the code, the share button and the friends, 10 a page', async () => {
    const { user, calls, platform } = await home({
      'GET /api/invite/banners': [{ image: '/banners/invite.svg', html: '<p>Bring <b>friends</b><img src=x onerror="alert(1)"></p>' }],
      'POST /api/invite': (call: Call) => {
        const { page } = call.body as { page: number; limit: number }
        expect(call.body).toMatchObject({ limit: 10 })
        return { invites: page === 1 ? friends(1, 10) : friends(11, 2), type: 'member', isXArea: false }
      },
    })
    await user.click(await actions().findByRole('button', { name: text('home.invite') }))
    const banners = await screen.findByRole('dialog', { name: text('home.invite') })
    // The banner's html shows once DOMPurify has arrived (its own chunk).
    expect(await within(banners).findByText('friends')).toBeVisible()
    // The banner's html is sanitized: the handler is gone.
    expect(banners.querySelector('[onerror]')).toBeNull()
    expect(count(calls, 'POST', '/api/invite')).toBe(0)
    await user.click(within(banners).getByRole('button', { name: text('rewards.continue') }))

    const modal = await screen.findByRole('dialog', { name: text('home.inviteTitle') })
    expect(within(modal).getByText('PRab12')).toBeVisible()
    // The QR shows the same link the share sends (qrPath's codes scan back: tests/server/promptpay.test.ts).
    const qr = within(modal).getByRole('img', { name: text('home.inviteQrLabel') })
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(platform.inviteUrl('PRab12')).d)
    expect(platform.inviteUrl('PRab12')).toContain('code=PRab12')
    expect(await within(modal).findByText('Friend 1')).toBeVisible()
    expect(within(modal).getAllByText(money(5))).toHaveLength(10)
    expect(within(modal).getAllByText(formatDate('2026-11-20T03:04:05.000Z', 'en'))).toHaveLength(10)
    await user.click(within(modal).getByRole('button', { name: text('rewards.nextPage') }))
    expect(await within(modal).findByText('Friend 12')).toBeVisible()
    expect(within(modal).getByText(text('rewards.page', { page: 2 }))).toBeVisible()
    // The last page is short: no next one, and the step that found the end gives the focus to the
    // other step, not to the page.
    expect(within(modal).getByRole('button', { name: text('rewards.nextPage') })).toRefusePresses()
    expect(within(modal).getByRole('button', { name: text('rewards.previousPage') })).toHaveFocus()
    // Back to page 1: Previous ends the book there, so Next takes the focus.
    await user.click(within(modal).getByRole('button', { name: text('rewards.previousPage') }))
    expect(await within(modal).findByText('Friend 1')).toBeVisible()
    expect(within(modal).getByText(text('rewards.page', { page: 1 }))).toBeVisible()
    await waitFor(() => expect(within(modal).getByRole('button', { name: text('rewards.nextPage') })).toHaveFocus())

    await user.click(within(modal).getByRole('button', { name: text('home.share') }))
    expect(platform.share).toHaveBeenCalledWith(text('home.inviteText', { code: 'PRab12' }), expect.stringContaining('code=PRab12'))
  })

  it('opens the modal directly without banners, says when no friend has joined, and reads a sparse answer', async () => {
    const { user } = await home({ 'POST /api/invite': operatorOnly({}, 'an operator may leave out the list and its fields') })
    await user.click(await actions().findByRole('button', { name: text('home.invite') }))
    const modal = await screen.findByRole('dialog', { name: text('home.inviteTitle') })
    expect(await within(modal).findByText(text('rewards.noInvites'))).toBeVisible()
    expect(within(modal).queryByRole('navigation')).toBeNull()
  })

  it.each([
    ['member', false],
    ['turnover', true],
  ])('offers collect only for type turnover outside an X area (type %s, isXArea %s)', async (type, isXArea) => {
    const { user } = await home({ 'POST /api/invite': { invites: friends(1, 1), type, isXArea } })
    await user.click(await actions().findByRole('button', { name: text('home.invite') }))
    const modal = await screen.findByRole('dialog', { name: text('home.inviteTitle') })
    expect(await within(modal).findByText('Friend 1')).toBeVisible()
    expect(within(modal).queryByRole('button', { name: text('rewards.inviteCollect') })).toBeNull()
  })

  it('offers no collect before a friend has joined, where it could only be refused (issue 51 §5)', async () => {
    const { user } = await home({ 'POST /api/invite': { invites: [], type: 'turnover', isXArea: false } })
    await user.click(await actions().findByRole('button', { name: text('home.invite') }))
    const modal = await screen.findByRole('dialog', { name: text('home.inviteTitle') })
    expect(await within(modal).findByText(text('rewards.noInvites'))).toBeVisible()
    expect(within(modal).queryByRole('button', { name: text('rewards.inviteCollect') })).toBeNull()
  })

  it("collects the friends' play once per tap, then closing the modal reads the wallet again", async () => {
    let answer: () => void = () => {}
    const { user, calls } = await home({
      'POST /api/invite': { invites: friends(1, 1), type: 'turnover', isXArea: false },
      'GET /api/invite/collect': (call: Call) => {
        expect(call.headers['Idempotency-Key']).toEqual(expect.any(String))
        return new Promise((resolve) => { answer = () => resolve({ message: 'SUCCESS' }) })
      },
    })
    await user.click(await actions().findByRole('button', { name: text('home.invite') }))
    const modal = await screen.findByRole('dialog', { name: text('home.inviteTitle') })
    const collect = await within(modal).findByRole('button', { name: text('rewards.inviteCollect') })
    await user.click(collect)
    await user.click(collect)
    await waitFor(() => expect(count(calls, 'GET', '/api/invite/collect')).toBe(1))
    // Spec 9: the collect may take up to 5 minutes, where a call's bound is a minute.
    expect(calls.find((call) => call.url === '/api/invite/collect')?.timeout).toBe(LONG_TIMEOUT_MS)
    expect(calls.find((call) => call.url === '/api/invite')?.timeout).toBe(TIMEOUT_MS)
    expect([TIMEOUT_MS, LONG_TIMEOUT_MS]).toEqual([60_000, 300_000])
    answer()
    expect((await screen.findAllByText(text('rewards.inviteCollectDone')))[0]).toBeInTheDocument()
    expect(count(calls, 'GET', '/api/invite/collect')).toBe(1)
    const walletReads = count(calls, 'GET', '/api/wallet')
    await user.click(within(modal.querySelector('header') as HTMLElement).getByRole('button', { name: text('common.close') }))
    await waitFor(() => expect(count(calls, 'GET', '/api/wallet')).toBe(walletReads + 1))
  })

  it("says in the modal, not in a toast, that the friends have not played yet; a new tap clears it", async () => {
    let refuse = true
    const { user } = await home({
      'POST /api/invite': { invites: friends(1, 1), type: 'turnover', isXArea: false },
      'GET /api/invite/collect': () => (refuse ? [400, { message: 'NO_INVITEE_PLAY_INFO' }] : { message: 'SUCCESS' }),
    })
    await user.click(await actions().findByRole('button', { name: text('home.invite') }))
    const modal = await screen.findByRole('dialog', { name: text('home.inviteTitle') })
    await user.click(await within(modal).findByRole('button', { name: text('rewards.inviteCollect') }))
    expect(await within(modal).findByRole('status')).toHaveTextContent(text('errors.NO_INVITEE_PLAY_INFO'))
    expect(screen.getAllByText(text('errors.NO_INVITEE_PLAY_INFO'))).toHaveLength(1)
    refuse = false
    await user.click(within(modal).getByRole('button', { name: text('rewards.inviteCollect') }))
    expect((await screen.findAllByText(text('rewards.inviteCollectDone')))[0]).toBeInTheDocument()
    expect(within(modal).queryByText(text('errors.NO_INVITEE_PLAY_INFO'))).toBeNull()
  })

  it('still opens the modal when the banners cannot be read, and offers a retry when the list fails', async () => {
    let fail = true
    const { user } = await home({
      'GET /api/invite/banners': [500, { message: 'INTERNAL_SERVER_ERROR' }],
      'POST /api/invite': () => (fail ? [500, { message: 'INTERNAL_SERVER_ERROR' }] : { invites: friends(1, 1), type: 'member', isXArea: false }),
    })
    await user.click(await actions().findByRole('button', { name: text('home.invite') }))
    const modal = await screen.findByRole('dialog', { name: text('home.inviteTitle') })
    const retry = await within(modal).findByRole('button', { name: text('common.retry') })
    fail = false
    await user.click(retry)
    expect(await within(modal).findByText('Friend 1')).toBeVisible()
  })
})

describe('refund', () => {
  const check = (over: Record<string, unknown> = {}) => ({ result: true, bonus: false, info: null, refundAmount: 42.5, refundSuccess: 1, refundFail: 0, ...over })

  it.each([
    [{ percent: 5, period: 'week' }, '5'],
    [{ percent: 0.5, period: 'day' }, '0.5'],
  ])('says the operator\'s rate and period (%o)', async (rate, percent) => {
    const { user } = await home({ 'GET /api/refund/check': check({ rate }) })
    await user.click(await actions().findByRole('button', { name: text('home.refund') }))
    const modal = await screen.findByRole('dialog', { name: text('rewards.refundTitle') })
    expect(await within(modal).findByText(text('rewards.refundRate', { percent, period: text(`rewards.refundPeriod.${rate.period}`) }))).toBeVisible()
  })

  it.each([undefined, { percent: 0, period: 'week' }, { percent: 5, period: 'fortnight' }])('says no rate it cannot state (%o)', async (rate) => {
    const { user } = await home({ 'GET /api/refund/check': check(rate ? { rate } : {}) })
    await user.click(await actions().findByRole('button', { name: text('home.refund') }))
    const modal = await screen.findByRole('dialog', { name: text('rewards.refundTitle') })
    await waitFor(() => expect(within(modal).getByTestId('refund-amount')).toHaveTextContent(money(42.5)))
    expect(modal.querySelector('.refund-card__rate')).toBeNull()
  })

  it('shows the refund waiting, receives it once into the wallet, and home reads the wallet again after closing', async () => {
    let received = false
    // The receive is answered when the test lets it: the second tap lands while it is pending.
    let answerReceive!: () => void
    const receiveHeld = new Promise<void>((resolve) => {
      answerReceive = resolve
    })
    const { user, calls } = await home({
      'GET /api/refund/check': () => check(received ? { refundAmount: 0, refundSuccess: 2 } : {}),
      'POST /api/refund': () => ({ refunds: received ? [{ refundAmount: 42.5, createdAt: '2026-11-22T00:00:00.000Z' }] : [] }),
      'GET /api/refund/receive': async () => {
        await receiveHeld
        received = true
        return { message: 'REFUND_SUCCESS' }
      },
    })
    await user.click(await actions().findByRole('button', { name: text('home.refund') }))
    const modal = await screen.findByRole('dialog', { name: text('rewards.refundTitle') })
    await waitFor(() => expect(within(modal).getByTestId('refund-amount')).toHaveTextContent(money(42.5)))
    // The past refunds are a read of their own, which may answer after the amount.
    expect(await within(modal).findByText(text('rewards.noRefunds'))).toBeVisible()

    const receive = within(modal).getByRole('button', { name: text('rewards.refundReceive') })
    await user.dblClick(receive)
    answerReceive()
    expect(await screen.findByText(text('rewards.refundReceived'))).toBeVisible()
    expect(count(calls, 'GET', '/api/refund/receive')).toBe(1)
    const [call] = calls.filter((c) => c.url === '/api/refund/receive')
    expect(call.headers['Idempotency-Key']).toEqual(expect.any(String))
    await waitFor(() => expect(within(modal).getByTestId('refund-amount')).toHaveTextContent(money(0)))
    expect(await within(modal).findByText(money(42.5))).toBeVisible()

    const walletReads = count(calls, 'GET', '/api/wallet')
    await user.click(within(modal).getAllByRole('button', { name: text('common.close') })[0])
    await waitFor(() => expect(count(calls, 'GET', '/api/wallet')).toBe(walletReads + 1))
  })

  it('shows the operator\'s words on the refund, sanitized, and how many receives a held bonus refused', async () => {
    const info = '<p>Cashback every <b>Monday</b><img src=x onerror="window.__pwned=1"></p>'
    const { user } = await home({ 'GET /api/refund/check': check({ info, refundSuccess: 3, refundFail: 2 }), 'POST /api/refund': { refunds: [] } })
    await user.click(await actions().findByRole('button', { name: text('home.refund') }))
    const modal = await screen.findByRole('dialog', { name: text('rewards.refundTitle') })
    expect(await within(modal).findByText('Monday')).toBeVisible()
    expect(modal.querySelector('.refund-info img')?.getAttribute('onerror')).toBeFalsy()
    expect(within(modal).getByText(text('rewards.refundCounts', { success: 3 }))).toBeVisible()
    expect(within(modal).getByText(text('rewards.refundRefused', { fail: 2 }))).toBeVisible()
  })

  it('says nothing of refusals or rules the server did not give', async () => {
    const { user } = await home({ 'GET /api/refund/check': check(), 'POST /api/refund': { refunds: [] } })
    await user.click(await actions().findByRole('button', { name: text('home.refund') }))
    const modal = await screen.findByRole('dialog', { name: text('rewards.refundTitle') })
    await waitFor(() => expect(within(modal).getByTestId('refund-amount')).toHaveTextContent(money(42.5)))
    expect(within(modal).queryByText(text('rewards.refundRefused', { fail: 0 }))).toBeNull()
    expect(modal.querySelector('.refund-info')).toBeNull()
  })

  it('offers no receive while nothing waits, and says how cashback comes instead (issue 51 §5)', async () => {
    const { user, calls } = await home({ 'GET /api/refund/check': check({ refundAmount: 0 }), 'POST /api/refund': { refunds: [] } })
    await user.click(await actions().findByRole('button', { name: text('home.refund') }))
    const modal = await screen.findByRole('dialog', { name: text('rewards.refundTitle') })
    await waitFor(() => expect(within(modal).getByTestId('refund-amount')).toHaveTextContent(money(0)))
    expect(within(modal).getByRole('note')).toHaveTextContent(text('rewards.refundNothingYet'))
    expect(within(modal).queryByRole('button', { name: text('rewards.refundReceive') })).toBeNull()
    expect(count(calls, 'GET', '/api/refund/receive')).toBe(0)
  })

  it('says when the next cashback comes when the server says it (issue 51 §5)', async () => {
    // A calendar day of the operator's: the same day whatever the device's zone.
    const rate = { percent: 5, period: 'week', nextOn: '2026-12-08' }
    const { user } = await home({ 'GET /api/refund/check': check({ refundAmount: 0, rate }), 'POST /api/refund': { refunds: [] } })
    await user.click(await actions().findByRole('button', { name: text('home.refund') }))
    const modal = await screen.findByRole('dialog', { name: text('rewards.refundTitle') })
    await waitFor(() => expect(within(modal).getByRole('note')).toHaveTextContent(text('rewards.refundNothingUntil', { date: '8 December' })))
    expect(within(modal).queryByRole('button', { name: text('rewards.refundReceive') })).toBeNull()
  })

  it('says how cashback comes when the next date is not a date', async () => {
    const { user } = await home({ 'GET /api/refund/check': check({ refundAmount: 0, rate: { percent: 5, period: 'week', nextOn: '2026-02-30' } }), 'POST /api/refund': { refunds: [] } })
    await user.click(await actions().findByRole('button', { name: text('home.refund') }))
    const modal = await screen.findByRole('dialog', { name: text('rewards.refundTitle') })
    await waitFor(() => expect(within(modal).getByRole('note')).toHaveTextContent(text('rewards.refundNothingYet')))
  })

  it('keeps receive disabled, without the note, while the check is read', async () => {
    const { user } = await home({ 'GET /api/refund/check': () => new Promise(() => {}), 'POST /api/refund': { refunds: [] } })
    await user.click(await actions().findByRole('button', { name: text('home.refund') }))
    const modal = await screen.findByRole('dialog', { name: text('rewards.refundTitle') })
    expect(within(modal).getByRole('button', { name: text('rewards.refundReceive') })).toRefusePresses()
    expect(within(modal).queryByText(text('rewards.refundNothingYet'))).toBeNull()
  })

  it('disables receive with a warning while a bonus is held (spec 4)', async () => {
    const { user, calls } = await home({ 'GET /api/refund/check': check({ bonus: true }), 'POST /api/refund': { refunds: [] } })
    await user.click(await actions().findByRole('button', { name: text('home.refund') }))
    const modal = await screen.findByRole('dialog', { name: text('rewards.refundTitle') })
    expect(await within(modal).findByText(text('rewards.refundBonusHeld'))).toBeVisible()
    expect(within(modal).getByRole('button', { name: text('rewards.refundReceive') })).toRefusePresses()
    expect(count(calls, 'GET', '/api/refund/receive')).toBe(0)
  })

  it('says a refusal in the player\'s words and keeps the wallet as it was', async () => {
    const { user, calls, settled } = await home({
      'GET /api/refund/check': check({ refundAmount: 0.5, result: false }),
      'POST /api/refund': { refunds: [] },
      'GET /api/refund/receive': [400, { message: 'refund_minimum' }],
    })
    await user.click(await actions().findByRole('button', { name: text('home.refund') }))
    const modal = await screen.findByRole('dialog', { name: text('rewards.refundTitle') })
    const walletReads = count(calls, 'GET', '/api/wallet')
    await user.click(await within(modal).findByRole('button', { name: text('rewards.refundReceive') }))
    expect(await screen.findByText(text('errors.REFUND_MINIMUM'))).toBeVisible()
    await user.click(within(modal).getAllByRole('button', { name: text('common.close') })[0])
    // Closing after a receive reads the wallet again (the first test): here, once every read the
    // close could have set off is answered, none was the wallet's.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: text('rewards.refundTitle') })).toBeNull())
    await settled()
    expect(count(calls, 'GET', '/api/wallet')).toBe(walletReads)
  })
})

// The bonus page (spec 2 "Bonus", spec 4 "Bonus card", spec 5 promo code, spec 8 bonus errors)
// against a faked API: the cards in their states, receiving one, the bonus held and cancelling it
// behind the rules, and a promotion code searched and received.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BonusItem } from '../../contract'
import type { WalletResponse } from '../../contract'
import { BonusPage } from '../../src/features/bonus/BonusPage'
import { renderScreen, text, type Call, type Routes } from '../renderScreen'

const wallet: WalletResponse = {
  profile: { _id: 'ab12', name: 'Somchai', username: '0812345678', coin: 0 },
  bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } },
  wallet: { amount: 500, currency: 'THB' },
  invite: { amount: 0, success: 0, fail: 0 },
  slots: [],
}

const card = (code: string, overrides: Partial<BonusItem> = {}): BonusItem => ({
  code, name: `${code} bonus`, type: 'limit', maxReceived: 1, percentFail: 10, percent: 100, maxBonus: 500, turnover: 3,
  banners: [{ image: `/banners/${code}.svg`, html: '<p>Read <b>this</b><img src=x onerror="alert(1)"></p>' }], userBonus: null, ...overrides,
})
const now = new Date().toISOString()
/** The operator's notice (spec 7 lookup) with its placeholder. */
const NOTICE = 'Cancel only below {percentFail}% of deposit plus bonus. {percentFail}% is the threshold.'
const notHeld = { status: false, type: null }

const bonusPage = (api: Routes = {}) =>
  renderScreen(<BonusPage />, {
    path: '/user/bonus',
    config: { idempotencyKeys: true },
    api: {
      'GET /api/wallet': wallet,
      'GET /api/bonus/check/active': notHeld,
      'GET /api/lookup/notice': { notice: NOTICE },
      'GET /api/bonus': [card('OPEN'), card('TODAY', { type: 'day', userBonus: { _id: '7', isActive: false, received: [{ updatedAt: now }] } })],
      ...api,
    },
  })

const count = (calls: Call[], method: string, url: string) => calls.filter((call) => call.method === method && call.url === url).length
const cardButton = (name: string) => screen.findByRole('button', { name: new RegExp(`^${name} bonus`) })

describe('the bonus cards', () => {
  it('shows each in its state: clickable, received this period (not clickable), current', async () => {
    await bonusPage({
      'GET /api/bonus': [
        card('OPEN'),
        card('TODAY', { type: 'day', userBonus: { _id: '7', isActive: false, received: [{ updatedAt: now }] } }),
        card('OLD', { type: 'day', userBonus: { _id: '8', isActive: false, received: [{ updatedAt: '2020-01-01T00:00:00.000Z' }] } }),
        card('MINE', { type: 'week', maxReceived: 2, userBonus: { _id: '9', isActive: true, received: [{ updatedAt: now }] } }),
      ],
    })
    expect(await cardButton('OPEN')).not.toRefusePresses()
    expect(await cardButton('OPEN')).toHaveTextContent(text('bonus.limit.limit', { count: 1 }))
    expect(await cardButton('TODAY')).toRefusePresses()
    expect(await cardButton('TODAY')).toHaveTextContent(text('bonus.received'))
    // Received on another day: a day bonus is clickable again.
    expect(await cardButton('OLD')).not.toRefusePresses()
    expect(await cardButton('MINE')).toHaveTextContent(text('bonus.current'))
    expect(await cardButton('MINE')).not.toRefusePresses()
    // The first banner is the card's picture.
    expect((await cardButton('OPEN')).querySelector('img')?.getAttribute('src')).toBe('/banners/OPEN.svg')
  })

  it('opens a card: its banners (sanitized), the notice with percentFail, and receive, which reloads the held bonus and the list', async () => {
    const { user, calls } = await bonusPage({
      'GET /api/bonus/activate/OPEN': (call: Call) => {
        expect(call.headers['Idempotency-Key']).toEqual(expect.any(String))
        return { _id: '9', isActive: true, received: [{ updatedAt: now }] }
      },
    })
    await user.click(await cardButton('OPEN'))
    const modal = await screen.findByRole('dialog', { name: 'OPEN bonus' })
    expect(within(modal).getByText('this')).toBeVisible()
    expect(modal.querySelector('[onerror]')).toBeNull()
    // The operator's notice, every placeholder filled with this bonus's percentFail.
    expect(await within(modal).findByText('Cancel only below 10% of deposit plus bonus. 10% is the threshold.')).toBeVisible()
    const lists = count(calls, 'GET', '/api/bonus')
    const checks = count(calls, 'GET', '/api/bonus/check/active')
    const receive = within(modal).getByRole('button', { name: text('bonus.receive') })
    await user.dblClick(receive)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'OPEN bonus' })).toBeNull())
    expect(count(calls, 'GET', '/api/bonus/activate/OPEN')).toBe(1)
    expect(await screen.findByText(text('bonus.receivedToast', { name: 'OPEN bonus' }))).toBeVisible()
    await waitFor(() => expect(count(calls, 'GET', '/api/bonus')).toBe(lists + 1))
    expect(count(calls, 'GET', '/api/bonus/check/active')).toBe(checks + 1)
  })

  it("states the app's own notice when the operator's cannot be read", async () => {
    const { user } = await bonusPage({ 'GET /api/lookup/notice': [500, { message: 'INTERNAL_SERVER_ERROR' }] })
    await user.click(await cardButton('OPEN'))
    const modal = await screen.findByRole('dialog', { name: 'OPEN bonus' })
    expect(await within(modal).findByText(text('bonus.notice', { percentFail: 10 }))).toBeVisible()
  })

  it('says why a bonus cannot be received in an alert, and keeps the modal', async () => {
    const { user } = await bonusPage({ 'GET /api/bonus/activate/OPEN': [400, { message: 'BONUS_MAX_CLAIMED' }] })
    await user.click(await cardButton('OPEN'))
    const modal = await screen.findByRole('dialog', { name: 'OPEN bonus' })
    await user.click(within(modal).getByRole('button', { name: text('bonus.receive') }))
    const alert = await screen.findByRole('alertdialog')
    expect(alert).toHaveTextContent(text('errors.BONUS_MAX_CLAIMED'))
    await user.click(within(alert).getByRole('button', { name: text('errorDialog.ok') }))
    expect(screen.getByRole('dialog', { name: 'OPEN bonus' })).toBeVisible()
  })

  it('says when there are none', async () => {
    await bonusPage({ 'GET /api/bonus': [] })
    expect(await screen.findByText(text('bonus.noCards'))).toBeVisible()
  })
})

describe('the bonus held', () => {
  const held = { status: true, type: 'bonus', code: 'OPEN', name: 'OPEN bonus' }

  it('shows it with its kind instead of the promo form; cancelling states the rules first, then reloads', async () => {
    let holding = true
    let answer!: () => void
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    const { user, calls } = await bonusPage({
      'GET /api/bonus/check/active': () => (holding ? held : notHeld),
      'GET /api/bonus/clear': async () => {
        await answered
        holding = false
        return { message: 'BONUS_CLEAR' }
      },
    })
    const box = await screen.findByTestId('bonus-held')
    expect(box).toHaveTextContent('OPEN bonus')
    expect(box).toHaveTextContent(text('bonus.kindBonus'))
    expect(screen.queryByLabelText(text('bonus.promoCode'))).toBeNull()

    await user.click(within(box).getByRole('button', { name: text('bonus.cancel') }))
    const confirm = await screen.findByRole('alertdialog', { name: text('bonus.cancelTitle') })
    expect(confirm).toHaveTextContent(text('bonus.cancelRuleThreshold'))
    expect(confirm).toHaveTextContent(text('bonus.cancelRuleGames'))
    expect(count(calls, 'GET', '/api/bonus/clear')).toBe(0)
    await user.click(within(confirm).getByRole('button', { name: text('bonus.cancelConfirm') }))
    // While it is out, keeping the bonus is no longer on offer: the cancel cannot be taken back.
    await waitFor(() => expect(count(calls, 'GET', '/api/bonus/clear')).toBe(1))
    expect(within(confirm).getByRole('button', { name: text('bonus.cancelKeep') })).toRefusePresses()
    answer()
    expect(await screen.findByText(text('errors.BONUS_CLEAR'))).toBeVisible()
    expect(count(calls, 'GET', '/api/bonus/clear')).toBe(1)
    // Checked again: the form is back.
    expect(await screen.findByLabelText(text('bonus.promoCode'))).toBeVisible()
  })

  it('shows how far its turnover is, in words and as a bar', async () => {
    await bonusPage({ 'GET /api/bonus/check/active': { ...held, turnover: { played: 1250.5, target: 5000 } } })
    const card = await screen.findByTestId('bonus-held')
    const words = text('bonus.turnoverPlayed', { played: '฿1,250.50', target: '฿5,000.00' })
    expect(within(card).getByText(words)).toBeVisible()
    const bar = within(card).getByRole('progressbar', { name: text('bonus.turnover') })
    expect(bar).toHaveAttribute('aria-valuenow', '25')
    expect(bar).toHaveAttribute('aria-valuetext', words)
  })

  it('shows no turnover for a bonus that needs none', async () => {
    await bonusPage({ 'GET /api/bonus/check/active': held })
    expect(await screen.findByTestId('bonus-held')).toBeVisible()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('keeps it and says why on the card, with the balance and what it must be under, when it cannot be cancelled yet', async () => {
    const { user } = await bonusPage({
      'GET /api/bonus/check/active': held,
      'GET /api/bonus/clear': [400, { message: 'BONUS_CONDITION', limit: 150, balance: 1500, currency: 'THB' }],
    })
    await user.click(await screen.findByRole('button', { name: text('bonus.cancel') }))
    await user.click(within(await screen.findByRole('alertdialog', { name: text('bonus.cancelTitle') })).getByRole('button', { name: text('bonus.cancelConfirm') }))
    const card = screen.getByTestId('bonus-held')
    expect(await within(card).findByRole('alert')).toHaveTextContent(text('errors.BONUS_CONDITION_FIGURES', { limit: '฿150.00', balance: '฿1,500.00' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it("says the rule without figures when an operator's API gives none", async () => {
    const { user } = await bonusPage({
      'GET /api/bonus/check/active': held,
      'GET /api/bonus/clear': [400, { message: 'BONUS_CONDITION' }],
    })
    await user.click(await screen.findByRole('button', { name: text('bonus.cancel') }))
    await user.click(within(await screen.findByRole('alertdialog', { name: text('bonus.cancelTitle') })).getByRole('button', { name: text('bonus.cancelConfirm') }))
    expect(await within(screen.getByTestId('bonus-held')).findByRole('alert')).toHaveTextContent(text('errors.BONUS_CONDITION'))
  })

  it.each(['INTERNAL_SERVER_ERROR', 'NO_DATA'])('says any other failure (%s) in a dialog alert (spec 8), and keeps the bonus', async (code) => {
    const { user, calls } = await bonusPage({
      'GET /api/bonus/check/active': held,
      'GET /api/bonus/clear': [code === 'NO_DATA' ? 404 : 500, { message: code }],
    })
    await user.click(await screen.findByRole('button', { name: text('bonus.cancel') }))
    await user.click(within(await screen.findByRole('alertdialog', { name: text('bonus.cancelTitle') })).getByRole('button', { name: text('bonus.cancelConfirm') }))
    const dialog = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(dialog).toHaveTextContent(text(`errors.${code}`))
    expect(calls.filter((call) => call.url === '/api/bonus/clear')).toHaveLength(1)
    expect(within(screen.getByTestId('bonus-held')).queryByRole('alert')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: text('errorDialog.ok') }))
    expect(screen.getByTestId('bonus-held')).toBeVisible()
  })
})

describe('a promotion code', () => {
  it('is required, upper-cased as typed, and found: its description and receive', async () => {
    const { user, calls } = await bonusPage({
      'GET /api/promotion/find/NEWYEAR50': { code: 'NEWYEAR50', percentFail: 20, description: 'Half again, up to 200' },
      'GET /api/promotion/activate/NEWYEAR50': { _id: '3', isActive: true, received: [{ updatedAt: now }] },
    })
    const field = await screen.findByLabelText(text('bonus.promoCode'))
    await user.click(screen.getByRole('button', { name: text('bonus.search') }))
    expect(await screen.findByText(text('validation.required'))).toBeVisible()
    expect(calls.some((call) => call.url.startsWith('/api/promotion'))).toBe(false)

    await user.type(field, 'newyear50')
    expect(field).toHaveValue('NEWYEAR50')
    await user.click(screen.getByRole('button', { name: text('bonus.search') }))
    const modal = await screen.findByRole('dialog', { name: text('bonus.promoModalTitle', { code: 'NEWYEAR50' }) })
    expect(await within(modal).findByText('Half again, up to 200')).toBeVisible()
    expect(await within(modal).findByText('Cancel only below 20% of deposit plus bonus. 20% is the threshold.')).toBeVisible()
    expect(calls.map((call) => call.url)).toContain('/api/promotion/find/NEWYEAR50')
    await user.click(within(modal).getByRole('button', { name: text('bonus.receive') }))
    expect(await screen.findByText(text('bonus.promoReceived', { code: 'NEWYEAR50' }))).toBeVisible()
    expect(count(calls, 'GET', '/api/promotion/activate/NEWYEAR50')).toBe(1)
  })

  it('not found says so, and the typed code stays', async () => {
    const { user } = await bonusPage({ 'GET /api/promotion/find/NOPE': {} })
    const field = await screen.findByLabelText(text('bonus.promoCode'))
    await user.type(field, 'NOPE')
    await user.click(screen.getByRole('button', { name: text('bonus.search') }))
    const modal = await screen.findByRole('dialog', { name: text('bonus.promoModalTitle', { code: 'NOPE' }) })
    expect(await within(modal).findByText(text('bonus.promoNotFound'))).toBeVisible()
    await user.click(within(modal).getByRole('button', { name: text('bonus.ok') }))
    expect(field).toHaveValue('NOPE')
  })

  it('a refused promotion shows its error in an alert', async () => {
    const { user } = await bonusPage({
      'GET /api/promotion/find/NEWYEAR50': { code: 'NEWYEAR50', percentFail: 20, description: 'Half again' },
      'GET /api/promotion/activate/NEWYEAR50': [400, { message: 'PROMOTION_RECEIVED' }],
    })
    await user.type(await screen.findByLabelText(text('bonus.promoCode')), 'NEWYEAR50')
    await user.click(screen.getByRole('button', { name: text('bonus.search') }))
    await user.click(await screen.findByRole('button', { name: text('bonus.receive') }))
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(text('errors.PROMOTION_RECEIVED'))
  })
})

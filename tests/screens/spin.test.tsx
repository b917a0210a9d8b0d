// The spin modal from home (spec 2 "Home", "Spin modal", spec 4 "Spin", spec 9 wheel and coupons)
// against a faked API: shown only while a campaign runs, the wheel lands exactly on the slice the
// server drew, taps are ignored while it turns and at zero coins, the prize popup, the coins read
// again, and the coupons 3 a page claimed behind a confirm.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SpinCoupon } from '../../contract'
import type { WalletResponse } from '../../contract'
import { HomeScreen } from '../../src/app/home'
import { sliceAt } from '../../src/features/spin/wheel'
import { formatMoney } from '../../contract/lib/money'
import { renderScreen, text, type Call, type Routes } from '../renderScreen'

const wallet: WalletResponse = {
  profile: { _id: 'ab12', name: 'Somchai', username: '0812345678', coin: 2 },
  bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } },
  wallet: { amount: 500, currency: 'THB' },
  invite: { amount: 0, success: 0, fail: 0 },
  slots: [],
}
const slices = ['5', '0', '10', '20', '0', '50', '100', '500'].map((label, i) => ({ code: `S${i}`, label, bgColor: '#112233', textColor: '#ffffff' }))
const setup = (coins: number) => ({ result: { activeSpinwheel: { name: 'Lucky wheel', slices }, userCoin: coins } })
const coupon = (id: number, claimed = false, expiresAt = '2099-01-01T00:00:00.000Z'): SpinCoupon => ({
  _id: String(id), prize: { slice: { label: `P${id}` }, name: 'Lucky wheel' }, amount: id, createdAt: '2026-11-20T00:00:00.000Z', expiresAt, claimed,
})

// A short turn: reduced motion (the full turn's frames are tested in tests/unit/wheel.test.ts).
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }))
})
afterEach(() => vi.unstubAllGlobals())

const home = (api: Routes = {}, platform = {}) =>
  renderScreen(<HomeScreen />, {
    path: '/user/home',
    config: { idempotencyKeys: true },
    setup: () => localStorage.setItem('remember-agreement', 'true'),
    platform,
    api: {
      'GET /api/wallet': wallet,
      'GET /api/lookup/active': { isActive: true, terminated: false },
      'GET /api/spinwheel/setup': setup(2),
      'GET /api/spinwheel/coupon': [],
      ...api,
    },
  })

const count = (calls: Call[], method: string, url: string) => calls.filter((call) => call.method === method && call.url === url).length
const openSpin = async (user: Awaited<ReturnType<typeof home>>['user']) => {
  await user.click(await screen.findByRole('button', { name: text('home.spin') }))
  return screen.findByRole('dialog', { name: 'Lucky wheel' })
}
const rotationOf = (modal: HTMLElement) => Number(/rotate\(([-\d.e]+)deg\)/.exec((modal.querySelector('.wheel__disc') as HTMLElement).style.transform)?.[1])

describe('the spin action', () => {
  it('is on home only while a campaign runs', async () => {
    await home({ 'GET /api/lookup/active': { isActive: false, terminated: false } })
    expect(await screen.findByRole('button', { name: text('home.refreshAll') })).toBeVisible()
    expect(screen.queryByRole('button', { name: text('home.spin') })).toBeNull()
  })
})

describe('the wheel\'s name', () => {
  it('is the one the operator gave in the player\'s language, on the wheel and on its coupons', async () => {
    // The screen is in English here.
    const names = { th: 'วงล้อมหาโชค', en: 'Mega wheel' }
    const { user } = await home({
      'GET /api/spinwheel/setup': { result: { activeSpinwheel: { name: 'Lucky wheel', names, slices }, userCoin: 1 } },
      'GET /api/spinwheel/coupon': [{ ...coupon(1), prize: { slice: { label: 'P1' }, name: 'Lucky wheel', names } }, coupon(2)],
    })
    await user.click(await screen.findByRole('button', { name: text('home.spin') }))
    const modal = await screen.findByRole('dialog', { name: 'Mega wheel' })
    expect(await within(modal).findByText(text('spin.couponOf', { prize: 'P1', wheel: 'Mega wheel' }))).toBeVisible()
    // A coupon of a wheel without names keeps the name it came with.
    expect(within(modal).getByText(text('spin.couponOf', { prize: 'P2', wheel: 'Lucky wheel' }))).toBeVisible()
  })
})

describe('a spin', () => {
  it.each([2, 5, 7])('lands exactly on the slice the server drew (slice %i), ignores taps while turning, then shows the prize and the coins left', async (index) => {
    let coins = 2
    let answer: () => void = () => {}
    const setVerticalSwipes = vi.fn()
    const haptic = vi.fn()
    const { user, calls } = await home({
      'GET /api/spinwheel/setup': () => setup(coins),
      'POST /api/spinwheel/spin': (call: Call) => {
        expect(call.headers['Idempotency-Key']).toEqual(expect.any(String))
        return new Promise((resolve) => {
          answer = () => {
            coins -= 1
            resolve({ success: true, error: null, result: { code: `S${index}`, label: slices[index].label, remainingCoin: coins, amount: Number(slices[index].label) } })
          }
        })
      },
    }, { setVerticalSwipes, haptic })
    const modal = await openSpin(user)
    expect(await within(modal).findByText(text('spin.coins', { count: 2 }))).toBeVisible()
    const spin = within(modal).getByRole('button', { name: text('spin.spin') })
    await user.click(spin)
    await user.click(spin)
    await waitFor(() => expect(count(calls, 'POST', '/api/spinwheel/spin')).toBe(1))
    answer()
    const popup = await screen.findByRole('dialog', { name: text('spin.prizeTitle') })
    const amount = Number(slices[index].label)
    expect(popup).toHaveTextContent(amount > 0 ? text('spin.prizeWon', { prize: formatMoney(amount, 'th', 'THB') }) : text('spin.prizeNone'))
    // A win is celebrated: the slice's label on a medal in the slice's colours, the amount large, a
    // second success haptic as the wheel stops (the first was the server's answer); no prize is said plainly.
    const medal = popup.querySelector<HTMLElement>('.prize-win__label')
    if (amount > 0) {
      expect(medal).toHaveTextContent(slices[index].label)
      expect(medal?.style.background).toBe('rgb(17, 34, 51)')
      expect(popup.querySelector('.prize-win__amount')).toHaveTextContent(formatMoney(amount, 'th', 'THB'))
    } else {
      expect(medal).toBeNull()
    }
    expect(haptic.mock.calls).toEqual(amount > 0 ? [['success'], ['success']] : [['success']])
    expect(sliceAt(rotationOf(modal), slices.length)).toBe(index)
    expect(count(calls, 'POST', '/api/spinwheel/spin')).toBe(1)
    // Telegram's swipe-to-close was off while it turned, and is back on.
    expect(setVerticalSwipes.mock.calls).toEqual([[false], [true]])
    await user.click(within(popup).getByRole('button', { name: text('spin.ok') }))
    expect(await within(modal).findByText(text('spin.coins', { count: 1 }))).toBeVisible()
  })

  it('sends nothing at zero coins', async () => {
    const { user, calls } = await home({ 'GET /api/spinwheel/setup': setup(0) })
    const modal = await openSpin(user)
    const spin = await within(modal).findByRole('button', { name: text('spin.spin') })
    expect(spin).toRefusePresses()
    expect(within(modal).getByText(text('spin.noCoins'))).toBeVisible()
    expect(count(calls, 'POST', '/api/spinwheel/spin')).toBe(0)
  })

  it("shows a refusal in the spin error group's words", async () => {
    const { user } = await home({ 'POST /api/spinwheel/spin': [400, { message: 'NO_COIN' }] })
    const modal = await openSpin(user)
    await user.click(await within(modal).findByRole('button', { name: text('spin.spin') }))
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(text('errors.NO_COIN'))
  })
})

describe('the prizes', () => {
  it("list each slice's description, sanitized, when the wheel has any", async () => {
    const described = slices.map((slice, i) => (i === 7 ? { ...slice, htmlDescription: '<p><b>Jackpot</b> of 500<img src=x onerror="alert(1)"></p>' } : slice))
    const { user } = await home({ 'GET /api/spinwheel/setup': { result: { activeSpinwheel: { name: 'Lucky wheel', slices: described }, userCoin: 1 } } })
    const modal = await openSpin(user)
    await user.click(await within(modal).findByText(text('spin.prizes')))
    expect(within(modal).getByText('Jackpot')).toBeVisible()
    expect(modal.querySelector('[onerror]')).toBeNull()
  })

  it('are not listed when no slice has a description', async () => {
    const { user } = await home()
    const modal = await openSpin(user)
    await within(modal).findByText(text('spin.coins', { count: 2 }))
    expect(within(modal).queryByText(text('spin.prizes'))).toBeNull()
  })
})

describe('the coupons', () => {
  it('show 3 a page; claiming one asks first, then names the prize the server booked', async () => {
    let claimed = false
    const { user, calls } = await home({
      'GET /api/spinwheel/coupon': () => [coupon(1, claimed), coupon(2, false, '2020-01-01T00:00:00.000Z'), coupon(3, true), coupon(4)],
      'POST /api/spinwheel/coupon/claim': (call: Call) => {
        expect(call.body).toEqual({ coupon: '1' })
        claimed = true
        return { message: 'SUCCESS', prize: { label: 'P1 booked', amount: 1 } }
      },
    })
    const modal = await openSpin(user)
    const list = await within(modal).findByRole('list')
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(within(list).getByText(text('spin.expired'))).toBeVisible()
    expect(within(list).getByText(text('spin.claimed'))).toBeVisible()
    await user.click(within(modal).getByRole('button', { name: text('rewards.nextPage') }))
    expect(await within(modal).findByText(text('spin.couponOf', { prize: 'P4', wheel: 'Lucky wheel' }))).toBeVisible()
    expect(within(modal).getByRole('navigation', { name: text('spin.coupons') })).toHaveTextContent(text('statement.pageOf', { page: 2, pages: 2 }))
    await user.click(within(modal).getByRole('button', { name: text('rewards.previousPage') }))

    await user.click(within(await within(modal).findByRole('list')).getByRole('button', { name: text('spin.claim') }))
    const confirm = await screen.findByRole('alertdialog', { name: text('spin.claimTitle') })
    const prize = `P1 (${formatMoney(1, 'th', 'THB')})`
    expect(confirm).toHaveTextContent(text('spin.claimText', { prize }))
    expect(count(calls, 'POST', '/api/spinwheel/coupon/claim')).toBe(0)
    await user.click(within(confirm).getByRole('button', { name: text('spin.claimConfirm') }))
    expect((await screen.findAllByText(text('spin.claimSuccess', { prize: `P1 booked (${formatMoney(1, 'th', 'THB')})` })))[0]).toBeInTheDocument()
    expect(count(calls, 'POST', '/api/spinwheel/coupon/claim')).toBe(1)
    await waitFor(() => expect(within(modal).getAllByText(text('spin.claimed'))).toHaveLength(2))
  })

  it.each(['COUPON_EXPIRED', 'BONUS_REMAINING'])("a refused claim (%s) opens an error dialog in the spin group's words; the coupon stays to claim", async (code) => {
    const { user, calls } = await home({
      'GET /api/spinwheel/coupon': [coupon(1)],
      'POST /api/spinwheel/coupon/claim': [400, { message: code }],
    })
    const modal = await openSpin(user)
    await user.click(within(await within(modal).findByRole('list')).getByRole('button', { name: text('spin.claim') }))
    const confirm = await screen.findByRole('alertdialog', { name: text('spin.claimTitle') })
    await user.click(within(confirm).getByRole('button', { name: text('spin.claimConfirm') }))
    const refusal = await screen.findByRole('alertdialog', { name: text('errorDialog.title') })
    expect(refusal).toHaveTextContent(text(`errors.${code}`))
    expect(count(calls, 'POST', '/api/spinwheel/coupon/claim')).toBe(1)
    expect(screen.queryByText(text('spin.claimSuccess', { prize: `P1 (${formatMoney(1, 'th', 'THB')})` }))).toBeNull()
    await user.click(within(refusal).getByRole('button', { name: text('errorDialog.ok') }))
    expect(within(within(modal).getByRole('list')).getByRole('button', { name: text('spin.claim') })).not.toRefusePresses()
  })
})

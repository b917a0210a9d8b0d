// The bell (issue 50): the unread count on the top bar; the list, marked read once on opening (a
// failure waits for the next opening, it is not asked again and again), each event opening its screen.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MemberNotification, Notifications } from '../../contract'
import { useWallet } from '../../src/api/wallet'
import { Bell } from '../../src/features/notifications/Bell'
import { renderScreen, text } from '../renderScreen'

const at = '2025-01-15T05:00:00.000Z'
const CREDITED: MemberNotification = { id: '7', kind: 'deposit_credited', createdAt: at, read: false, currency: 'THB', reference: 'S1', method: 'qrcode', amount: 250, balance: 1250 }
const REFUSED: MemberNotification = { id: '9', kind: 'deposit_refused', createdAt: at, read: false, currency: 'THB', reference: 'SLIP9', method: 'slip', reason: 'DEST_ACC_INVALID' }
const PAID: MemberNotification = { id: '4', kind: 'withdrawal_paid', createdAt: at, read: true, currency: 'THB', reference: '12', amount: 100, bankCode: 'KBANK', bankAccountNo: 'xxxxxx7890', bankReference: 'KB-1' }

const CASHBACK: MemberNotification = { id: '11', kind: 'reward_received', reward: 'cashback', createdAt: at, read: false, currency: 'THB', reference: '31', amount: 12, balance: 1262 }
const BONUS: MemberNotification = { id: '10', kind: 'reward_received', reward: 'bonus', createdAt: at, read: true, currency: 'THB', reference: '30', amount: 500, balance: 1250 }
const ANSWERED: MemberNotification = { id: '12', kind: 'support_answered', createdAt: at, read: false, currency: 'THB', reference: '3', preview: 'Your deposit is on its way' }

const list = (notifications: MemberNotification[]): Notifications => ({ unread: notifications.filter((n) => !n.read).length, notifications })

/** The top bar's bell beside a balance, as on home. */
function WithBalance() {
  const wallet = useWallet()
  return (
    <>
      <Bell />
      <output>{wallet.data ? 'balance' : 'reading'}</output>
    </>
  )
}

const open = (api: Record<string, unknown>) => renderScreen(<Bell />, { path: '/user/home', setup: () => sessionStorage.setItem('token', 'tok'), api })

describe('the bell', () => {
  it('says how many are new, and 99+ beyond', async () => {
    await open({ 'GET /api/notifications': list([REFUSED, CREDITED, PAID]) })
    expect(await screen.findByRole('button', { name: text('notifications.openUnread', { count: 2 }) })).toHaveTextContent('2')
    const many = await open({ 'GET /api/notifications': { unread: 150, notifications: [REFUSED] } })
    expect(await many.findByRole('button', { name: text('notifications.openUnread', { count: 150 }) })).toHaveTextContent('99+')
  })

  it('lists each event with its figures, marks the list read up to the newest once, and keeps the new marks while open', async () => {
    const { user, calls } = await open({ 'GET /api/notifications': list([REFUSED, CREDITED, PAID]), 'POST /api/notifications/read': { unread: 0 } })
    await user.click(await screen.findByRole('button', { name: text('notifications.openUnread', { count: 2 }) }))
    const rows = within(await screen.findByRole('dialog', { name: text('notifications.title') })).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(new RegExp(`^${text('notifications.new')} ${text('notifications.kind.deposit_refused')}.*${text('slipReasons.DEST_ACC_INVALID')}`)),
      expect.stringMatching(new RegExp(`^${text('notifications.new')} ${text('notifications.kind.deposit_credited')}\\+฿250\\.00.*${text('notifications.method.qrcode')}.*฿1,250\\.00`)),
      expect.stringMatching(new RegExp(`^${text('notifications.kind.withdrawal_paid')}−฿100\\.00.*xxx-xxx-7890.*KB-1`)),
    ])
    await waitFor(() => expect(screen.getByRole('button', { name: text('notifications.open'), hidden: true })).toBeInTheDocument())
    expect(calls.filter((call) => call.method === 'POST')).toEqual([expect.objectContaining({ url: '/api/notifications/read', body: { upTo: '9' } })])
    expect(within(screen.getByRole('dialog')).getAllByText(text('notifications.new'), { exact: false })).toHaveLength(2)
  })

  it('asks once when marking fails, and again at the next opening', async () => {
    // The first mark fails, the next succeeds: a bell that asked again and again while open would
    // have sent more than the two marks by the time the second one has cleared the count.
    let marks = 0
    const { user, calls } = await open({
      'GET /api/notifications': list([CREDITED]),
      'POST /api/notifications/read': () => (++marks === 1 ? [503, { message: 'SERVICE_UNAVAILABLE' }] : { unread: 0 }),
    })
    await user.click(await screen.findByRole('button', { name: text('notifications.openUnread', { count: 1 }) }))
    await screen.findByRole('dialog', { name: text('notifications.title') })
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: text('common.close') }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // Still unread: the failure left the count as it was.
    await user.click(screen.getByRole('button', { name: text('notifications.openUnread', { count: 1 }) }))
    await waitFor(() => expect(screen.getByRole('button', { name: text('notifications.open'), hidden: true })).toBeInTheDocument())
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2)
  })

  it('opens a refused slip on its status sheet and a paid withdrawal on the statement', async () => {
    const { user, location } = await open({ 'GET /api/notifications': list([REFUSED, PAID]), 'POST /api/notifications/read': { unread: 0 } })
    await user.click(await screen.findByRole('button', { name: text('notifications.openUnread', { count: 1 }) }))
    await user.click(within(await screen.findByRole('dialog')).getAllByRole('button').find((button) => button.textContent?.includes(text('notifications.kind.deposit_refused')))!)
    expect(location()).toBe('/user/statement?slips=1')
    await user.click(screen.getByRole('button', { name: text('notifications.open') }))
    await user.click(within(await screen.findByRole('dialog', { name: text('notifications.title') })).getAllByRole('button').find((button) => button.textContent?.includes(text('notifications.kind.withdrawal_paid')))!)
    expect(location()).toBe('/user/statement')
  })

  it('lists a reward with its kind, amount and balance, and support\'s answer with its first words; each opens its screen', async () => {
    const { user, location } = await open({ 'GET /api/notifications': list([ANSWERED, CASHBACK, BONUS]), 'POST /api/notifications/read': { unread: 0 } })
    await user.click(await screen.findByRole('button', { name: text('notifications.openUnread', { count: 2 }) }))
    const dialog = await screen.findByRole('dialog', { name: text('notifications.title') })
    expect(within(dialog).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      expect.stringMatching(new RegExp(`^${text('notifications.new')} ${text('notifications.kind.support_answered')}Your deposit is on its way`)),
      expect.stringMatching(new RegExp(`^${text('notifications.new')} ${text('notifications.kind.reward_received')}\\+฿12\\.00${text('notifications.reward.cashback')}.*฿1,262\\.00`)),
      expect.stringMatching(new RegExp(`^${text('notifications.kind.reward_received')}\\+฿500\\.00${text('notifications.reward.bonus')}`)),
    ])
    await user.click(within(dialog).getAllByRole('button').find((button) => button.textContent?.includes(text('notifications.reward.bonus')))!)
    expect(location()).toBe('/user/bonus')
    await user.click(screen.getByRole('button', { name: text('notifications.open') }))
    await user.click(within(await screen.findByRole('dialog', { name: text('notifications.title') })).getAllByRole('button').find((button) => button.textContent?.includes(text('notifications.kind.support_answered')))!)
    expect(location()).toBe('/user/home?chat=1')
  })

  it('asks only once the wallet has answered: the balance is not kept waiting for it', async () => {
    let answerWallet = () => {}
    const walletAnswered = new Promise<void>((resolve) => (answerWallet = resolve))
    const { calls } = await renderScreen(<WithBalance />, {
      path: '/user/home',
      setup: () => sessionStorage.setItem('token', 'tok'),
      api: {
        'GET /api/wallet': async () => {
          await walletAnswered
          return {
            profile: { _id: '7', name: 'Somchai', username: '0812345678', coin: 0 },
            bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } },
            wallet: { amount: 10, currency: 'THB' },
            invite: { amount: 0, success: 0, fail: 0 },
            slots: [],
          }
        },
        'GET /api/notifications': list([CREDITED]),
      },
    })
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/wallet'))
    expect(screen.getByRole('status')).toHaveTextContent('reading')
    expect(calls.map((call) => call.url)).not.toContain('/api/notifications')
    answerWallet()
    expect(await screen.findByRole('button', { name: text('notifications.openUnread', { count: 1 }) })).toBeInTheDocument()
    expect(calls.map((call) => call.url)).toEqual(['/api/wallet', '/api/notifications'])
  })
})

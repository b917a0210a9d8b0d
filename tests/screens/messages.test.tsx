// Issue 50 §2: the bot's leave to write of the member's money. After a deposit inside Telegram the
// receipt asks once (Telegram's dialog on "Allow messages"; "Not now" is kept as a refusal), else it
// shows the home-screen offer; the profile turns the messages off and on; the bell tells the server
// the app's language for the messages' text.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { ChannelState, NotificationChannels } from '../../contract'
import { DepositArrived } from '../../src/features/deposit/DepositArrived'
import { Bell } from '../../src/features/notifications/Bell'
import MessagesSection from '../../src/features/profile/MessagesSection'
import type { Friendship, WriteAccess } from '../../src/platform/types'
import { renderScreen, type Routes, text } from '../renderScreen'

const deposit = { amount: 100, currency: 'THB' as const, way: 'QR' }
const TELEGRAM = { channel: 'telegram', linked: true, allowed: null, on: true, blocked: false } satisfies ChannelState
const channels = (telegram: Partial<ChannelState> = {}, language: NotificationChannels['language'] = 'en'): NotificationChannels => ({ language, channels: [{ ...TELEGRAM, ...telegram }] })
const TELEGRAM_NAME = { messenger: 'Telegram' }
const homeScreen = { status: vi.fn(async () => 'available' as const), add: vi.fn(async () => 'added' as const) }

function telegramAnswering(allowed: boolean | null) {
  let answer!: (value: boolean | null) => void
  const asked = vi.fn(() => new Promise<boolean | null>((resolve) => (answer = resolve)))
  return { writeAccess: { request: asked } satisfies WriteAccess, asked, answer: () => answer(allowed) }
}

const receipt = (writeAccess: WriteAccess | null, api: Routes, kind: 'telegram' | 'browser' = 'telegram') =>
  renderScreen(<DepositArrived deposit={deposit} onDone={() => undefined} />, {
    language: 'en', config: { messages: ['telegram'] }, platform: { kind, writeAccess, homeScreen }, api,
  })

const puts = (calls: { method: string; url: string; body?: unknown }[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body)

describe('the offer of Telegram messages after a deposit', () => {
  it("asks Telegram on the player's tap, once however often they tap, and keeps the answer", async () => {
    const telegram = telegramAnswering(true)
    const { user, calls } = await receipt(telegram.writeAccess, {
      'GET /api/notifications/channels': channels(),
      'PUT /api/notifications/channels': channels({ allowed: true }),
    })
    expect(await screen.findByRole('heading', { name: text('identity.messages.offerTitle') })).toBeVisible()
    // Never both offers on one receipt.
    expect(screen.queryByRole('heading', { name: text('deposit.homeScreenTitle', { appName: 'Wallet' }) })).toBeNull()
    const allow = screen.getByRole('button', { name: text('identity.messages.allow') })
    await user.click(allow)
    await user.click(allow)
    expect(telegram.asked).toHaveBeenCalledTimes(1)
    telegram.answer()
    expect(await screen.findByText(text('identity.messages.allowed'))).toBeVisible()
    expect(puts(calls)).toEqual([{ telegram: { allowed: true } }])
  })

  it('keeps "Not now" as a refusal, without asking Telegram', async () => {
    const telegram = telegramAnswering(true)
    const { user, calls } = await receipt(telegram.writeAccess, {
      'GET /api/notifications/channels': channels(),
      'PUT /api/notifications/channels': channels({ allowed: false }),
    })
    await user.click(await screen.findByRole('button', { name: text('identity.messages.notNow') }))
    expect(await screen.findByText(text('identity.messages.refused'))).toBeVisible()
    expect(telegram.asked).not.toHaveBeenCalled()
    expect(puts(calls)).toEqual([{ telegram: { allowed: false } }])
  })

  it('stores nothing when Telegram gives no answer, and says so', async () => {
    const telegram = telegramAnswering(null)
    const { user, calls, settled } = await receipt(telegram.writeAccess, { 'GET /api/notifications/channels': channels() })
    await user.click(await screen.findByRole('button', { name: text('identity.messages.allow') }))
    telegram.answer()
    expect(await screen.findByText(text('identity.messages.noAnswer'))).toBeVisible()
    await settled()
    expect(puts(calls)).toEqual([])
  })

  it('shows the home-screen offer instead where there is nothing to ask: already answered, not linked, or outside Telegram', async () => {
    for (const [telegram, kind] of [[{ allowed: true }, 'telegram'], [{ allowed: false }, 'telegram'], [{ linked: false }, 'telegram'], [{}, 'browser']] as const) {
      const host = telegramAnswering(true)
      const shown = await receipt(host.writeAccess, { 'GET /api/notifications/channels': channels(telegram) }, kind)
      if (kind === 'browser') shown.platform.homeScreen = homeScreen
      expect(await screen.findByText(text('deposit.arrived'))).toBeVisible()
      await shown.settled()
      expect(screen.queryByRole('heading', { name: text('identity.messages.offerTitle') }), JSON.stringify(telegram)).toBeNull()
      shown.unmount()
    }
  })
})

describe("the profile's Telegram messages", () => {
  const profile = (api: Routes, writeAccess: WriteAccess | null = null) =>
    renderScreen(<MessagesSection />, { language: 'en', config: { messages: ['telegram'] }, platform: { kind: writeAccess ? 'telegram' : 'browser', writeAccess }, api })

  it('turns them off and on again', async () => {
    let on = true
    const { user, calls } = await profile({
      'GET /api/notifications/channels': channels({ allowed: true }),
      'PUT /api/notifications/channels': (call: { body?: unknown }) => {
        on = (call.body as { telegram: { on: boolean } }).telegram.on
        return channels({ allowed: true, on })
      },
    })
    expect(await screen.findByText(text('identity.messages.onText', TELEGRAM_NAME))).toBeVisible()
    await user.click(screen.getByRole('button', { name: text('identity.messages.turnOff') }))
    expect(await screen.findByText(text('identity.messages.offText', TELEGRAM_NAME))).toBeVisible()
    await user.click(screen.getByRole('button', { name: text('identity.messages.turnOn') }))
    expect(await screen.findByText(text('identity.messages.onText', TELEGRAM_NAME))).toBeVisible()
    expect(puts(calls)).toEqual([{ telegram: { on: false } }, { telegram: { on: true } }])
  })

  it('says why none come, and inside Telegram asks it again for a player who blocked the bot', async () => {
    await profile({ 'GET /api/notifications/channels': channels({ linked: false }) })
    expect(await screen.findByText(text('identity.messages.notLinked', TELEGRAM_NAME))).toBeVisible()
    expect(screen.queryByRole('button')).toBeNull()

    const telegram = telegramAnswering(true)
    const { user, calls } = await profile({
      'GET /api/notifications/channels': channels({ allowed: true, blocked: true }),
      'PUT /api/notifications/channels': channels({ allowed: true, blocked: false }),
    }, telegram.writeAccess)
    expect(await screen.findByText(text('identity.messages.blocked'))).toBeVisible()
    await user.click(screen.getByRole('button', { name: text('identity.messages.allow') }))
    telegram.answer()
    expect(await screen.findByText(text('identity.messages.onText', TELEGRAM_NAME))).toBeVisible()
    expect(puts(calls)).toEqual([{ telegram: { allowed: true } }])
  })

  it('points a LINE player who is not a friend of the official account to the contact page, and turns them off and on once a friend', async () => {
    const line = (allowed: boolean | null, on = true): NotificationChannels => ({ language: 'en', channels: [{ channel: 'line', linked: true, allowed, on, blocked: false }] })
    const { history, user, unmount } = await profile({ 'GET /api/notifications/channels': line(false) })
    expect(await screen.findByRole('heading', { name: text('identity.messages.title', { messenger: 'LINE' }) })).toBeVisible()
    expect(screen.getByText(text('identity.messages.notFriend'))).toBeVisible()
    expect(screen.queryByRole('button', { name: text('identity.messages.turnOff') })).toBeNull()
    await user.click(screen.getByRole('link', { name: text('identity.messages.openContact') }))
    expect(history.at(-1)).toBe('/user/contact')
    unmount()

    const friend = await profile({ 'GET /api/notifications/channels': line(true), 'PUT /api/notifications/channels': line(true, false) })
    expect(await screen.findByText(text('identity.messages.onText', { messenger: 'LINE' }))).toBeVisible()
    await friend.user.click(screen.getByRole('button', { name: text('identity.messages.turnOff') }))
    expect(await screen.findByText(text('identity.messages.offText', { messenger: 'LINE' }))).toBeVisible()
    expect(puts(friend.calls)).toEqual([{ line: { on: false } }])
  })
})

describe("the messages' language", () => {
  const bell = (api: Routes) => renderScreen(<Bell />, {
    path: '/user/home', language: 'la', config: { messages: ['telegram'] }, setup: () => sessionStorage.setItem('token', 'tok'),
    api: { 'GET /api/notifications': { unread: 0, notifications: [] }, ...api },
  })

  it('is told to the server when it has another, once', async () => {
    const { calls, settled } = await bell({
      'GET /api/notifications/channels': channels({}, 'th'),
      'PUT /api/notifications/channels': channels({}, 'la'),
    })
    await waitFor(() => expect(puts(calls)).toEqual([{ language: 'la' }]))
    await settled()
    expect(puts(calls)).toEqual([{ language: 'la' }])
  })

  it('is not sent again when the server has it, nor where no messenger is linked', async () => {
    const same = await bell({ 'GET /api/notifications/channels': channels({}, 'la') })
    await waitFor(() => expect(same.calls.map((call) => call.url)).toContain('/api/notifications/channels'))
    await same.settled()
    expect(puts(same.calls)).toEqual([])
    same.unmount()
    const unlinked = await bell({ 'GET /api/notifications/channels': channels({ linked: false }, null) })
    await waitFor(() => expect(unlinked.calls.map((call) => call.url)).toContain('/api/notifications/channels'))
    await unlinked.settled()
    expect(puts(unlinked.calls)).toEqual([])
  })

  it("tells the server LINE's friendship where it says otherwise, once per start", async () => {
    const friendship = { status: vi.fn(async () => true) } satisfies Friendship
    const line = (allowed: boolean | null): NotificationChannels => ({ language: 'la', channels: [{ channel: 'line', linked: true, allowed, on: true, blocked: false }] })
    const { calls, settled } = await renderScreen(<Bell />, {
      path: '/user/home', language: 'la', config: { messages: ['line'] }, platform: { kind: 'line', friendship }, setup: () => sessionStorage.setItem('token', 'tok'),
      api: { 'GET /api/notifications': { unread: 0, notifications: [] }, 'GET /api/notifications/channels': line(null), 'PUT /api/notifications/channels': line(true) },
    })
    await waitFor(() => expect(puts(calls)).toEqual([{ line: { allowed: true } }]))
    await settled()
    expect(friendship.status).toHaveBeenCalledTimes(1)
    expect(puts(calls)).toEqual([{ line: { allowed: true } }])
  })
})

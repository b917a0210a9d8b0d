// Issue 50 §2 in a plain browser: this device's notifications. After a deposit arrived (or a slip
// was sent) the offer asks the browser's permission only on the player's tap, once however often
// they tap, and hands the subscription to the server; "Not now" is kept on the device; the browser's
// refusal is said; the profile turns them off (here and on the server) and on again.
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { NotificationChannels } from '../../contract'
import { DepositArrived } from '../../src/features/deposit/DepositArrived'
import MessagesSection from '../../src/features/profile/MessagesSection'
import type { WebPush, WebPushResult } from '../../src/platform/types'
import { renderScreen, type Routes, text } from '../renderScreen'

const deposit = { amount: 100, currency: 'THB' as const, way: 'QR' }
const SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BP256', auth: 'secret' } }
const KEY = 'BVapidPublicKey'
const channels = (linked: boolean): NotificationChannels => ({ language: 'en', channels: [{ channel: 'webpush', linked, allowed: null, on: linked, blocked: false }] })
const config = { messages: ['webpush' as const], vapidPublicKey: KEY }

function browserPush(permission: NotificationPermission, result: WebPushResult = { outcome: 'subscribed', subscription: SUBSCRIPTION }) {
  let answer!: () => void
  const subscribe = vi.fn(() => new Promise<WebPushResult>((resolve) => (answer = () => resolve(result))))
  const webPush: WebPush = { permission: () => permission, subscribe, unsubscribe: vi.fn(async () => undefined) }
  return { webPush, subscribe, answer: () => answer() }
}

const receipt = (webPush: WebPush | null, api: Routes) =>
  renderScreen(<DepositArrived deposit={deposit} onDone={() => undefined} />, { language: 'en', config, platform: { kind: 'browser', webPush }, api })

const offerTitle = () => screen.queryByRole('heading', { name: text('identity.messages.push.offerTitle') })

beforeEach(() => localStorage.clear())

describe("the offer of this device's notifications after a deposit", () => {
  it("asks the browser on the player's tap, once however often they tap, and gives the server the subscription with the server's key", async () => {
    const push = browserPush('default')
    const { user, calls } = await receipt(push.webPush, { 'GET /api/notifications/channels': channels(false), 'PUT /api/notifications/push': channels(true) })
    expect(await screen.findByRole('heading', { name: text('identity.messages.push.offerTitle') })).toBeVisible()
    // Nothing asked before the tap.
    expect(push.subscribe).not.toHaveBeenCalled()
    const turnOn = screen.getByRole('button', { name: text('identity.messages.push.turnOn') })
    await user.click(turnOn)
    await user.click(turnOn)
    expect(push.subscribe).toHaveBeenCalledTimes(1)
    expect(push.subscribe).toHaveBeenCalledWith(KEY)
    push.answer()
    expect(await screen.findByText(text('identity.messages.push.on'))).toBeVisible()
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.url, call.body])).toEqual([['/api/notifications/push', SUBSCRIPTION]])
  })

  it('says where the browser refuses, and sends nothing', async () => {
    const push = browserPush('default', { outcome: 'denied' })
    const { user, calls, settled } = await receipt(push.webPush, { 'GET /api/notifications/channels': channels(false) })
    await user.click(await screen.findByRole('button', { name: text('identity.messages.push.turnOn') }))
    push.answer()
    expect(await screen.findByText(text('identity.messages.push.denied'))).toBeVisible()
    await settled()
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([])
  })

  it('keeps "Not now" on this device: the next receipt does not offer it', async () => {
    const push = browserPush('default')
    const { user, unmount } = await receipt(push.webPush, { 'GET /api/notifications/channels': channels(false) })
    await user.click(await screen.findByRole('button', { name: text('identity.messages.notNow') }))
    await waitFor(() => expect(offerTitle()).toBeNull())
    expect(localStorage.getItem('push-declined')).not.toBeNull()
    expect(push.subscribe).not.toHaveBeenCalled()
    unmount()
  })

  it('offers nothing where this session has them already, the browser blocks them, the server sends none, the browser has no Web Push, or the player said "Not now" here', async () => {
    const cases: [WebPush | null, NotificationChannels, Partial<typeof config> | undefined, boolean?][] = [
      [browserPush('default').webPush, channels(false), config, true],
      [browserPush('granted').webPush, channels(true), config],
      [browserPush('denied').webPush, channels(false), config],
      [browserPush('default').webPush, channels(false), {}],
      [null, channels(false), config],
    ]
    for (const [webPush, answer, shown, declined] of cases) {
      const rendered = await renderScreen(<DepositArrived deposit={deposit} onDone={() => undefined} />, {
        language: 'en', config: shown, platform: { kind: 'browser', webPush }, api: { 'GET /api/notifications/channels': answer },
        ...(declined ? { setup: () => localStorage.setItem('push-declined', '2026-12-03T00:00:00Z') } : {}),
      })
      expect(await screen.findByText(text('deposit.arrived'))).toBeVisible()
      await rendered.settled()
      expect(offerTitle()).toBeNull()
      rendered.unmount()
    }
  })
})

describe("the profile's notifications on this device", () => {
  const profile = (webPush: WebPush, api: Routes) => renderScreen(<MessagesSection />, { language: 'en', config, platform: { kind: 'browser', webPush }, api })

  it('turns them off on the server and in the browser', async () => {
    const push = browserPush('granted')
    const { user, calls } = await profile(push.webPush, { 'GET /api/notifications/channels': channels(true), 'DELETE /api/notifications/push': channels(false) })
    expect(await screen.findByText(text('identity.messages.push.onText'))).toBeVisible()
    await user.click(screen.getByRole('button', { name: text('identity.messages.turnOff') }))
    expect(await screen.findByText(text('identity.messages.push.offText'))).toBeVisible()
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/notifications/push'])
    await waitFor(() => expect(push.webPush.unsubscribe).toHaveBeenCalled())
  })

  it('turns them on from a tap, and says how to allow them where the browser blocks them', async () => {
    const push = browserPush('default')
    const { user } = await profile(push.webPush, { 'GET /api/notifications/channels': channels(false), 'PUT /api/notifications/push': channels(true) })
    await user.click(await screen.findByRole('button', { name: text('identity.messages.push.turnOn') }))
    push.answer()
    expect(await screen.findByText(text('identity.messages.push.onText'))).toBeVisible()

    const blocked = await profile(browserPush('denied').webPush, { 'GET /api/notifications/channels': channels(false) })
    expect(await screen.findByText(text('identity.messages.push.denied'))).toBeVisible()
    expect(screen.queryAllByRole('button', { name: text('identity.messages.push.turnOn') })).toHaveLength(0)
    blocked.unmount()
  })
})

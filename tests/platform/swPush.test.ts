// The service worker's Web Push handlers (public/sw-push.js, issue 50), run in a stand-in of the
// worker's global: a push becomes one notification per event, its tap focuses the open app on the
// event's screen or opens it there, and only this app's own screens open, whatever host a message names.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'

const SOURCE = readFileSync(resolve('public/sw-push.js'), 'utf8')
const ORIGIN = 'https://wallet.example'

type Handler = (event: Record<string, unknown>) => void

function worker(windows: { url: string }[] = []) {
  const handlers = new Map<string, Handler>()
  const waits: Promise<unknown>[] = []
  const opened: { url: string; navigate: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn> }[] = windows.map((window) => {
    const client = { url: window.url, navigate: vi.fn(async () => client), focus: vi.fn(async () => client) }
    return client
  })
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => opened), openWindow: vi.fn(async () => null) },
  }
  new Function('self', SOURCE)(self)
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    handlers.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) })
    await Promise.all(waits)
  }
  return { self, dispatch, opened }
}

const push = (payload: unknown) => ({ data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) } })

describe("the service worker's push", () => {
  it('shows the message as a notification, tagged by its event, carrying the screen on this origin', async () => {
    const { self, dispatch } = worker()
    await dispatch('push', push({ title: 'Deposit received', body: '+฿250.00 · Bank slip', url: 'https://elsewhere.example/user/statement?slips=1', tag: 'event-7' }))
    expect(self.registration.showNotification).toHaveBeenCalledWith('Deposit received', expect.objectContaining({
      body: '+฿250.00 · Bank slip', tag: 'event-7', data: { url: `${ORIGIN}/user/statement?slips=1` },
    }))
  })

  it('shows nothing for a push it cannot read', async () => {
    const { self, dispatch } = worker()
    await dispatch('push', push('not json'.replace('n', '{')))
    await dispatch('push', { data: null })
    await dispatch('push', push({ body: 'no title' }))
    expect(self.registration.showNotification).not.toHaveBeenCalled()
  })

  it("a tap brings the open app to the event's screen", async () => {
    const { self, dispatch, opened } = worker([{ url: 'https://other.example/' }, { url: `${ORIGIN}/user/home` }])
    const close = vi.fn()
    await dispatch('notificationclick', { notification: { close, data: { url: `${ORIGIN}/user/statement` } } })
    expect(close).toHaveBeenCalled()
    expect(opened[1].focus).toHaveBeenCalled()
    expect(opened[1].navigate).toHaveBeenCalledWith(`${ORIGIN}/user/statement`)
    expect(opened[0].focus).not.toHaveBeenCalled()
    expect(self.clients.openWindow).not.toHaveBeenCalled()
  })

  it('a tap with the app closed opens it there', async () => {
    const { self, dispatch } = worker()
    await dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: `${ORIGIN}/user/statement?slips=1` } } })
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/user/statement?slips=1`)
  })
})

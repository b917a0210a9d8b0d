// Issue 50 in a plain browser, against the real server: a member who sent a slip turns on this
// device's notifications from the offer under its status (the browser's permission asked from that
// tap, never at load), and when staff approve it the server's push, encrypted to the browser's keys,
// becomes a notification the service worker shows, opening the slip's status. Chromium reaches
// Google's push service for a real subscription, which this machine cannot: the page's PushManager
// is replaced by one that hands out a subscription at the server's stand-in push service
// (/dev/push-service) with keys this test holds, and the test gives the service worker what arrived
// there, decrypted as the browser would (DevTools' deliverPushMessage). Everything else is the app's.
import type { Page } from '@playwright/test'
import { SYSTEM_CHROMIUM } from '../../scripts/chromium'
import { browserKeys, decryptPush } from '../../tests/pushCrypto'
import { devPost, expect, test } from '../fixtures'
import { baht, memberAtHome } from '../shared/wallet'
import { freshSlip } from '../walletMembers'

// The full browser, started headless: the headless shell the other tests run on has no
// notifications (Notification.permission stays "denied" whatever is granted).
test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: SYSTEM_CHROMIUM } })

test.afterEach(async ({ request }) => {
  await devPost(request, '/dev/notify', { appUrl: null })
})

interface StandInPush { id: string; ttl: string; urgency: string; authorization: string; encoding: string; body: string }

/** Runs in the page: a PushManager whose subscription points at the stand-in, with the test's keys. */
function standInPushManager({ endpoint, p256dh, auth }: { endpoint: string; p256dh: string; auth: string }) {
  let current: PushSubscription | null = null
  const made = (key: ArrayBuffer) => ({
    endpoint,
    expirationTime: null,
    options: { applicationServerKey: key, userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
    unsubscribe: async () => {
      current = null
      sessionStorage.setItem('push-unsubscribed', '1')
      return true
    },
  }) as unknown as PushSubscription
  PushManager.prototype.getSubscription = async () => current
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    current = made(new Uint8Array(options!.applicationServerKey as Uint8Array).buffer)
    return current
  }
}

/** The service worker's registration id, as DevTools names it. */
async function registrationId(page: Page): Promise<{ send: (data: string) => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page)
  const scope = new URL('/', page.url()).href
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((candidate) => candidate.scopeURL === scope && !candidate.isDeleted)
      if (registration) resolve(registration.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const id = await found
  return { send: async (data) => void (await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(scope).origin, registrationId: id, data })) }
}

test("a slip sent, notifications turned on from its offer: staff's approval arrives as a notification the service worker shows, opening the slip's status", async ({ page, context, open, strings, request, baseURL }) => {
  const server = baseURL!.replace('localhost', '127.0.0.1')
  await devPost(request, '/dev/notify', { appUrl: `${baseURL}/`, pushServiceUrl: `${server}/dev/push-service` })
  // Headless Chromium answers a permission prompt with no: the player's yes is given beforehand.
  await context.grantPermissions(['notifications'], { origin: baseURL })
  const keys = browserKeys()
  const id = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`
  await page.addInitScript(standInPushManager, { endpoint: `${server}/dev/push-service/${id}`, p256dh: keys.p256dh, auth: keys.auth })
  await memberAtHome({ page, open, strings, request })
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))

  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.deposit }).click()
  const modal = page.getByRole('dialog', { name: strings.deposit.title })
  await expect(modal.getByRole('region', { name: strings.identity.messages.push.offerTitle })).toHaveCount(0)
  await modal.getByLabel(strings.deposit.slipFile).setInputFiles(freshSlip())
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/wallet/slip'))
  await modal.getByRole('button', { name: strings.deposit.slipSend }).click()
  const slip = (await (await uploaded).json()) as { reference: string }
  await expect(modal.getByTestId('slip-status')).toHaveText(strings.deposit.slipProcessing)

  // The slip is sent: the offer, and the player's tap.
  const offer = modal.getByRole('region', { name: strings.identity.messages.push.offerTitle })
  const subscribed = page.waitForResponse((response) => response.url().endsWith('/api/notifications/push') && response.request().method() === 'PUT')
  await offer.getByRole('button', { name: strings.identity.messages.push.turnOn }).click()
  expect((await subscribed).status()).toBe(200)
  await expect(modal.getByText(strings.identity.messages.push.on)).toBeVisible()

  await devPost(request, `/dev/slips/${slip.reference}`, { status: 'success', amount: 250 })
  const pushes = async () => ((await (await request.get(`/dev/push-service/messages?id=${id}`)).json()) as { messages: StandInPush[] }).messages
  await expect.poll(pushes, { timeout: 20_000 }).toHaveLength(1)
  const [push] = await pushes()
  expect(push).toMatchObject({ encoding: 'aes128gcm', urgency: 'high' })
  const payload = decryptPush(Buffer.from(push.body, 'base64'), keys)

  // Chromium's getNotifications() forgets, for good, a notification stored but not yet reported by
  // the display: a read racing the show loses it (one run in forty on one busy core, one in three
  // when read in a loop). So the list is read once the worker's own showNotification has settled.
  const serviceWorker = page.context().serviceWorkers()[0] ?? await page.context().waitForEvent('serviceworker')
  await serviceWorker.evaluate(() => {
    const worker = self as unknown as { registration: ServiceWorkerRegistration; shownNotifications?: number }
    const show = worker.registration.showNotification.bind(worker.registration)
    worker.shownNotifications = 0
    worker.registration.showNotification = async (...args) => {
      await show(...args)
      worker.shownNotifications! += 1
    }
  })
  const worker = await registrationId(page)
  await worker.send(payload)
  await expect.poll(() => serviceWorker.evaluate(() => (self as unknown as { shownNotifications: number }).shownNotifications)).toBe(1)
  const shown = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
    title: notification.title, body: notification.body, url: (notification.data as { url: string }).url,
  })))
  expect(shown).toHaveLength(1)
  const [notification] = shown
  expect(notification.title).toBe(strings.notifications.kind.deposit_credited)
  expect(notification.body).toContain(baht(250, 'browser'))
  expect(notification.url).toBe(`${baseURL}/user/statement?slips=1`)

  // The open sheet learned it too: its receipt offers nothing more (this session has them). Then
  // signing out ends this browser's subscription with the session.
  const receipt = modal.getByRole('status').filter({ hasText: strings.deposit.arrived })
  await expect(receipt).toContainText(baht(250, 'browser'))
  await expect(receipt.getByRole('region', { name: strings.identity.messages.push.offerTitle })).toHaveCount(0)
  await receipt.getByRole('button', { name: strings.deposit.done }).click()
  await expect(modal).toBeHidden()
  await page.getByRole('button', { name: strings.menu.logout }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: strings.member.logoutConfirm }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('push-unsubscribed'))).toBe('1')
})

// Telegram on iOS talks to the Mini App another way than on Android: the client injects, at
// document start, a TelegramWebviewProxy whose postEvent (on its prototype) hands
// {eventName, eventData} to WKWebView's `window.webkit.messageHandlers.performAction`. The app
// must work over that transport as it does over Android's.
import { expect, telegramHash, test } from '../fixtures'

/** What Telegram for iOS injects, with the messages recorded, and its answers to the viewport questions. */
const IOS_CLIENT = () => {
  const posted: { eventName: string; eventData: unknown }[] = []
  const reply = (name: string, payload: unknown) =>
    setTimeout(() => (window as unknown as { Telegram?: { WebView?: { receiveEvent(n: string, p: unknown): void } } }).Telegram?.WebView?.receiveEvent(name, payload), 0)
  Object.assign(window, {
    __iosPosted: posted,
    webkit: {
      messageHandlers: {
        performAction: {
          postMessage(message: { eventName: string; eventData: string }) {
            posted.push({ eventName: message.eventName, eventData: message.eventData ? JSON.parse(message.eventData) : undefined })
            if (message.eventName === 'web_app_request_safe_area') reply('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 })
            if (message.eventName === 'web_app_request_content_safe_area') reply('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 })
            if (message.eventName === 'web_app_request_viewport') reply('viewport_changed', { height: 844, width: 390, is_expanded: true, is_state_stable: true })
          },
        },
      },
    },
  })
  // As the iOS client writes it: a constructor and a method on its prototype.
  function TelegramWebviewProxyProto() {}
  TelegramWebviewProxyProto.prototype.postEvent = function (eventName: string, eventData: string) {
    (window as unknown as { webkit: { messageHandlers: { performAction: { postMessage(m: unknown): void } } } })
      .webkit.messageHandlers.performAction.postMessage({ eventName, eventData })
  }
  Object.assign(window, { TelegramWebviewProxy: new (TelegramWebviewProxyProto as unknown as new () => object)() })
}

const posted = (page: import('@playwright/test').Page, name: string) =>
  page.evaluate((wanted) => (window as unknown as { __iosPosted: { eventName: string; eventData: unknown }[] }).__iosPosted
    .filter((event) => event.eventName === wanted).map((event) => event.eventData), name)

test('over the iOS transport the app says it is ready and drives the back button', async ({ page, strings }) => {
  // After the fixture's Android recorder: the iOS client's proxy replaces it.
  await page.context().addInitScript(IOS_CLIENT)
  await page.goto(`/login${telegramHash({ platform: 'ios' })}`)
  await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
  await expect.poll(() => posted(page, 'web_app_ready')).toHaveLength(1)
  expect(await page.evaluate(() => (window as unknown as { __tgEvents: unknown[] }).__tgEvents)).toEqual([])

  await page.getByRole('navigation', { name: strings.menu.label }).getByRole('link', { name: strings.menu.register }).click()
  await expect(page).toHaveURL(/\/register/)
  await expect.poll(() => posted(page, 'web_app_setup_back_button')).toContainEqual({ is_visible: true })
})

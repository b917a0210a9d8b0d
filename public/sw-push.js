// Web Push in the service worker (issue 50 §2), imported by the generated sw.js (vite.config.ts,
// importScripts): a push from the server becomes a notification of the member's money, and its tap
// opens the app on the screen that shows it. The payload is the server's (server/notify/webPush.ts):
// { title, body, url, tag }. Only this app's own screens open: the address's path is taken, on this
// origin, whatever host the message names.
/* global self */

/** The screen a notification opens, on this app's origin. */
function screenUrl(url) {
  try {
    const parsed = new URL(url, self.location.origin)
    return new URL(parsed.pathname + parsed.search, self.location.origin).href
  } catch {
    return new URL('/', self.location.origin).href
  }
}

self.addEventListener('push', (event) => {
  let payload
  try {
    payload = event.data ? event.data.json() : null
  } catch {
    payload = null
  }
  if (!payload || typeof payload.title !== 'string') return
  event.waitUntil(self.registration.showNotification(payload.title, {
    body: typeof payload.body === 'string' ? payload.body : '',
    // One notification per event: a second delivery of it replaces the first.
    tag: typeof payload.tag === 'string' ? payload.tag : undefined,
    icon: '/icons/icon-192.png',
    data: { url: screenUrl(payload.url) },
  }))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = screenUrl(event.notification.data && event.notification.data.url)
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
    if (open) {
      const focused = await open.focus()
      if (focused && 'navigate' in focused) await focused.navigate(url)
      return
    }
    await self.clients.openWindow(url)
  })())
})

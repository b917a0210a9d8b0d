// The browser's service worker (issue 31; what it caches: vite.config.ts). Loaded lazily after the
// first screen, so none of this weighs on it. Only a plain browser registers it: LINE's and
// Telegram's webviews load the app fresh from the messenger's link, and a worker there would keep
// serving a shell the host did not ask for. There, one left by an earlier browser visit on this
// origin (a link opened in the messenger's own browser) is removed with its caches.

export const SERVICE_WORKER_URL = '/sw.js'

/** Workbox's cache names (precache, runtime) begin with this. */
const WORKBOX_CACHES = 'workbox-'

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  // updateViaCache 'none': the browser asks the server for sw.js on every update check (it is
  // served no-cache as well), so a deploy reaches players at their next visit.
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
}

export async function removeServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registrations = await navigator.serviceWorker.getRegistrations()
  await Promise.all(registrations.map((registration) => registration.unregister()))
  if (!registrations.length || !('caches' in window)) return
  const names = await caches.keys()
  await Promise.all(names.filter((name) => name.startsWith(WORKBOX_CACHES)).map((name) => caches.delete(name)))
}

// What the app shows when it is opened without a network (issue 31): the service worker gave the
// shell, but the runtime config (never cached) did not come, so nothing else can start. The
// player's language where one is stored, else the device's; the screen starts the app again by
// itself when the network is back. Its own lazy chunk, which the service worker keeps too.
import { i18n, initI18n } from '../i18n/i18n'
import { readStoredLanguage } from '../i18n/language'
import { fromHostLanguage } from '../../contract/lib/language'
import { fetchConfig } from '../api/early'

/** When the offline screen first asks whether the server answers again, and the longest wait between two asks. */
const PROBE_FIRST_MS = 2_000
const PROBE_MAX_MS = 30_000

export async function showOfflineScreen(root: HTMLElement): Promise<void> {
  if (!i18n.isInitialized) await initI18n(readStoredLanguage() ?? fromHostLanguage(navigator.language) ?? 'th')
  const screen = document.createElement('main')
  screen.className = 'boot-error'
  screen.setAttribute('aria-labelledby', 'offline-title')
  const title = document.createElement('h1')
  title.id = 'offline-title'
  title.textContent = i18n.t('platform.offlineTitle')
  const text = document.createElement('p')
  text.textContent = i18n.t('platform.offlineText')
  const retry = document.createElement('button')
  retry.type = 'button'
  retry.textContent = i18n.t('platform.offlineRetry')
  retry.addEventListener('click', () => window.location.reload())
  screen.append(title, text, retry)
  root.replaceChildren(screen)
  document.title = i18n.t('platform.offlineTitle')
  window.addEventListener('online', () => window.location.reload(), { once: true })
  // The 'online' event never comes where the engine thought it was online all along (issue 48): the
  // config is asked for now and then, and its first answer starts the app again.
  const probe = (wait: number) =>
    window.setTimeout(() => {
      fetchConfig().then(() => window.location.reload(), () => probe(Math.min(wait * 2, PROBE_MAX_MS)))
    }, wait)
  probe(PROBE_FIRST_MS)
}

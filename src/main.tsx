// Boot: config -> platform -> i18n -> render (DESIGN.md). Nothing renders before the config is
// known; a failure shows a message with a retry, never a blank screen.
import { createRoot } from 'react-dom/client'
import { loadConfig } from './api/config'
import { setApiBase } from './api/http'
import { createQueryClient } from './api/queryClient'
import { App } from './app/App'
import { paths } from './app/paths'
import { installHistoryIndex } from './app/history'
import { i18n, initI18n } from './i18n/i18n'
import { pickLanguage } from './i18n/language'
import { parseInviteCode } from './lib/inviteCode'
import { storageKeys } from './lib/storage'
import { loadPlatform } from './platform'
import { session } from './state/session'
import { showToast } from './state/ui'
import './ui/theme.css'
import './ui/screens.css'

/** An invite deep link (Telegram start_param, LINE liff.state, `?code=`) leads a guest to the
 *  register wizard with the code stored for it. */
function followInvite(startParam: string | undefined): void {
  const code = startParam ? parseInviteCode(startParam) : null
  if (!code) return
  localStorage.setItem(storageKeys.inviterCode, code)
  if (session.token || window.location.pathname === paths.register) return
  window.history.replaceState(null, '', `${paths.register}${window.location.hash}`)
}

async function boot(): Promise<void> {
  installHistoryIndex()
  const config = await loadConfig()
  setApiBase(config.apiBase)
  const { platform, fellBack } = await loadPlatform(config)
  followInvite(platform.startParam())
  await initI18n(pickLanguage(config.variant, platform.language()))
  document.title = config.appName
  createRoot(document.getElementById('root')!).render(<App queryClient={createQueryClient()} />)
  if (fellBack) showToast(i18n.t('platform.fallback'), 'info')
}

boot().catch((error: unknown) => {
  console.error(error)
  const root = document.getElementById('root')!
  root.innerHTML = `<div class="boot-error" role="alert">
    <p lang="th">เปิดแอปไม่สำเร็จ กรุณาตรวจสอบอินเทอร์เน็ต</p>
    <p lang="lo">ເປີດແອັບບໍ່ສຳເລັດ ກະລຸນາກວດເບິ່ງອິນເຕີເນັດ</p>
    <p lang="en">The app could not start. Please check your connection.</p>
    <button type="button">ลองใหม่ · ລອງໃໝ່ · Retry</button></div>`
  root.querySelector('button')?.addEventListener('click', () => window.location.reload())
})

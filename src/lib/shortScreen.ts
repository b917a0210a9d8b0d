// A short phone (issue 51): up to 640 px of height the guest pages' brand is one row, and up to 600
// px /login leaves out its welcome line, so the sign-in button is above the bottom menu. Classes on
// <html>, not media queries on height: an on-screen keyboard that shrinks the WebView (LINE's and
// Telegram's on Android) would flip a media query as the player taps a field, and the form would
// jump under their thumb. The height is read when no field has focus: at load, and when the
// viewport changes without a keyboard (a phone turned, a Telegram Mini App expanded).
const SHORT = { 'screen-short': 640, 'screen-shorter': 600 } as const

const typing = (): boolean => document.activeElement?.matches('input, textarea, [contenteditable="true"]') === true

export function watchShortScreen(root: HTMLElement = document.documentElement): void {
  const apply = () => {
    if (typing()) return
    for (const [name, most] of Object.entries(SHORT)) root.classList.toggle(name, window.innerHeight <= most)
  }
  apply()
  window.addEventListener('resize', apply)
}

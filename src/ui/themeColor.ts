// <meta name="theme-color"> follows the active palette. index.html pairs a light and a dark tag by
// media query for the first paint; once the app runs, a host theme (Telegram sets data-theme and
// the palette on <html>) or a change of the device's colour scheme re-points both tags at the
// palette's header colour.

/** --header-bg as the browser resolves it now (light-dark() and host overrides included). */
export function activeHeaderColor(): string {
  const probe = document.createElement('span')
  probe.style.cssText = 'position:absolute;visibility:hidden;color:var(--header-bg)'
  document.body.append(probe)
  const color = getComputedStyle(probe).color
  probe.remove()
  return toHex(color)
}

/** "rgb(10, 14, 26)" -> "#0a0e1a"; anything else unchanged. */
function toHex(color: string): string {
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(color)
  if (!match) return color
  return `#${match.slice(1, 4).map((part) => Number(part).toString(16).padStart(2, '0')).join('')}`
}

/** Keeps every theme-color tag on the active header colour; returns the unsubscribe. */
export function followThemeColor(): () => void {
  const sync = () => {
    const color = activeHeaderColor()
    for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.setAttribute('content', color)
  }
  sync()
  const scheme = window.matchMedia('(prefers-color-scheme: dark)')
  scheme.addEventListener('change', sync)
  const observer = new MutationObserver(sync)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style'] })
  return () => {
    scheme.removeEventListener('change', sync)
    observer.disconnect()
  }
}

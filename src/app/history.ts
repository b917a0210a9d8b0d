// Every history entry the app makes carries its index, so back can tell whether there is an
// in-app screen to return to (a deep link may open the app straight on /register).
const indexOf = (state: unknown): number =>
  state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0

export function installHistoryIndex(): void {
  const { history } = window
  const push = history.pushState.bind(history)
  const replace = history.replaceState.bind(history)
  history.pushState = (state: unknown, unused: string, url?: string | URL | null) =>
    push({ ...(state && typeof state === 'object' ? state : {}), idx: indexOf(history.state) + 1 }, unused, url)
  history.replaceState = (state: unknown, unused: string, url?: string | URL | null) =>
    replace({ ...(state && typeof state === 'object' ? state : {}), idx: indexOf(history.state) }, unused, url)
}

export const canGoBack = (): boolean => indexOf(window.history.state) > 0

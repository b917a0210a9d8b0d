// Every history entry the app makes carries its index, so back can tell whether there is an
// in-app screen to return to (a deep link may open the app straight on /register).
import { stateNumber, stateObject } from '../lib/historyState'

const indexOf = (state: unknown): number => stateNumber('idx', state) ?? 0

export function installHistoryIndex(): void {
  const { history } = window
  const push = history.pushState.bind(history)
  const replace = history.replaceState.bind(history)
  history.pushState = (state: unknown, unused: string, url?: string | URL | null) =>
    push({ ...stateObject(state), idx: indexOf(history.state) + 1 }, unused, url)
  history.replaceState = (state: unknown, unused: string, url?: string | URL | null) =>
    replace({ ...stateObject(state), idx: indexOf(history.state) }, unused, url)
}

export const canGoBack = (): boolean => indexOf(window.history.state) > 0

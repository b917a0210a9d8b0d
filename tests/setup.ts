import '@testing-library/jest-dom/vitest'
import './pressable'
import { configure } from '@testing-library/react'

// findBy* and waitFor wait for an outcome; the bound is for a machine several times slower than
// ours (a passing test returns as soon as the outcome is there, so it costs nothing).
configure({ asyncUtilTimeout: 15_000 })

// jsdom's Performance has no getEntriesByType, which Telegram's SDK asks whether the page was
// reloaded: a page in these tests never was, no entries. On its prototype, so that the fake
// timers' copy of the object has it too.
const performancePrototype = Object.getPrototypeOf(performance) as Performance
if (!performancePrototype.getEntriesByType) Object.assign(performancePrototype, { getEntriesByType: () => [] })

// jsdom's Blob has no text() (browsers have had it since 2019): read it as a browser does.
if (!Blob.prototype.text) {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result as string)
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'))
      reader.readAsText(this)
    })
  }
}

// jsdom has <dialog> but not its modal methods: open and close it the way a browser does, minus
// the top layer (browser tests cover that).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}

// DOMPurify is a lazy chunk in the app (src/ui/SafeHtml.tsx): screen tests have it from the start,
// so what they check is the screen, not the moment a chunk arrives.
import { beforeAll } from 'vitest'
import { loadSanitizer } from '../src/ui/SafeHtml'

beforeAll(() => loadSanitizer())

// Fake answers and the app's requests are checked against the server's routes, read once for the
// run by the global setup (tests/contractRoutesSetup.ts).
import { inject } from 'vitest'
import { checkAgainstRoutes } from './contractRoutes'

checkAgainstRoutes(inject('contractRoutes'))

// No console.error passes unseen (tests/consoleGate.ts).
import { installConsoleGate } from './consoleGate'

installConsoleGate()

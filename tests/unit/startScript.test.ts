// The line of script that starts the app after the first paint (scripts/startScript.ts, issue 51):
// it asks for what the first screen needs, then the entry's modules, then the entry, one a task,
// so that none of the page's tasks after its first paint is a long one on a slow core.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startScript } from '../../scripts/startScript'
import type { Preload } from '../../src/prepaint'

type PageWindow = Window & { __walletPreloads?: () => Preload[]; __walletPrerendered?: () => void }

/** Runs the page's line of script, and records what each of the page's tasks added to <head>. */
function runStartScript(preloads: Preload[] | undefined): { batches: string[][] } {
  if (preloads) (window as PageWindow).__walletPreloads = () => [...preloads]
  const batches: string[][] = []
  new MutationObserver((records) => {
    // Delivered once a task (and its microtasks) has ended: one batch a task.
    batches.push(
      records.flatMap((record) =>
        [...record.addedNodes].map((node) => {
          const element = node as HTMLLinkElement & HTMLScriptElement
          return element.tagName === 'SCRIPT'
            ? `script:${element.type} ${element.getAttribute('src')} ${element.crossOrigin}`
            : `${element.rel}${element.as ? `:${element.as}` : ''} ${element.getAttribute('href')}${element.crossOrigin === null ? '' : ' cors'}`
        }),
      ),
    )
  }).observe(document.head, { childList: true })
  const code = /^<script>([\s\S]*)<\/script>$/.exec(startScript('/assets/index.js', '/assets/runtime.js /assets/react.js'))![1]
  ;(0, eval)(code)
  return { batches }
}

afterEach(() => {
  document.head.innerHTML = ''
  delete (window as PageWindow).__walletPreloads
})

describe("the page's line of script that starts the app", () => {
  it('asks for the screen’s files, the entry’s modules and the entry in that order, each in a task of its own', async () => {
    const { batches } = runStartScript([{ href: '/assets/core-th.js' }, { href: '/assets/HomePage.js' }, { href: '/games/slot.webp', as: 'image' }])
    await vi.waitFor(() => expect(batches.flat().at(-1)).toMatch(/^script:/), { timeout: 2_000 })
    expect(batches.flat()).toEqual([
      'modulepreload /assets/core-th.js cors',
      'modulepreload /assets/HomePage.js cors',
      'preload:image /games/slot.webp',
      'modulepreload /assets/runtime.js cors',
      'modulepreload /assets/react.js cors',
      'script:module /assets/index.js ',
    ])
    // One a task: a batch of two would be two requests started in one task.
    expect(batches.every((batch) => batch.length === 1)).toBe(true)
  })

  it('starts the app on a page without the prepaint script’s preloads too', async () => {
    const { batches } = runStartScript(undefined)
    await vi.waitFor(() => expect(batches.flat().at(-1)).toMatch(/^script:/), { timeout: 2_000 })
    expect(batches.flat()).toEqual(['modulepreload /assets/runtime.js cors', 'modulepreload /assets/react.js cors', 'script:module /assets/index.js '])
  })

  it('asks for nothing before the page has painted', async () => {
    const { batches } = runStartScript([{ href: '/assets/core-th.js' }])
    expect(document.head.children).toHaveLength(0)
    // Then (no test leaves the line running behind it).
    await vi.waitFor(() => expect(batches.flat().at(-1)).toMatch(/^script:/), { timeout: 2_000 })
  })
})

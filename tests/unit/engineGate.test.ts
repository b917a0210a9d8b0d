// The engine gate and the update page (scripts/engineGate.ts, issue 48): the gate must parse on the
// engines it turns away, and the page must say its words in the three languages and run nothing.
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { ENGINE_CHECK, engineGate, updatePage } from '../../scripts/engineGate'
import th from '../../contract/locales/th.json' with { type: 'json' }
import la from '../../contract/locales/la.json' with { type: 'json' }
import en from '../../contract/locales/en.json' with { type: 'json' }

/** Runs the gate in a page of an engine that answers the check with `supported`. */
function gateOn(supported: boolean | 'throws') {
  const location = { replaced: undefined as string | undefined, replace(url: string) { this.replaced = url } }
  const window: { __walletUnsupported?: number } = {}
  const CSS = { supports: () => { if (supported === 'throws') throw new TypeError('no CSS.supports'); return supported } }
  runInNewContext(engineGate('/app/'), { window, location, CSS })
  return { unsupported: window.__walletUnsupported, replaced: location.replaced }
}

describe('the engine gate', () => {
  it('lets an engine with color-mix() through and touches nothing', () => {
    expect(gateOn(true)).toEqual({ unsupported: undefined, replaced: undefined })
  })

  it('sends an engine without it, or without CSS.supports, to the update page under the base, flagged first', () => {
    expect(gateOn(false)).toEqual({ unsupported: 1, replaced: '/app/update.html' })
    expect(gateOn('throws')).toEqual({ unsupported: 1, replaced: '/app/update.html' })
  })

  it('is written in ES5: nothing a 2015 engine would not parse', () => {
    const gate = engineGate()
    for (const later of ['=>', '`', 'let ', 'const ', '?.', '??', '...', 'class ']) expect(gate, later).not.toContain(later)
    expect(gate).toContain(ENGINE_CHECK)
  })
})

describe('the update page', () => {
  const page = updatePage()

  it('says the title and the text in Thai, Lao and English, each marked with its language', () => {
    for (const [lang, strings] of [['th', th], ['lo', la], ['en', en]] as const) {
      expect(page).toContain(`<section lang="${lang}"><h1>${strings.engine.title}</h1><p>${strings.engine.text}</p></section>`)
    }
  })

  it('runs no script and loads nothing: an old engine and the page CSP need nothing more', () => {
    expect(page).not.toMatch(/<script|<link|\ssrc=|\son\w+=/i)
  })
})

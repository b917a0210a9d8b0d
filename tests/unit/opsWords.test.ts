// The staff console's words (issue 52 §4, issue 53 §1): Thai, English and Lao hold the same keys and
// each word the same parts to fill; each spec 8 slip reason is said as the player's app says it,
// in each language, though the console imports nothing of the app; the language chosen is kept.
import { afterEach, describe, expect, it } from 'vitest'
import { slipReasonCodes } from '../../contract/errorCodes'
import en from '../../contract/locales/en.json'
import la from '../../contract/locales/la.json'
import th from '../../contract/locales/th.json'
import opsEn from '../../ops/lib/locales/en.json'
import opsLa from '../../ops/lib/locales/la.json'
import opsTh from '../../ops/lib/locales/th.json'
import { currentLanguage, say, setLanguage, slipReason } from '../../ops/lib/i18n'

afterEach(() => setLanguage('en'))

const parts = (word: string) => [...word.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe("the console's words", () => {
  it.each([['th', opsTh], ['la', opsLa]] as const)('in %s have every English key, each with the same parts to fill, and no other', (_, words) => {
    expect(Object.keys(words).sort()).toEqual(Object.keys(opsEn).sort())
    const differing = Object.entries(opsEn).filter(([key, word]) => JSON.stringify(parts(word)) !== JSON.stringify(parts((words as Record<string, string>)[key])))
    expect(differing.map(([key]) => key)).toEqual([])
  })

  it.each([['th', th.slipReasons], ['en', en.slipReasons], ['la', la.slipReasons]] as const)("say the slip reasons as the app does in %s, every code of the contract", (language, words) => {
    setLanguage(language)
    expect(Object.fromEntries(slipReasonCodes.map((code) => [code, slipReason(code)]))).toEqual(words)
  })

  it('say a code they do not know as it came', () => {
    expect(slipReason('NEW_REASON')).toBe('NEW_REASON')
  })

  it('fill their parts, and are said in the language chosen, which the page and the next visit keep', () => {
    setLanguage('la')
    expect(say('approved', { reference: 'S1' })).toBe('ອະນຸມັດ S1 ແລ້ວ')
    expect(document.documentElement.lang).toBe('lo')
    expect(localStorage.getItem('ops-language')).toBe('la')
    expect(currentLanguage()).toBe('la')
    setLanguage('th')
    expect(say('approved', { reference: 'S1' })).toBe('อนุมัติ S1 แล้ว')
    expect(document.documentElement.lang).toBe('th')
  })
})

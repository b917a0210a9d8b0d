// The staff console says each spec 8 slip reason as the player's app does (issue 53 §1): its own
// words, since it imports nothing of the app, held here to the app's catalogue in Thai and English.
import { afterEach, describe, expect, it } from 'vitest'
import { slipReasonCodes } from '../../contract/errorCodes'
import en from '../../src/i18n/locales/en.json'
import th from '../../src/i18n/locales/th.json'
import { setLanguage, slipReason } from '../../ops/lib/i18n'

afterEach(() => setLanguage('en'))

describe("the console's slip reasons", () => {
  it.each([['th', th.slipReasons], ['en', en.slipReasons]] as const)('are the app\'s in %s, every code of the contract', (language, words) => {
    setLanguage(language)
    expect(Object.fromEntries(slipReasonCodes.map((code) => [code, slipReason(code)]))).toEqual(words)
  })

  it('say a code they do not know as it came', () => {
    expect(slipReason('NEW_REASON')).toBe('NEW_REASON')
  })
})

import { describe, expect, it } from 'vitest'
import { setPlatformForTests } from '../../src/platform'
import { holdClosingConfirmation } from '../../src/platform/closingGuard'
import { stubPlatform } from '../renderScreen'

describe('closing confirmation holders', () => {
  it('is on while any holder holds it and off after the last release', () => {
    const platform = stubPlatform()
    setPlatformForTests(platform)
    const pending = holdClosingConfirmation()
    const qr = holdClosingConfirmation()
    expect(platform.setClosingConfirmation.mock.calls).toEqual([[true]])
    pending()
    pending() // a second release of the same holder changes nothing
    expect(platform.setClosingConfirmation.mock.calls).toEqual([[true]])
    qr()
    expect(platform.setClosingConfirmation.mock.calls).toEqual([[true], [false]])
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../src/api/config'
import { idempotencyHeaders, newActionKey } from '../../src/api/idempotency'
import { baseConfig } from '../renderScreen'

async function withConfig(idempotencyKeys: boolean | undefined) {
  const config = { ...baseConfig(), ...(idempotencyKeys === undefined ? {} : { idempotencyKeys }) }
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(config))))
  await loadConfig('/test-config.json')
}

afterEach(() => vi.unstubAllGlobals())

describe('Idempotency-Key on money calls', () => {
  it('sends the action key when the config enables it', async () => {
    await withConfig(true)
    expect(idempotencyHeaders('abc')).toEqual({ 'Idempotency-Key': 'abc' })
  })

  it('sends nothing when the operator config leaves it out or turns it off', async () => {
    await withConfig(undefined)
    expect(idempotencyHeaders('abc')).toEqual({})
    await withConfig(false)
    expect(idempotencyHeaders('abc')).toEqual({})
  })

  it('makes a new key per action, in the characters the server accepts', () => {
    const keys = new Set(Array.from({ length: 50 }, newActionKey))
    expect(keys.size).toBe(50)
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{1,128}$/)
  })
})

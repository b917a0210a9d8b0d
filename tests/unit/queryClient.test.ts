import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient, forgetMemberWhenSessionEnds, readAgainInNewLanguage } from '../../src/api/queryClient'
import { changeLanguage, currentLanguage, initI18n } from '../../src/i18n/i18n'
import { walletKeys } from '../../src/api/wallet'
import { signIn, signOut } from '../../src/state/session'
import { ApiError } from '../../src/api/errors'
import { TOAST_MS, ui } from '../../src/state/ui'

let client: QueryClient

beforeEach(() => {
  ui.toasts.splice(0)
  client = createQueryClient()
})

afterEach(() => {
  client.clear()
  vi.useRealTimers()
})

const toastTexts = () => ui.toasts.map((toast) => toast.text)

function failingQuery(error: Error, meta?: { silent?: boolean }, queryFn = vi.fn().mockRejectedValue(error)) {
  return {
    run: () => client.fetchQuery({ queryKey: ['q', Math.random()], queryFn, meta, retryDelay: 0 }),
    queryFn,
  }
}

function runMutation(error: Error, meta?: { handlesError?: boolean }) {
  const mutationFn = vi.fn().mockRejectedValue(error)
  const observer = new MutationObserver(client, { mutationFn, meta })
  return { done: observer.mutate(undefined), mutationFn }
}

describe('failed queries', () => {
  it('toast their message as an error', async () => {
    await expect(failingQuery(new ApiError('NO_DATA', 404)).run()).rejects.toBeInstanceOf(ApiError)
    expect(ui.toasts).toHaveLength(1)
    expect(ui.toasts[0]).toMatchObject({ kind: 'error', text: 'NO_DATA' })
  })

  it('toast a raw server message as it came', async () => {
    await expect(failingQuery(new ApiError('Something odd', 400)).run()).rejects.toThrow()
    expect(toastTexts()).toEqual(['Something odd'])
  })

  it('toast errors that are not ApiErrors (after retrying them)', async () => {
    await expect(failingQuery(new Error('boom')).run()).rejects.toThrow('boom')
    expect(toastTexts()).toEqual(['boom'])
  })

  it('stay quiet with meta.silent', async () => {
    await expect(failingQuery(new ApiError('NO_DATA', 404), { silent: true }).run()).rejects.toThrow()
    expect(ui.toasts).toHaveLength(0)
  })

  it('never toast a handled ApiError', async () => {
    await expect(failingQuery(new ApiError('gone', 410, true)).run()).rejects.toThrow()
    expect(ui.toasts).toHaveLength(0)
  })
})

describe('failed mutations', () => {
  it('toast their message', async () => {
    const { done } = runMutation(new ApiError('MONEY_NOT_ENOUGH', 400))
    await expect(done).rejects.toBeInstanceOf(ApiError)
    expect(ui.toasts).toHaveLength(1)
    expect(ui.toasts[0]).toMatchObject({ kind: 'error', text: 'MONEY_NOT_ENOUGH' })
  })

  it('stay quiet with meta.handlesError', async () => {
    const { done } = runMutation(new ApiError('TRANSFER_FAIL', 400), { handlesError: true })
    await expect(done).rejects.toThrow()
    expect(ui.toasts).toHaveLength(0)
  })

  it('never toast a handled ApiError', async () => {
    const { done } = runMutation(new ApiError('invalid token', 401, true))
    await expect(done).rejects.toThrow()
    expect(ui.toasts).toHaveLength(0)
  })

  it('are never retried, even on network errors', async () => {
    const { done, mutationFn } = runMutation(new ApiError('network'))
    await expect(done).rejects.toThrow()
    expect(mutationFn).toHaveBeenCalledTimes(1)
  })
})

describe('query retries', () => {
  it.each([400, 401, 404, 422])('do not retry a %i ApiError', async (status) => {
    const { run, queryFn } = failingQuery(new ApiError('NO_DATA', status))
    await expect(run()).rejects.toThrow()
    expect(queryFn).toHaveBeenCalledTimes(1)
  })

  it('retry network errors (three retries, then give up and toast once)', async () => {
    const { run, queryFn } = failingQuery(new ApiError('network'))
    await expect(run()).rejects.toThrow()
    expect(queryFn).toHaveBeenCalledTimes(4)
    expect(ui.toasts).toHaveLength(1)
  })

  it('retry timeouts and 5xx answers', async () => {
    const timeout = failingQuery(new ApiError('timeout'))
    await expect(timeout.run()).rejects.toThrow()
    expect(timeout.queryFn).toHaveBeenCalledTimes(4)
    const server = failingQuery(new ApiError('INTERNAL_SERVER_ERROR', 500))
    await expect(server.run()).rejects.toThrow()
    expect(server.queryFn).toHaveBeenCalledTimes(4)
  })

  it('succeed when a retry works', async () => {
    const queryFn = vi.fn().mockRejectedValueOnce(new ApiError('network')).mockResolvedValue({ ok: true })
    await expect(failingQuery(new Error('unused'), undefined, queryFn).run()).resolves.toEqual({ ok: true })
    expect(queryFn).toHaveBeenCalledTimes(2)
    expect(ui.toasts).toHaveLength(0)
  })

  it('do not retry a handled ApiError', async () => {
    const { run, queryFn } = failingQuery(new ApiError('gone', undefined, true))
    await expect(run()).rejects.toThrow()
    expect(queryFn).toHaveBeenCalledTimes(1)
  })

  it('back off with the default delay between retries', async () => {
    vi.useFakeTimers()
    const queryFn = vi.fn().mockRejectedValue(new ApiError('network'))
    const result = client.fetchQuery({ queryKey: ['backoff'], queryFn }).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(0)
    expect(queryFn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(2000)
    expect(queryFn).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(4000 + 8000)
    expect(queryFn).toHaveBeenCalledTimes(4)
    expect(await result).toBeInstanceOf(ApiError)
  })
})

describe('toast lifetime (spec 8, 9: 4 s)', () => {
  it('removes the toast after TOAST_MS', async () => {
    expect(TOAST_MS).toBe(4000)
    vi.useFakeTimers()
    await expect(failingQuery(new ApiError('NO_DATA', 404)).run()).rejects.toThrow()
    expect(ui.toasts).toHaveLength(1)
    vi.advanceTimersByTime(TOAST_MS - 1)
    expect(ui.toasts).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(ui.toasts).toHaveLength(0)
  })
})

describe('a session that ends', () => {
  afterEach(() => signOut())

  it("takes its member's data, and leaves the service check /login is reading at that moment", async () => {
    const stop = forgetMemberWhenSessionEnds(client)
    signIn('tok', true)
    client.setQueryData(walletKeys.detail(), { wallet: { amount: 1500 } })
    let answer: (value: { isActive: boolean; terminated: boolean }) => void = () => undefined
    const check = client.fetchQuery({ queryKey: ['lookup', 'active'], queryFn: () => new Promise((resolve) => (answer = resolve)) })
    signOut('invalid-token')
    await vi.waitFor(() => expect(client.getQueryData(walletKeys.detail())).toBeUndefined())
    answer({ isActive: false, terminated: false })
    await expect(check).resolves.toEqual({ isActive: false, terminated: false })
    stop()
  })
})

describe('a change of language (issue 51)', () => {
  it("reads what the screens show again, in the new language; a read on its way in the old one gives way", async () => {
    await initI18n('en')
    const stop = readAgainInNewLanguage(client)
    const asked: string[] = []
    let answer: () => void = () => undefined
    const queryFn = () => {
      const language = currentLanguage()
      asked.push(language)
      return new Promise<string>((resolve) => (answer = () => resolve(`cards in ${language}`)))
    }
    const shown = new QueryObserver(client, { queryKey: ['bonus', 'list'], queryFn })
    const unsubscribe = shown.subscribe(() => undefined)
    try {
      await vi.waitFor(() => expect(asked).toEqual(['en']))
      // On its way when the language changes: asked again in the new one, whose answer is shown.
      const old = answer
      await changeLanguage('th', { store: false })
      await vi.waitFor(() => expect(asked).toEqual(['en', 'th']))
      old()
      answer()
      await vi.waitFor(() => expect(client.getQueryData(['bonus', 'list'])).toBe('cards in th'))
      // Shown and settled: read again in the new language.
      await changeLanguage('la', { store: false })
      await vi.waitFor(() => expect(asked).toEqual(['en', 'th', 'la']))
      answer()
      await vi.waitFor(() => expect(client.getQueryData(['bonus', 'list'])).toBe('cards in la'))
      // A read someone awaits (the banners before the invite modal) is not cancelled under them.
      let banners: (value: string[]) => void = () => undefined
      const awaited = client.fetchQuery({ queryKey: ['rewards', 'invite', 'banners'], queryFn: () => new Promise<string[]>((resolve) => (banners = resolve)) })
      await changeLanguage('th', { store: false })
      banners(['banner'])
      await expect(awaited).resolves.toEqual(['banner'])
    } finally {
      unsubscribe()
      stop()
      await changeLanguage('en', { store: false })
    }
  })
})

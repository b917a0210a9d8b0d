// Quick unlock inside Telegram (issue 31): the screens as a player meets them, with Telegram's
// biometry stubbed (what the app does with its answers; the bridge itself is driven by the
// browser tests, e2e/telegram/quickUnlock.spec.ts).
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import '../../src/i18n/identityStrings'
import { LoginScreen } from '../../src/app/identity'
import QuickUnlockSection from '../../src/features/identity/QuickUnlockSection'
import type { BiometricVault, BiometryStatus } from '../../src/platform/types'
import { session, signIn } from '../../src/state/session'
import { PromptHost, withdrawHeld } from '../heldWithdrawal'
import { BankAccountNameModal } from '../../src/features/wallet/withdraw/BankAccountNameModal'
import { renderScreen, text, type Call, type Routes } from '../renderScreen'

const TELEGRAM_ON = { identity: { telegram: true, line: false, passkeys: false, stepUpMinutes: 15 } }
const SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I'
const face = () => text('identity.quickUnlock.biometry.face')
const posts = (calls: Call[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url)

/** Telegram's BiometricManager on a phone with Face ID: `saved` when it keeps a secret. */
function faceId(status: Partial<BiometryStatus> = {}, answers: { keeps?: boolean; opens?: string | null } = {}) {
  let current: BiometryStatus = { kind: 'face', saved: false, denied: false, ...status }
  const biometry = {
    status: vi.fn(async () => current),
    keep: vi.fn(async () => {
      if (answers.keeps === false) return false
      current = { ...current, saved: true }
      return true
    }),
    open: vi.fn(async () => (answers.opens === undefined ? SECRET : answers.opens)),
    forget: vi.fn(async () => {
      current = { ...current, saved: false }
    }),
    openSettings: vi.fn(),
  } satisfies BiometricVault
  return biometry
}

describe('signing in with quick unlock at /login', () => {
  async function openLogin(biometry: BiometricVault, api: Routes) {
    const screenApi = await renderScreen(<LoginScreen />, { path: '/login?redirect=%2Fuser%2Fprofile', config: TELEGRAM_ON, platform: { kind: 'telegram', biometry }, api })
    const button = await screen.findByRole('button', { name: text('identity.quickUnlock.signIn', { biometry: face() }) })
    await screenApi.user.type(screen.getByLabelText(text('fields.phone')), '0812345678')
    return { ...screenApi, button }
  }

  it('the face, then the secret to the server: signed in where the player was going', async () => {
    const biometry = faceId({ saved: true })
    const { user, calls, button, location } = await openLogin(biometry, { 'POST /api/login/quick-unlock': { token: 'qu-token' } })
    await user.click(button)
    await waitFor(() => expect(location()).toBe('/user/profile'))
    expect(biometry.open).toHaveBeenCalledWith(text('identity.quickUnlock.reason'))
    expect(posts(calls, '/api/login/quick-unlock').map((call) => call.body)).toEqual([{ secret: SECRET }])
    expect(session.token).toBe('qu-token')
  })

  it('a face not recognised (or the prompt closed) sends nothing and keeps what was typed', async () => {
    const biometry = faceId({ saved: true }, { opens: null })
    const { user, calls, button } = await openLogin(biometry, {})
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(text('identity.quickUnlock.notOpened'))
    expect(posts(calls, '/api/login/quick-unlock')).toHaveLength(0)
    expect(screen.getByLabelText(text('fields.phone'))).toHaveValue('0812345678')
    expect(session.token).toBeNull()
  })

  it('a secret the server no longer holds is forgotten on the phone, and the button goes', async () => {
    const biometry = faceId({ saved: true })
    const { user, button } = await openLogin(biometry, { 'POST /api/login/quick-unlock': [401, { message: 'QUICK_UNLOCK_INVALID' }] })
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(text('errors.QUICK_UNLOCK_INVALID'))
    expect(biometry.forget).toHaveBeenCalled()
    await waitFor(() => expect(screen.queryByRole('button', { name: text('identity.quickUnlock.signIn', { biometry: face() }) })).toBeNull())
    expect(screen.getByLabelText(text('fields.phone'))).toHaveValue('0812345678')
  })

  it('a phone that turned it on is offered it first, above the form, in a place held before Telegram answers', async () => {
    let answer: (status: BiometryStatus) => void = () => undefined
    const biometry = { ...faceId(), status: vi.fn(() => new Promise<BiometryStatus>((resolve) => { answer = resolve })) }
    await renderScreen(<LoginScreen />, {
      path: '/login', config: TELEGRAM_ON, platform: { kind: 'telegram', biometry },
      setup: () => localStorage.setItem('quick-unlock-id', '7'),
    })
    const phone = await screen.findByLabelText(text('fields.phone'))
    const slot = document.querySelector('.auth-quick-unlock')
    expect(slot).not.toBeNull()
    expect(slot!.compareDocumentPosition(phone) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await waitFor(() => expect(biometry.status).toHaveBeenCalled())
    answer({ kind: 'face', saved: true, denied: false })
    const button = await screen.findByRole('button', { name: text('identity.quickUnlock.signIn', { biometry: face() }) })
    expect(slot!.contains(button)).toBe(true)
  })

  it('in Thai the Latin name is set apart with spaces, a Thai name is not', async () => {
    await renderScreen(<LoginScreen />, { path: '/login', language: 'th', config: TELEGRAM_ON, platform: { kind: 'telegram', biometry: faceId({ saved: true }) } })
    // The joiner keeps the compound on one line (contract/lib/unbroken.ts).
    expect(await screen.findByRole('button', { name: 'ปลด\u2060ล็อกด้วย Face ID' })).toBeVisible()
  })

  it('in Thai a fingerprint is written on, with no space', async () => {
    await renderScreen(<LoginScreen />, { path: '/login', language: 'th', config: TELEGRAM_ON, platform: { kind: 'telegram', biometry: faceId({ saved: true, kind: 'finger' }) } })
    expect(await screen.findByRole('button', { name: 'ปลด\u2060ล็อกด้วยลายนิ้วมือ' })).toBeVisible()
  })

  it('is not offered where this phone keeps no secret, nor with the Telegram identity off', async () => {
    await renderScreen(<LoginScreen />, { path: '/login', config: TELEGRAM_ON, platform: { kind: 'telegram', biometry: faceId() } })
    await screen.findByLabelText(text('fields.phone'))
    await waitFor(() => expect(screen.queryByRole('button', { name: text('identity.quickUnlock.signIn', { biometry: face() }) })).toBeNull())
  })
})

describe('quick unlock in the profile', () => {
  /** `ownId`: the quick unlock this phone keeps, by the server's id. */
  async function openSection(biometry: BiometricVault, api: Routes, ownId?: number) {
    const screenApi = await renderScreen(<QuickUnlockSection biometry={biometry} />, {
      path: '/user/profile', config: TELEGRAM_ON, platform: { kind: 'telegram', biometry }, api,
      setup: () => {
        signIn('pw', false)
        if (ownId) localStorage.setItem('quick-unlock-id', String(ownId))
      },
    })
    const section = await screen.findByRole('region', { name: text('identity.quickUnlock.title') })
    return { ...screenApi, section }
  }

  it('turned on: the server makes the secret, Telegram keeps it, and the card says on', async () => {
    const biometry = faceId()
    let listed = { quickUnlocks: [] as { id: number; createdAt: number; lastUsedAt: null }[] }
    const { user, calls, section } = await openSection(biometry, {
      'GET /api/account/quick-unlock': () => listed,
      'POST /api/account/quick-unlock': () => {
        listed = { quickUnlocks: [{ id: 7, createdAt: Date.UTC(2026, 10, 1), lastUsedAt: null }] }
        return { id: 7, secret: SECRET }
      },
    })
    await user.click(await within(section).findByRole('button', { name: text('identity.quickUnlock.turnOn', { biometry: face() }) }))
    expect(await within(section).findByRole('button', { name: text('identity.quickUnlock.turnOff') })).toBeVisible()
    expect(biometry.keep).toHaveBeenCalledWith(SECRET, text('identity.quickUnlock.keepReason'))
    expect(posts(calls, '/api/account/quick-unlock')).toHaveLength(1)
    expect(screen.getByText(text('identity.quickUnlock.turnedOn'))).toBeVisible()
  })

  it('a secret Telegram could not keep is removed from the server at once, and the card says why', async () => {
    const biometry = faceId({}, { keeps: false })
    const { user, calls, section } = await openSection(biometry, {
      'GET /api/account/quick-unlock': { quickUnlocks: [] },
      'POST /api/account/quick-unlock': { id: 8, secret: SECRET },
      'DELETE /api/account/quick-unlock/8': { quickUnlocks: [] },
    })
    await user.click(await within(section).findByRole('button', { name: text('identity.quickUnlock.turnOn', { biometry: face() }) }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(text('identity.quickUnlock.notKept'))
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/account/quick-unlock/8'])
  })

  it('turned off after a confirmation: the server forgets them all and Telegram this phone\'s secret', async () => {
    const biometry = faceId({ saved: true })
    const { user, calls, section } = await openSection(biometry, {
      'GET /api/account/quick-unlock': { quickUnlocks: [{ id: 7, createdAt: Date.UTC(2026, 10, 1), lastUsedAt: null }] },
      'DELETE /api/account/quick-unlock': { quickUnlocks: [] },
    }, 7)
    await user.click(await within(section).findByRole('button', { name: text('identity.quickUnlock.turnOff') }))
    const confirm = await screen.findByRole('alertdialog', { name: text('identity.quickUnlock.offTitle') })
    // The answer that keeps it says so: it stays on (not a messenger's "keep it linked").
    expect(within(confirm).getByRole('button', { name: text('identity.keepOn') })).toBeVisible()
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: text('identity.quickUnlock.offConfirm') }))
    expect(await within(section).findByRole('button', { name: text('identity.quickUnlock.turnOn', { biometry: face() }) })).toBeVisible()
    expect(biometry.forget).toHaveBeenCalled()
    expect(localStorage.getItem('quick-unlock-id')).toBeNull()
  })

  it('biometry refused in Telegram: the way back is Telegram\'s settings', async () => {
    const biometry = faceId({ denied: true })
    const { user, section } = await openSection(biometry, { 'GET /api/account/quick-unlock': { quickUnlocks: [] } })
    await user.click(await within(section).findByRole('button', { name: text('identity.quickUnlock.openSettings') }))
    expect(biometry.openSettings).toHaveBeenCalled()
  })
})

describe('quick unlock answers the password asked again', () => {
  const held = (biometry: BiometricVault, more: Routes) =>
    withdrawHeld({ config: TELEGRAM_ON, platform: { kind: 'telegram', biometry }, setup: () => signIn('tg', false, { openedBy: 'telegram' }) }, more)

  it('the face sends the secret, and the same withdrawal goes once more with the same key', async () => {
    const biometry = faceId({ saved: true })
    const { user, calls, modal, prompt } = await held(biometry, { 'POST /api/account/step-up/quick-unlock': { message: 'OK' } })
    await user.click(await within(prompt).findByRole('button', { name: text('identity.quickUnlock.stepUp', { biometry: face() }) }))
    expect(await within(modal).findByText(text('withdraw.success'))).toBeVisible()
    expect(posts(calls, '/api/account/step-up/quick-unlock').map((call) => call.body)).toEqual([{ secret: SECRET }])
    expect(posts(calls, '/api/account/step-up')).toEqual([])
    const sent = posts(calls, '/api/wallet/withdrawAll')
    expect(sent).toHaveLength(2)
    expect(sent[1].headers['Idempotency-Key']).toBe(sent[0].headers['Idempotency-Key'])
  })

  it('a secret the server no longer holds leaves the password, which still works', async () => {
    const biometry = faceId({ saved: true })
    const { user, calls, modal, prompt } = await held(biometry, {
      'POST /api/account/step-up/quick-unlock': [401, { message: 'QUICK_UNLOCK_INVALID' }],
      'POST /api/account/step-up': { message: 'OK' },
    })
    await user.click(await within(prompt).findByRole('button', { name: text('identity.quickUnlock.stepUp', { biometry: face() }) }))
    expect(await within(prompt).findByRole('alert')).toHaveTextContent(text('errors.QUICK_UNLOCK_INVALID'))
    await waitFor(() => expect(within(prompt).queryByRole('button', { name: text('identity.quickUnlock.stepUp', { biometry: face() }) })).toBeNull())
    await user.type(within(prompt).getByLabelText(text('fields.password'), { selector: 'input' }), 'demo1234{Enter}')
    expect(await within(modal).findByText(text('withdraw.success'))).toBeVisible()
    expect(posts(calls, '/api/wallet/withdrawAll')).toHaveLength(2)
  })
})

// Issue 47: a quick unlock proves the player for a withdrawal, never for a bank account change.
describe('a bank account change asked for the password again', () => {
  it('offers no quick unlock, only the password, and then sends the same change once more', async () => {
    const biometry = faceId({ saved: true })
    let asked = 0
    const saved = vi.fn()
    const { user, calls } = await renderScreen(<><BankAccountNameModal open bankCode="KTB" onClose={() => undefined} onSaved={saved} /><PromptHost /></>, {
      path: '/user/home', config: TELEGRAM_ON, platform: { kind: 'telegram', biometry },
      setup: () => signIn('tg', false, { openedBy: 'telegram' }),
      api: {
        'PUT /api/account/bankAccountName': () => (asked++ === 0 ? [403, { message: 'STEP_UP_REQUIRED' }] : { message: 'OK' }),
        'POST /api/account/step-up': { message: 'OK' },
      },
    })
    const nameModal = await screen.findByRole('dialog', { name: text('withdraw.nameTitle') })
    await user.type(within(nameModal).getByLabelText(text('withdraw.nameLabel')), 'somchai jaidee')
    await user.click(within(nameModal).getByRole('button', { name: text('withdraw.nameSave') }))
    const prompt = await screen.findByRole('dialog', { name: text('stepUp.title') })
    expect(within(prompt).getByLabelText(text('fields.password'), { selector: 'input' })).toBeVisible()
    expect(within(prompt).queryByRole('button', { name: text('identity.quickUnlock.stepUp', { biometry: face() }) })).toBeNull()
    expect(biometry.open).not.toHaveBeenCalled()
    await user.type(within(prompt).getByLabelText(text('fields.password'), { selector: 'input' }), 'demo1234{Enter}')
    await waitFor(() => expect(saved).toHaveBeenCalledWith('SOMCHAI JAIDEE'))
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' }, { bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' },
    ])
  })
})

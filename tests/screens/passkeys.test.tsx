// Quick unlock by a passkey in a plain browser (issue 31): the profile's section as a player meets
// it. The browser's WebAuthn (@simplewebauthn/browser, loaded lazily) is mocked: what the app does
// with its answer, a closed sheet and a failure.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { passkeysOffered } from '../../src/api/identity/passkeysOffered'
import { LoginScreen } from '../../src/app/identity'
import PasskeysSection from '../../src/features/identity/PasskeysSection'
import { session, signIn } from '../../src/state/session'
import { PromptHost, withdrawHeld } from '../heldWithdrawal'
import { renderScreen, text, type Call, type Routes } from '../renderScreen'

const webAuthn = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }))
vi.mock('@simplewebauthn/browser', () => webAuthn)

const PASSKEYS_ON = { identity: { telegram: false, line: false, passkeys: true, stepUpMinutes: 15 } }
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Wallet', id: 'localhost' }, user: { id: 'dQ', name: '0812345678', displayName: '0812345678' }, pubKeyCredParams: [] }
const REGISTRATION = { id: 'cred1', rawId: 'cred1', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'o2M' }, clientExtensionResults: {} }
const ONE = { passkeys: [{ id: 4, createdAt: Date.UTC(2026, 0, 2, 3, 4, 5), lastUsedAt: null }] }
const TWO = { passkeys: [...ONE.passkeys, { id: 9, createdAt: Date.UTC(2026, 0, 3), lastUsedAt: Date.UTC(2026, 0, 4) }] }

const posts = (calls: Call[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url)

async function openSection(api: Routes) {
  const screenApi = await renderScreen(<><PasskeysSection /><PromptHost /></>, {
    path: '/user/profile', config: PASSKEYS_ON, setup: () => signIn('pw', false), api,
  })
  const section = await screen.findByRole('region', { name: text('identity.passkeysTitle') })
  // The list has come: the section's buttons are there.
  await within(section).findByRole('button', { name: text('identity.passkeyAdd') })
  return { ...screenApi, section }
}

const notAllowed = () => Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' })

beforeEach(() => {
  webAuthn.startRegistration.mockReset()
  webAuthn.startAuthentication.mockReset()
})

const ASSERTION = { id: 'cred1', rawId: 'cred1', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'cw' }, clientExtensionResults: {} }
const REQUEST_OPTIONS = { challenge: 'bG9naW4', rpId: 'localhost' }
const withWebAuthn = () => Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} })

describe('signing in with a passkey', () => {
  beforeEach(withWebAuthn)
  afterEach(() => {
    Reflect.deleteProperty(window, 'PublicKeyCredential')
  })

  async function openLogin(api: Routes) {
    const screenApi = await renderScreen(<LoginScreen />, { path: '/login?redirect=%2Fuser%2Fprofile', config: PASSKEYS_ON, api })
    const button = await screen.findByRole('button', { name: text('identity.passkeySignIn') })
    await screenApi.user.type(screen.getByLabelText(text('fields.phone')), '0812345678')
    await screenApi.user.type(screen.getByLabelText(text('fields.password'), { selector: 'input' }), 'half-typed')
    return { ...screenApi, button }
  }
  const typedAsBefore = () => {
    expect(screen.getByLabelText(text('fields.phone'))).toHaveValue('0812345678')
    expect(screen.getByLabelText(text('fields.password'), { selector: 'input' })).toHaveValue('half-typed')
  }

  it('keeps the session as the remember-me box says and lands where the player was going', async () => {
    webAuthn.startAuthentication.mockResolvedValue(ASSERTION)
    const { user, calls, button, location } = await openLogin({
      'POST /api/login/passkey/options': REQUEST_OPTIONS,
      'POST /api/login/passkey': { token: 'pk-token' },
    })
    await user.click(screen.getByRole('checkbox', { name: text('login.remember') }))
    await user.click(button)
    await waitFor(() => expect(location()).toBe('/user/profile'))
    expect(webAuthn.startAuthentication.mock.calls[0][0]).toEqual({ optionsJSON: REQUEST_OPTIONS })
    expect(posts(calls, '/api/login/passkey').map((call) => call.body)).toEqual([ASSERTION])
    expect(posts(calls, '/api/login')).toEqual([])
    expect(session.token).toBe('pk-token')
    expect(localStorage.getItem('token')).toBe('pk-token')
  })

  it('a closed passkey sheet leaves the form as typed and says nothing', async () => {
    webAuthn.startAuthentication.mockRejectedValue(notAllowed())
    const { user, calls, button, settled, location } = await openLogin({ 'POST /api/login/passkey/options': REQUEST_OPTIONS })
    await user.click(button)
    await waitFor(() => expect(webAuthn.startAuthentication).toHaveBeenCalledTimes(1))
    await settled()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(posts(calls, '/api/login/passkey')).toEqual([])
    expect(session.token).toBeNull()
    expect(location()).toBe('/login?redirect=%2Fuser%2Fprofile')
    typedAsBefore()
  })

  it('says why when the server refuses the passkey, the form as typed', async () => {
    webAuthn.startAuthentication.mockResolvedValue(ASSERTION)
    const { user, button } = await openLogin({
      'POST /api/login/passkey/options': REQUEST_OPTIONS,
      'POST /api/login/passkey': [401, { message: 'PASSKEY_UNKNOWN' }],
    })
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(text('errors.PASSKEY_UNKNOWN'))
    expect(session.token).toBeNull()
    typedAsBefore()
  })

  it('is not offered in Telegram or LINE, even with passkeys on', async () => {
    await renderScreen(<LoginScreen />, { path: '/login', config: PASSKEYS_ON, platform: { kind: 'telegram' } })
    await screen.findByLabelText(text('fields.phone'))
    expect(screen.queryByRole('button', { name: text('identity.passkeySignIn') })).toBeNull()
  })
})

describe("the profile's quick unlock", () => {
  it('asks the password again when the server wants it, then adds the passkey the browser made and lists it', async () => {
    let asked = 0
    webAuthn.startRegistration.mockResolvedValue(REGISTRATION)
    const { user, calls, section } = await openSection({
      'GET /api/account/passkeys': { passkeys: [] },
      'POST /api/account/passkeys/options': () => (asked++ === 0 ? [403, { message: 'STEP_UP_REQUIRED' }] : OPTIONS),
      'POST /api/account/step-up': { message: 'OK' },
      'POST /api/account/passkeys': ONE,
    })
    expect(within(section).getByText(text('identity.passkeysEmpty'))).toBeVisible()
    await user.click(within(section).getByRole('button', { name: text('identity.passkeyAdd') }))
    const prompt = await screen.findByRole('dialog', { name: text('stepUp.title') })
    await user.type(within(prompt).getByLabelText(text('fields.password'), { selector: 'input' }), 'demo1234{Enter}')
    expect(await within(section).findByText(text('identity.passkeyName', { number: 1 }))).toBeVisible()
    expect(posts(calls, '/api/account/step-up').map((call) => call.body)).toEqual([{ password: 'demo1234' }])
    expect(posts(calls, '/api/account/passkeys/options')).toHaveLength(2)
    expect(webAuthn.startRegistration).toHaveBeenCalledTimes(1)
    expect(webAuthn.startRegistration.mock.calls[0][0]).toEqual({ optionsJSON: OPTIONS })
    expect(posts(calls, '/api/account/passkeys').map((call) => call.body)).toEqual([REGISTRATION])
    expect(within(section).getByRole('button', { name: text('identity.passkeysOff') })).toBeVisible()
    expect(within(section).queryByRole('alert')).toBeNull()
  })

  it('a closed passkey sheet changes nothing and says nothing', async () => {
    webAuthn.startRegistration.mockRejectedValue(notAllowed())
    const { user, calls, section, settled } = await openSection({
      'GET /api/account/passkeys': { passkeys: [] },
      'POST /api/account/passkeys/options': OPTIONS,
    })
    await user.click(within(section).getByRole('button', { name: text('identity.passkeyAdd') }))
    await waitFor(() => expect(webAuthn.startRegistration).toHaveBeenCalledTimes(1))
    await settled()
    expect(within(section).getByRole('button', { name: text('identity.passkeyAdd') })).not.toRefusePresses()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(posts(calls, '/api/account/passkeys')).toEqual([])
    expect(within(section).getByText(text('identity.passkeysEmpty'))).toBeVisible()
  })

  it("says plainly when the browser's passkey fails, and when the server refuses it", async () => {
    webAuthn.startRegistration.mockRejectedValueOnce(Object.assign(new Error('boom'), { name: 'InvalidStateError' })).mockResolvedValueOnce(REGISTRATION)
    const { user, section } = await openSection({
      'GET /api/account/passkeys': { passkeys: [] },
      'POST /api/account/passkeys/options': OPTIONS,
      'POST /api/account/passkeys': [409, { message: 'PASSKEY_REGISTERED' }],
    })
    await user.click(within(section).getByRole('button', { name: text('identity.passkeyAdd') }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(text('identity.passkeyFailed'))
    await user.click(within(section).getByRole('button', { name: text('identity.passkeyAdd') }))
    await waitFor(() => expect(within(section).getByRole('alert')).toHaveTextContent(text('errors.PASSKEY_REGISTERED')))
  })

  it('removes one passkey, and all of them (quick unlock off), only after a confirmation', async () => {
    const { user, calls, section } = await openSection({
      'GET /api/account/passkeys': TWO,
      'DELETE /api/account/passkeys/4': { passkeys: [TWO.passkeys[1]] },
      'DELETE /api/account/passkeys': { passkeys: [] },
    })
    const removeFirst = await within(section).findByRole('button', { name: `${text('identity.passkeyRemove')} ${text('identity.passkeyName', { number: 1 })}` })
    await user.click(removeFirst)
    await user.click(within(screen.getByRole('alertdialog', { name: text('identity.passkeyRemoveTitle') })).getByRole('button', { name: text('identity.keepOn') }))
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([])
    await user.click(removeFirst)
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: text('identity.passkeyRemove') }))
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1))
    await user.click(within(section).getByRole('button', { name: text('identity.passkeysOff') }))
    await user.click(within(screen.getByRole('alertdialog', { name: text('identity.passkeysOffTitle') })).getByRole('button', { name: text('identity.passkeysOffConfirm') }))
    expect(await within(section).findByText(text('identity.passkeysEmpty'))).toBeVisible()
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/account/passkeys/4', '/api/account/passkeys'])
  })
})

describe('where passkeys are offered', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'PublicKeyCredential')
  })

  it('only in a plain browser that has WebAuthn, and only when the operator switched them on', async () => {
    await renderScreen(<p />, { path: '/login', config: PASSKEYS_ON })
    expect(passkeysOffered('browser')).toBe(false)
    Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} })
    expect(passkeysOffered('browser')).toBe(true)
    expect(passkeysOffered('telegram')).toBe(false)
    expect(passkeysOffered('line')).toBe(false)
    await renderScreen(<p />, { path: '/login', config: { identity: { telegram: true, line: true, stepUpMinutes: 15 } } })
    expect(passkeysOffered('browser')).toBe(false)
  })
})

describe('the password asked again, answered by a passkey', () => {
  beforeEach(withWebAuthn)
  afterEach(() => {
    Reflect.deleteProperty(window, 'PublicKeyCredential')
  })

  const withdrawHeldForPasskey = (more: Routes) =>
    withdrawHeld({ config: PASSKEYS_ON, setup: () => signIn('pw', false) }, { 'POST /api/account/step-up/passkey/options': REQUEST_OPTIONS, ...more })

  it('the passkey lets the same withdrawal go once more, with the same key', async () => {
    webAuthn.startAuthentication.mockResolvedValue(ASSERTION)
    const { user, calls, modal, prompt } = await withdrawHeldForPasskey({ 'POST /api/account/step-up/passkey': { message: 'OK' } })
    await user.click(within(prompt).getByRole('button', { name: text('identity.passkeyStepUp') }))
    expect(await within(modal).findByText(text('withdraw.success'))).toBeVisible()
    expect(posts(calls, '/api/account/step-up/passkey').map((call) => call.body)).toEqual([ASSERTION])
    expect(posts(calls, '/api/account/step-up')).toEqual([])
    const sent = posts(calls, '/api/wallet/withdrawAll')
    expect(sent).toHaveLength(2)
    expect(sent[1].headers['Idempotency-Key']).toBe(sent[0].headers['Idempotency-Key'])
  })

  it('a passkey the server does not know leaves the password, which still works', async () => {
    webAuthn.startAuthentication.mockResolvedValue(ASSERTION)
    const { user, calls, modal, prompt } = await withdrawHeldForPasskey({
      'POST /api/account/step-up/passkey': [401, { message: 'PASSKEY_UNKNOWN' }],
      'POST /api/account/step-up': { message: 'OK' },
    })
    await user.click(within(prompt).getByRole('button', { name: text('identity.passkeyStepUp') }))
    expect(await within(prompt).findByRole('alert')).toHaveTextContent(text('errors.PASSKEY_UNKNOWN'))
    expect(within(prompt).queryByRole('button', { name: text('identity.passkeyStepUp') })).toBeNull()
    expect(posts(calls, '/api/wallet/withdrawAll')).toHaveLength(1)
    await user.type(within(prompt).getByLabelText(text('fields.password'), { selector: 'input' }), 'demo1234{Enter}')
    expect(await within(modal).findByText(text('withdraw.success'))).toBeVisible()
    expect(posts(calls, '/api/wallet/withdrawAll')).toHaveLength(2)
  })

  it('a closed passkey sheet leaves the prompt as it was', async () => {
    webAuthn.startAuthentication.mockRejectedValue(notAllowed())
    const { user, calls, prompt } = await withdrawHeldForPasskey({})
    await user.click(within(prompt).getByRole('button', { name: text('identity.passkeyStepUp') }))
    await waitFor(() => expect(webAuthn.startAuthentication).toHaveBeenCalledTimes(1))
    // The withdrawal stays held for the prompt: the passkey's own call has settled when its button is free again.
    await waitFor(() => expect(within(prompt).getByRole('button', { name: text('identity.passkeyStepUp') })).not.toRefusePresses())
    expect(within(prompt).queryByRole('alert')).toBeNull()
    expect(screen.getByRole('dialog', { name: text('stepUp.title') })).toBeVisible()
    expect(posts(calls, '/api/account/step-up/passkey')).toEqual([])
    expect(posts(calls, '/api/wallet/withdrawAll')).toHaveLength(1)
  })
})

// Issue 31 section 3: "use my Telegram phone number" on the login form and registration's phone
// step, through the platform adapter only: shown inside Telegram where the server can verify the
// contact, the signed strings sent untouched, the field filled on success, nothing changed on a
// refusal, one request at a time.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { LoginScreen } from '../../src/app/identity'
import { RegisterScreen } from '../../src/app/register'
import type { PhoneContact, SignedContact } from '../../src/platform/types'
// The offer's strings arrive with its lazy chunk; the test names them before the chunk is there.
import '../../src/i18n/identityStrings'
import { type Call, renderScreen, type Routes, type ScreenOptions, text } from '../renderScreen'

const SIGNED: SignedContact = { contact: 'contact=%7B%22user_id%22%3A7%7D&auth_date=1700000100&hash=ab', initData: 'user=%7B%22id%22%3A7%7D&auth_date=1700000000&hash=cd' }
const IDENTITY = { telegram: true, line: false, stepUpMinutes: 10, telegramContact: true }

const host = (answer: SignedContact | null): PhoneContact => ({ request: vi.fn(async () => answer) })
const offer = () => screen.queryByRole('button', { name: text('identity.telegramPhone.use') })
/** The offer's button, once its lazy chunk has arrived. */
const shownOffer = () => screen.findByRole('button', { name: text('identity.telegramPhone.use') })
const phoneField = () => screen.getByLabelText(text('fields.phone'))

async function login(phoneContact: PhoneContact | null, api: Routes = {}, config: ScreenOptions['config'] = { identity: IDENTITY }) {
  return renderScreen(<LoginScreen />, { path: '/login', language: 'en', config, platform: { kind: 'telegram', phoneContact }, api })
}

describe('the offer on the login form', () => {
  it.each([
    ['outside Telegram', null, { identity: IDENTITY }],
    ['where the server cannot verify a contact', host(SIGNED), { identity: { ...IDENTITY, telegramContact: false } }],
    ['while the identity is off', host(SIGNED), {}],
  ])('is not shown %s', async (_where, phoneContact, config) => {
    await login(phoneContact, {}, config)
    expect(phoneField()).toBeVisible()
    expect(offer()).toBeNull()
    // Not on its way either: nothing holds its place.
    expect(document.querySelector('.button-slot')).toBeNull()
  })

  it('fills the phone with the number the server verified, from the strings Telegram signed', async () => {
    const contact = host(SIGNED)
    const screenUnder = await login(contact, { 'POST /api/telegram/contact': { phone: '0891112222' } })
    await screenUnder.user.click(await shownOffer())
    await waitFor(() => expect(phoneField()).toHaveValue('0891112222'))
    expect(screenUnder.calls.find((call) => call.url === '/api/telegram/contact')?.body).toEqual(SIGNED)
    expect(screen.getByText(text('identity.telegramPhone.filled'))).toBeVisible()
  })

  it('leaves the form as it was when the player refuses, and asks the server nothing', async () => {
    const screenUnder = await login(host(null))
    await screenUnder.user.type(phoneField(), '0812')
    await screenUnder.user.click(await shownOffer())
    expect(await screen.findByText(text('identity.telegramPhone.declined'))).toBeVisible()
    expect(phoneField()).toHaveValue('0812')
    expect(screenUnder.calls).toEqual([])
  })

  it('says why the server refused the contact, and keeps what was typed', async () => {
    const screenUnder = await login(host(SIGNED), { 'POST /api/telegram/contact': [403, { message: 'CONTACT_NOT_YOURS' }] })
    await screenUnder.user.type(phoneField(), '0812')
    await screenUnder.user.click(await shownOffer())
    expect(await screen.findByText(text('errors.CONTACT_NOT_YOURS'))).toBeVisible()
    expect(phoneField()).toHaveValue('0812')
    expect(document.querySelectorAll('.toast')).toHaveLength(0)
  })

  it('asks once while a request is pending', async () => {
    let answer: (value: SignedContact | null) => void = () => undefined
    const contact: PhoneContact = { request: vi.fn(() => new Promise<SignedContact | null>((resolve) => (answer = resolve))) }
    const screenUnder = await login(contact)
    const button = await shownOffer()
    await screenUnder.user.click(button)
    expect(button).toRefusePresses()
    await screenUnder.user.click(button)
    expect(contact.request).toHaveBeenCalledTimes(1)
    answer(null)
    await waitFor(() => expect(offer()).not.toRefusePresses())
  })
})

describe('the offer at registration', () => {
  const wizardApi = (otpToken?: string): Routes => ({
    'GET /api/lookup/registerOTP': { registerOTP: true },
    'GET /api/lookup/sources': [],
    'POST /api/telegram/contact': otpToken ? { phone: '0891112222', otpToken } : { phone: '0891112222' },
    'POST /api/otp/send': (call: Call) => (call.body as { otpToken?: string }).otpToken === 'contact-proof'
      ? { code: 'OTP_VERIFIED', otpRef: '', otpToken: '' }
      : { code: 'OK', otpRef: 'ABCD', otpToken: 'otp-token' },
  })
  const wizard = (api: Routes) =>
    renderScreen(<RegisterScreen />, { path: '/register', language: 'en', config: { identity: IDENTITY }, platform: { kind: 'telegram', phoneContact: host(SIGNED) }, api })

  it("with the server's proof, passes the OTP step for that phone", async () => {
    const screenUnder = await wizard(wizardApi('contact-proof'))
    await screen.findByRole('heading', { name: text('register.step1Title') })
    await screenUnder.user.click(await shownOffer())
    expect(await screen.findByText(text('identity.telegramPhone.verified'))).toBeVisible()
    expect(phoneField()).toHaveValue('0891112222')
    await screenUnder.user.click(screen.getByRole('button', { name: text('common.next') }))
    expect(await screen.findByRole('heading', { name: text('register.step3Title') })).toBeVisible()
    expect(screenUnder.calls.find((call) => call.url === '/api/otp/send')?.body).toEqual({ phoneNumber: '0891112222', otpToken: 'contact-proof' })
  })

  it('without it, fills the phone and the code is still sent', async () => {
    const screenUnder = await wizard(wizardApi())
    await screen.findByRole('heading', { name: text('register.step1Title') })
    await screenUnder.user.click(await shownOffer())
    expect(await screen.findByText(text('identity.telegramPhone.filled'))).toBeVisible()
    await screenUnder.user.click(screen.getByRole('button', { name: text('common.next') }))
    expect(await screen.findByRole('heading', { name: text('register.step2Title') })).toBeVisible()
    expect(screenUnder.calls.find((call) => call.url === '/api/otp/send')?.body).toEqual({ phoneNumber: '0891112222' })
  })

  it('a proof is dropped once the player types another phone', async () => {
    const screenUnder = await wizard(wizardApi('contact-proof'))
    await screen.findByRole('heading', { name: text('register.step1Title') })
    await screenUnder.user.click(await shownOffer())
    await screen.findByText(text('identity.telegramPhone.verified'))
    await screenUnder.user.clear(phoneField())
    await screenUnder.user.type(phoneField(), '0893334444')
    await screenUnder.user.click(screen.getByRole('button', { name: text('common.next') }))
    expect(await screen.findByRole('heading', { name: text('register.step2Title') })).toBeVisible()
    expect(screenUnder.calls.find((call) => call.url === '/api/otp/send')?.body).toEqual({ phoneNumber: '0893334444' })
  })
})

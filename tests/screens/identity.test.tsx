// The messenger identity as a player meets it (issue 31): signed in from Telegram or LINE with no
// typing, the offer to link after a password sign-in, the profile's messengers, and the password
// asked again before a withdrawal.
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { MessengerCredential } from '../../contract/identity'
import { LoginScreen } from '../../src/app/identity'
import { forgetMessengerAttempt, MESSENGER_SIGN_IN_WAIT_MS } from '../../src/features/identity/useMessengerSignIn'
import LinkOffer from '../../src/features/identity/LinkOffer'
import { MessengersSection } from '../../src/features/identity/MessengersSection'
import { formatMoney } from '../../contract/lib/money'
import { session, signIn } from '../../src/state/session'
import { withdrawHeld } from '../heldWithdrawal'
import { renderScreen, text, type Call, type Routes, type ScreenOptions } from '../renderScreen'

const TELEGRAM: MessengerCredential = { provider: 'telegram', credential: 'query_id=q1&user=%7B%22id%22%3A7%7D&auth_date=1700000000&hash=ab' }
const IDENTITY_ON = { identity: { telegram: true, line: true, stepUpMinutes: 15 } }
const inTelegram = (credential: MessengerCredential | null = TELEGRAM): ScreenOptions['platform'] => ({ kind: 'telegram', messengerCredential: () => credential })

/** An answer the test lets go of when it wants. */
function held(answer: unknown) {
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  return { release, answer: async () => { await released; return answer } }
}

const posts = (calls: Call[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url)

async function openLogin(options: Omit<ScreenOptions, 'path'>) {
  return renderScreen(<LoginScreen />, { path: '/login?redirect=%2Fuser%2Fprofile', ...options, setup: forgetMessengerAttempt })
}

describe('signing in from the messenger with no typing', () => {
  it('sends what Telegram signed, says it is signing in, keeps the session with the tab and lands where the player was going', async () => {
    const answer = held({ token: 'tg-token' })
    const { calls, location } = await openLogin({ config: IDENTITY_ON, platform: inTelegram(), api: { 'POST /api/login/messenger': answer.answer } })
    expect(screen.getByRole('status')).toHaveTextContent(text('login.messengerSigningIn', { messenger: 'Telegram' }))
    await waitFor(() => expect(posts(calls, '/api/login/messenger')).toHaveLength(1))
    expect(calls[0].body).toEqual(TELEGRAM)
    answer.release()
    await waitFor(() => expect(location()).toBe('/user/profile'))
    expect(session).toMatchObject({ token: 'tg-token', openedBy: 'telegram', offerLink: false })
    expect(sessionStorage.getItem('token')).toBe('tg-token')
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('shows the form as today when the account is not linked', async () => {
    const { calls, user, location } = await openLogin({ config: IDENTITY_ON, platform: inTelegram(), api: { 'POST /api/login/messenger': [401, { message: 'IDENTITY_NOT_LINKED' }] } })
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
    const phone = screen.getByLabelText(text('fields.phone'))
    await user.type(phone, '0812345678')
    expect(phone).toHaveValue('0812345678')
    expect(posts(calls, '/api/login/messenger')).toHaveLength(1)
    expect(session.token).toBeNull()
    expect(location()).toBe('/login?redirect=%2Fuser%2Fprofile')
  })

  it('ignores an answer that comes after the player chose the password', async () => {
    const answer = held({ token: 'late-token' })
    const { calls, user, settled, location } = await openLogin({ config: IDENTITY_ON, platform: inTelegram(), api: { 'POST /api/login/messenger': answer.answer } })
    await waitFor(() => expect(posts(calls, '/api/login/messenger')).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: text('login.messengerUsePassword') }))
    await user.type(screen.getByLabelText(text('fields.phone')), '08')
    answer.release()
    await settled()
    expect(session.token).toBeNull()
    expect(location()).toBe('/login?redirect=%2Fuser%2Fprofile')
  })

  it('never blocks the form longer than the wait, even with no answer', async () => {
    // The page's timeouts on a clock only the test moves: a slow machine's real time cannot run the
    // wait out before the test looks.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const never = new Promise<never>(() => undefined)
      await openLogin({ config: IDENTITY_ON, platform: inTelegram(), api: { 'POST /api/login/messenger': () => never } })
      expect(screen.getByRole('status')).toBeVisible()
      await act(() => vi.advanceTimersByTimeAsync(MESSENGER_SIGN_IN_WAIT_MS - 1))
      expect(screen.getByRole('status')).toBeVisible()
      await act(() => vi.advanceTimersByTimeAsync(1))
      expect(screen.queryByRole('status')).toBeNull()
      expect(screen.getByLabelText(text('fields.phone'))).toBeEnabled()
    } finally {
      vi.useRealTimers()
    }
  })

  it('asks nothing when the operator left the messenger off, or outside a messenger', async () => {
    const off = await openLogin({ platform: inTelegram() })
    expect(screen.queryByRole('status')).toBeNull()
    await off.settled()
    expect(posts(off.calls, '/api/login/messenger')).toEqual([])
    off.unmount()
    const browser = await openLogin({ config: IDENTITY_ON })
    await browser.settled()
    expect(screen.queryByRole('status')).toBeNull()
    expect(posts(browser.calls, '/api/login/messenger')).toEqual([])
  })
})

describe('the offer to link the messenger after a password sign-in', () => {
  const passwordSession = () => signIn('pw-token', false)
  const api = (more: Routes = {}): Routes => ({
    'GET /api/account/identities': { identities: [] },
    'GET /api/account/profile': { profile: { _id: '7', name: 'Somchai', username: '0812345678', createdAt: '2026-01-01T00:00:00.000Z', bankCode: 'KBANK', bankAccountName: 'SOMCHAI', bankAccountNo: '1234567890' }, bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } } },
    ...more,
  })

  it('links on Link with the credential, and says so', async () => {
    const { user, calls } = await renderScreen(<LinkOffer />, {
      path: '/user/home', config: IDENTITY_ON, platform: inTelegram(), setup: passwordSession,
      api: api({ 'POST /api/account/identities': { identities: [{ provider: 'telegram', name: 'Somchai', linkedAt: 1_700_000_000_000 }] } }),
    })
    const sheet = await screen.findByRole('dialog', { name: text('identity.offerTitle', { messenger: 'Telegram' }) })
    await user.click(within(sheet).getByRole('button', { name: text('identity.link', { messenger: 'Telegram' }) }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posts(calls, '/api/account/identities').map((call) => call.body)).toEqual([TELEGRAM])
    expect(screen.getByText(text('identity.linked', { messenger: 'Telegram' }))).toBeVisible()
  })

  it('says plainly when the messenger account is another member’s', async () => {
    const { user } = await renderScreen(<LinkOffer />, {
      path: '/user/home', config: IDENTITY_ON, platform: inTelegram(), setup: passwordSession,
      api: api({ 'POST /api/account/identities': [409, { message: 'IDENTITY_LINKED_ELSEWHERE' }] }),
    })
    const sheet = await screen.findByRole('dialog')
    await user.click(within(sheet).getByRole('button', { name: text('identity.link', { messenger: 'Telegram' }) }))
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(text('errors.IDENTITY_LINKED_ELSEWHERE'))
  })

  it('remembers "Not now" for this member on this device', async () => {
    const first = await renderScreen(<LinkOffer />, { path: '/user/home', config: IDENTITY_ON, platform: inTelegram(), setup: passwordSession, api: api() })
    const sheet = await screen.findByRole('dialog')
    await first.user.click(within(sheet).getByRole('button', { name: text('identity.notNow') }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(posts(first.calls, '/api/account/identities')).toEqual([])
    // A later password sign-in on the same device: the same member is not asked again.
    const declined = localStorage.getItem('messenger-link-declined')
    first.unmount()
    const again = await renderScreen(<LinkOffer />, {
      path: '/user/home', config: IDENTITY_ON, platform: inTelegram(), api: api(),
      setup: () => {
        localStorage.setItem('messenger-link-declined', declined ?? '')
        passwordSession()
      },
    })
    await again.settled()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('is not offered when the messenger is linked already, or after a messenger sign-in', async () => {
    const linked = await renderScreen(<LinkOffer />, {
      path: '/user/home', config: IDENTITY_ON, platform: inTelegram(), setup: passwordSession,
      api: api({ 'GET /api/account/identities': { identities: [{ provider: 'telegram', name: '', linkedAt: 1 }] } }),
    })
    await linked.settled()
    expect(screen.queryByRole('dialog')).toBeNull()
    linked.unmount()
    const byMessenger = await renderScreen(<LinkOffer />, { path: '/user/home', config: IDENTITY_ON, platform: inTelegram(), setup: () => signIn('tg', false, { openedBy: 'telegram' }), api: api() })
    await byMessenger.settled()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe("the profile's messengers", () => {
  const linkedTelegram = { identities: [{ provider: 'telegram' as const, name: 'Somchai T', linkedAt: Date.UTC(2026, 0, 2, 3, 4, 5) }] }

  it('lists the linked ones and unlinks one only after a confirmation', async () => {
    const { user, calls } = await renderScreen(<MessengersSection />, {
      path: '/user/profile', config: IDENTITY_ON, setup: () => signIn('pw', false),
      api: { 'GET /api/account/identities': linkedTelegram, 'DELETE /api/account/identities/telegram': { identities: [] } },
    })
    const section = await screen.findByRole('region', { name: text('identity.sectionTitle') })
    expect(await within(section).findByText('Somchai T')).toBeVisible()
    expect(within(section).getByText('Telegram')).toBeVisible()
    await user.click(within(section).getByRole('button', { name: `${text('identity.unlink')} Telegram` }))
    const confirm = screen.getByRole('alertdialog', { name: text('identity.unlinkTitle', { messenger: 'Telegram' }) })
    await user.click(within(confirm).getByRole('button', { name: text('identity.keep') }))
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([])
    await user.click(within(section).getByRole('button', { name: `${text('identity.unlink')} Telegram` }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: text('identity.unlinkConfirm') }))
    expect(await within(section).findByText(text('identity.sectionEmpty'))).toBeVisible()
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/account/identities/telegram'])
    expect(session.token).toBe('pw')
  })

  it('ends this session when the messenger that opened it is unlinked', async () => {
    const { user, location } = await renderScreen(<MessengersSection />, {
      path: '/user/profile', config: IDENTITY_ON, platform: inTelegram(), setup: () => signIn('tg', false, { openedBy: 'telegram' }),
      api: { 'GET /api/account/identities': linkedTelegram, 'DELETE /api/account/identities/telegram': { identities: [] } },
    })
    // A messenger session cannot link: no Link button there.
    await screen.findByText('Somchai T')
    expect(screen.queryByRole('button', { name: text('identity.link', { messenger: 'Telegram' }) })).toBeNull()
    await user.click(screen.getByRole('button', { name: `${text('identity.unlink')} Telegram` }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: text('identity.unlinkConfirm') }))
    await waitFor(() => expect(location()).toBe('/login'))
    expect(session.token).toBeNull()
    expect(sessionStorage.getItem('token')).toBeNull()
  })

  it('offers Link inside the messenger when it is on and not linked', async () => {
    const { user, calls } = await renderScreen(<MessengersSection />, {
      path: '/user/profile', config: IDENTITY_ON, platform: inTelegram(), setup: () => signIn('pw', false),
      api: { 'GET /api/account/identities': { identities: [] }, 'POST /api/account/identities': linkedTelegram },
    })
    await user.click(await screen.findByRole('button', { name: text('identity.link', { messenger: 'Telegram' }) }))
    expect(await screen.findByText('Somchai T')).toBeVisible()
    expect(posts(calls, '/api/account/identities').map((call) => call.body)).toEqual([TELEGRAM])
    expect(screen.queryByRole('button', { name: text('identity.link', { messenger: 'Telegram' }) })).toBeNull()
  })
})

const withdrawHeldForPassword = (more: Routes) =>
  withdrawHeld({ config: IDENTITY_ON, setup: () => signIn('tg', false, { openedBy: 'telegram' }) }, more)

describe('the password asked again before a withdrawal', () => {
  it('a wrong password is said under the field; the right one sends the same withdrawal once more, with the same key', async () => {
    let tries = 0
    const { user, calls, modal, prompt } = await withdrawHeldForPassword({
      'POST /api/account/step-up': () => (tries++ === 0 ? [400, { message: 'WRONG_PASSWORD' }] : { message: 'OK' }),
    })
    const password = within(prompt).getByLabelText(text('fields.password'), { selector: 'input' })
    expect(password).toHaveFocus()
    // The confirm stays locked while the password is asked: a second tap sends nothing.
    expect(within(modal).getByRole('button', { name: text('withdraw.confirm') })).toRefusePresses()
    await user.type(password, 'wrong{Enter}')
    expect(await within(prompt).findByRole('alert')).toHaveTextContent(text('errors.WRONG_PASSWORD'))
    expect(posts(calls, '/api/wallet/withdrawAll')).toHaveLength(1)
    await user.clear(password)
    await user.type(password, 'demo1234')
    await user.click(within(prompt).getByRole('button', { name: text('stepUp.confirm') }))
    expect(await within(modal).findByText(text('withdraw.success'))).toBeVisible()
    expect(screen.queryByRole('dialog', { name: text('stepUp.title') })).toBeNull()
    expect(posts(calls, '/api/account/step-up').map((call) => call.body)).toEqual([{ password: 'wrong' }, { password: 'demo1234' }])
    const sent = posts(calls, '/api/wallet/withdrawAll')
    expect(sent.map((call) => call.body)).toEqual([{ amount: 300 }, { amount: 300 }])
    expect(sent[1].headers['Idempotency-Key']).toBe(sent[0].headers['Idempotency-Key'])
  })

  it('cancel sends nothing more and leaves the confirmation as it was, with no error', async () => {
    const { user, calls, modal, prompt, settled } = await withdrawHeldForPassword({})
    await user.click(within(prompt).getByRole('button', { name: text('profile.cancel') }))
    await settled()
    expect(screen.queryByRole('dialog', { name: text('stepUp.title') })).toBeNull()
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(within(within(modal).getByRole('region', { name: text('withdraw.confirm') })).getByText(formatMoney(300, 'en', 'THB'))).toHaveClass('money-confirm__amount')
    expect(within(modal).getByRole('button', { name: text('withdraw.confirm') })).not.toRefusePresses()
    expect(posts(calls, '/api/wallet/withdrawAll')).toHaveLength(1)
    expect(posts(calls, '/api/account/step-up')).toEqual([])
  })
})

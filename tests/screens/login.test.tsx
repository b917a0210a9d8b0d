// The login screen as a player meets it (spec 2 "Login", 5, 8).
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LoginGuard } from '../../src/app/guards'
import { LoginScreen } from '../../src/app/identity'
import { session, signOut } from '../../src/state/session'
import { renderScreen, text, type Routes } from '../renderScreen'

const OK: Routes = { 'POST /api/login': { token: 'tok-123' } }

async function fillAndSubmit(user: Awaited<ReturnType<typeof renderScreen>>['user'], phone: string, password: string) {
  if (phone) await user.type(screen.getByLabelText(text('fields.phone')), phone)
  if (password) await user.type(screen.getByLabelText(text('fields.password'), { selector: 'input' }), password)
  await user.click(screen.getByRole('button', { name: text('login.submit') }))
}

describe('login: field rules before any call (spec 5)', () => {
  it('asks for both fields when they are empty', async () => {
    const { user, calls } = await renderScreen(<LoginScreen />, { path: '/login', api: OK })
    await fillAndSubmit(user, '', '')
    expect(screen.getAllByText(text('validation.required'))).toHaveLength(2)
    expect(calls).toEqual([])
  })

  it('wants 10 digits in the Thai variant', async () => {
    const { user, calls } = await renderScreen(<LoginScreen />, { path: '/login', api: OK })
    await fillAndSubmit(user, '081234567', 'secret')
    expect(screen.getByText(text('validation.phone10'))).toBeVisible()
    expect(calls).toEqual([])
  })

  it('keeps digits only and stops at 10 in the Thai variant', async () => {
    const { user } = await renderScreen(<LoginScreen />, { path: '/login' })
    const phone = screen.getByLabelText(text('fields.phone'))
    await user.type(phone, '081-234-56789999')
    expect(phone).toHaveValue('0812345678')
  })

  it('wants 8 to 15 digits in the Lao variant, as the server does', async () => {
    const { user, calls } = await renderScreen(<LoginScreen />, { path: '/login', variant: 'la', api: OK })
    await fillAndSubmit(user, '0205551', 'secret')
    expect(screen.getByText(text('validation.phoneLao'))).toBeVisible()
    expect(calls).toEqual([])
    await user.type(screen.getByLabelText(text('fields.phone')), '2')
    await user.click(screen.getByRole('button', { name: text('login.submit') }))
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/login']))
    expect(calls[0].body).toEqual({ username: '02055512', password: 'secret' })
  })
})

describe('login: placeholders follow the variant', () => {
  it('shows a Thai example in the Thai variant', async () => {
    await renderScreen(<LoginScreen />, { path: '/login' })
    expect(screen.getByLabelText(text('fields.phone'))).toHaveAttribute('placeholder', '0812345678')
  })

  it.each(['en', 'la', 'th'] as const)('shows a Lao example in the Lao variant (%s)', async (language) => {
    await renderScreen(<LoginScreen />, { path: '/login', variant: 'la', language })
    expect(screen.getByLabelText(text('fields.phone'))).toHaveAttribute('placeholder', '020 5xxx xxxx')
  })
})

describe('login: the server answers', () => {
  it('shows a refusal inline, without a toast, and clears it on typing', async () => {
    const { user } = await renderScreen(<LoginScreen />, {
      path: '/login',
      api: { 'POST /api/login': [400, { message: 'WRONG_CREDENTIAL' }] },
    })
    await fillAndSubmit(user, '0812345678', 'wrong')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(text('errors.WRONG_CREDENTIAL'))
    expect(document.querySelectorAll('.toast')).toHaveLength(0)
    await user.type(screen.getByLabelText(text('fields.password'), { selector: 'input' }), 'x')
    expect(screen.queryByText(text('errors.WRONG_CREDENTIAL'))).not.toBeInTheDocument()
    expect(session.token).toBeNull()
  })

  it('starts remember-me unchecked on a device never signed in on, and keeps the token for this tab only', async () => {
    const { user, location } = await renderScreen(<LoginScreen />, { path: '/login', api: OK })
    expect(screen.getByRole('checkbox', { name: text('login.remember') })).not.toBeChecked()
    await fillAndSubmit(user, '0812345678', 'secret')
    await waitFor(() => expect(location()).toBe('/user'))
    expect(sessionStorage.getItem('token')).toBe('tok-123')
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('keeps the token across visits with remember-me, and offers that choice again on this device', async () => {
    const { user, location } = await renderScreen(<LoginScreen />, { path: '/login', api: OK })
    await user.click(screen.getByRole('checkbox', { name: text('login.remember') }))
    await fillAndSubmit(user, '0812345678', 'secret')
    await waitFor(() => expect(location()).toBe('/user'))
    expect(localStorage.getItem('token')).toBe('tok-123')
    expect(sessionStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('remember-me')).toBe('1')
  })

  it('offers remember-me checked where the last sign-in on this device chose it', async () => {
    await renderScreen(<LoginScreen />, { path: '/login', api: OK, setup: () => localStorage.setItem('remember-me', '1') })
    expect(screen.getByRole('checkbox', { name: text('login.remember') })).toBeChecked()
  })

  it('goes on to the URL the guard carried', async () => {
    const { user, location } = await renderScreen(<LoginScreen />, { path: '/login?redirect=%2Fuser%2Fstatement%3Fpage%3D2', api: OK })
    await fillAndSubmit(user, '0812345678', 'secret')
    await waitFor(() => expect(location()).toBe('/user/statement?page=2'))
  })

  it('does not follow a redirect to another site', async () => {
    const { user, location } = await renderScreen(<LoginScreen />, { path: '/login?redirect=%2F%2Fevil.com', api: OK })
    await fillAndSubmit(user, '0812345678', 'secret')
    await waitFor(() => expect(location()).toBe('/user'))
  })
})

describe('login: a session the server ended (spec 8)', () => {
  it('says why once; typing clears it and a second visit does not show it', async () => {
    const first = await renderScreen(<LoginScreen />, { path: '/login', setup: () => signOut('EXPIRED_AUTH_TOKEN') })
    const notice = screen.getByRole('status')
    expect(notice).toHaveTextContent(text('errors.EXPIRED_AUTH_TOKEN'))
    expect(screen.getAllByText(text('errors.EXPIRED_AUTH_TOKEN'))).toHaveLength(1)
    expect(session.endedReason).toBeNull()
    await first.user.type(screen.getByLabelText(text('fields.phone')), '0')
    expect(screen.queryByText(text('errors.EXPIRED_AUTH_TOKEN'))).not.toBeInTheDocument()

    // Leaving and coming back shows the plain form.
    first.remount()
    expect(screen.getByRole('heading', { name: text('login.title') })).toBeVisible()
    expect(screen.queryByText(text('errors.EXPIRED_AUTH_TOKEN'))).not.toBeInTheDocument()
  })

  it('names an invalid token in the player language', async () => {
    await renderScreen(<LoginScreen />, { path: '/login', language: 'th', setup: () => signOut('invalid-token') })
    expect(screen.getByRole('status')).toHaveTextContent(text('errors.invalid-token'))
    expect(text('errors.invalid-token')).not.toBe('invalid-token')
  })

  it('goes away when the player tries again', async () => {
    const { user } = await renderScreen(<LoginScreen />, { path: '/login', api: OK, setup: () => signOut('cannot-verify-identity') })
    expect(screen.getByRole('status')).toHaveTextContent(text('errors.cannot-verify-identity'))
    await user.click(screen.getByRole('button', { name: text('login.submit') }))
    expect(screen.queryByText(text('errors.cannot-verify-identity'))).not.toBeInTheDocument()
  })

  it('shows nothing after a plain logout', async () => {
    await renderScreen(<LoginScreen />, { path: '/login', setup: () => signOut() })
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})

describe('login guard (spec 2)', () => {
  const guarded = <LoginGuard><LoginScreen /></LoginGuard>

  it('holds the form behind a skeleton until the service check answers', async () => {
    let answer: ((value: unknown) => void) | undefined
    const { location } = await renderScreen(guarded, {
      path: '/login',
      api: { 'GET /api/lookup/active': () => new Promise((resolve) => (answer = resolve)) },
    })
    await waitFor(() => expect(answer).toBeDefined())
    const skeleton = screen.getByRole('status', { name: text('common.loading') })
    expect(skeleton).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: text('login.submit') })).not.toBeInTheDocument()
    answer?.({ isActive: false, terminated: false })
    await waitFor(() => expect(screen.getByRole('button', { name: text('login.submit') })).toBeInTheDocument())
    expect(screen.queryByRole('status', { name: text('common.loading') })).not.toBeInTheDocument()
    expect(location()).toBe('/login')
  })

  it('shows the form when the check fails', async () => {
    await renderScreen(guarded, { path: '/login', api: { 'GET /api/lookup/active': [500, { message: 'INTERNAL_SERVER_ERROR' }] } })
    expect(await screen.findByRole('button', { name: text('login.submit') })).toBeInTheDocument()
    expect(document.querySelectorAll('.toast')).toHaveLength(0)
  })

  it('sends a terminated service to /terminated', async () => {
    const { location } = await renderScreen(guarded, { path: '/login', api: { 'GET /api/lookup/active': { isActive: false, terminated: true } } })
    await waitFor(() => expect(location()).toBe('/terminated'))
    expect(within(document.body).queryByRole('button', { name: text('login.submit') })).not.toBeInTheDocument()
  })
})

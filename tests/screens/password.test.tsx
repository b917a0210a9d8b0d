// Passwords of at least 8 characters (issue 27): the change-password modal states the rule before
// sending, and a member who signed in with an older, shorter password is asked for a new one.
import { screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import type { ProfileResponse } from '../../contract'
import { AppRoutes } from '../../src/app/routes'
import { ProfileScreen } from '../../src/app/profile'
import { session } from '../../src/state/session'
import { renderScreen, text, type Routes, type Screen } from '../renderScreen'

const PROFILE: ProfileResponse = {
  profile: { _id: '7', username: '0812345678', name: 'SOMCHAI', createdAt: '2025-01-15T05:00:00.000Z', bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890' },
  bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } },
}

const label = (within: HTMLElement, key: string) =>
  (Array.from(within.querySelectorAll('input')).find((input) => input.labels?.[0]?.textContent === text(key)) as HTMLInputElement)

async function fillPasswords(user: Screen['user'], modal: HTMLElement, oldPassword: string, newPassword: string, confirm: string) {
  await user.type(label(modal, 'profile.oldPassword'), oldPassword)
  await user.type(label(modal, 'profile.newPassword'), newPassword)
  await user.type(label(modal, 'profile.confirmPassword'), confirm)
  await user.click(within(modal).getByRole('button', { name: text('profile.save') }))
}

describe('change password: at least 8 characters', () => {
  it('says so under the new password before any call, and keeps what was typed', async () => {
    const { user, calls } = await renderScreen(<ProfileScreen />, {
      path: '/user/profile',
      setup: () => sessionStorage.setItem('token', 'tok'),
      api: { 'GET /api/account/profile': PROFILE, 'PUT /api/account/changepwd': { message: 'SUCCESS' } },
    })
    await user.click(screen.getByRole('button', { name: text('profile.changePassword') }))
    const modal = await screen.findByRole('dialog', { name: text('profile.changePassword') })
    await fillPasswords(user, modal, 'demo1234', 'short12', 'short12')
    const error = within(modal).getByText(text('errors.PASSWORD_TOO_SHORT'))
    expect(error).toBeVisible()
    expect(label(modal, 'profile.newPassword')).toHaveAttribute('aria-describedby', error.id)
    expect(label(modal, 'profile.oldPassword')).toHaveValue('demo1234')
    expect(label(modal, 'profile.newPassword')).toHaveValue('short12')
    expect(label(modal, 'profile.confirmPassword')).toHaveValue('short12')
    expect(calls.filter((call) => call.url === '/api/account/changepwd')).toEqual([])

    // Typing in the new password clears the message; 8 characters are sent.
    await user.type(label(modal, 'profile.newPassword'), '3')
    expect(within(modal).queryByText(text('errors.PASSWORD_TOO_SHORT'))).not.toBeInTheDocument()
    await user.type(label(modal, 'profile.confirmPassword'), '3')
    await user.click(within(modal).getByRole('button', { name: text('profile.save') }))
    expect(await screen.findByText(text('profile.passwordChanged'))).toBeVisible()
    expect(calls.filter((call) => call.url === '/api/account/changepwd').map((call) => call.body)).toEqual([{ oldPassword: 'demo1234', newPassword: 'short123' }])
  })
})

describe('change password: every rule under its field (issue 29)', () => {
  async function openModal(answer: Routes[string] = { message: 'SUCCESS' }) {
    const screenParts = await renderScreen(<ProfileScreen />, {
      path: '/user/profile',
      setup: () => sessionStorage.setItem('token', 'tok'),
      api: { 'GET /api/account/profile': PROFILE, 'PUT /api/account/changepwd': answer },
    })
    await screenParts.user.click(screen.getByRole('button', { name: text('profile.changePassword') }))
    return { ...screenParts, modal: await screen.findByRole('dialog', { name: text('profile.changePassword') }) }
  }

  it('a new password equal to the old one is said under the new password, before any call', async () => {
    const { user, calls, modal } = await openModal()
    await fillPasswords(user, modal, 'demo1234', 'demo1234', 'demo1234')
    const error = within(modal).getByText(text('errors.PASSWORD_UNCHANGED'))
    expect(label(modal, 'profile.newPassword')).toHaveAttribute('aria-describedby', error.id)
    expect(calls.filter((call) => call.url === '/api/account/changepwd')).toEqual([])
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('a wrong old password is said under the old password, not in a dialog, keeping what was typed; typing there clears it', async () => {
    const { user, modal } = await openModal([400, { message: 'WRONG_PASSWORD' }])
    await fillPasswords(user, modal, 'wrong-one', 'newsecret1', 'newsecret1')
    const error = await within(modal).findByText(text('errors.WRONG_PASSWORD'))
    expect(label(modal, 'profile.oldPassword')).toHaveAttribute('aria-describedby', error.id)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(label(modal, 'profile.newPassword')).toHaveValue('newsecret1')
    await user.type(label(modal, 'profile.oldPassword'), 'x')
    expect(within(modal).queryByText(text('errors.WRONG_PASSWORD'))).not.toBeInTheDocument()
  })

  it('a failure that names no field still shows in a dialog', async () => {
    const { user, modal } = await openModal([500, { message: 'INTERNAL_SERVER_ERROR' }])
    await fillPasswords(user, modal, 'demo1234', 'newsecret1', 'newsecret1')
    expect(await screen.findByRole('alertdialog', { name: text('errorDialog.title') })).toBeVisible()
  })
})

describe('signed in with a password shorter than the rule', () => {
  async function signInThrough(answer: Routes[string], language: 'en' | 'th' | 'la' = 'en') {
    const screenParts = await renderScreen(<Suspense fallback={null}><AppRoutes /></Suspense>, {
      path: '/login?redirect=%2Fuser%2Fprofile', language,
      api: {
        'GET /api/lookup/active': { isActive: false, terminated: false },
        'POST /api/login': answer,
        'GET /api/account/profile': PROFILE,
        'PUT /api/account/changepwd': { message: 'SUCCESS' },
      },
    })
    const { user } = screenParts
    await user.type(await screen.findByLabelText(text('fields.phone')), '0812345678')
    await user.type(screen.getByLabelText(text('fields.password'), { selector: 'input' }), 'old123')
    await user.click(screen.getByRole('button', { name: text('login.submit') }))
    await waitFor(() => expect(screenParts.location()).toBe('/user/profile'))
    await screen.findByRole('heading', { name: text('profile.title') })
    return screenParts
  }
  const prompt = () => screen.queryByRole('region', { name: text('member.passwordShort') })
  const promptButton = (key: string) => within(prompt()!).getByRole('button', { name: text(key) })

  it('is asked to change it in the member shell; the prompt leads to the modal and goes once it is changed', async () => {
    const { user, calls } = await signInThrough({ token: 'tok-1', passwordChangeRequired: true })
    expect(prompt()).toBeVisible()
    await user.click(promptButton('member.passwordShortChange'))
    const modal = await screen.findByRole('dialog', { name: text('profile.changePassword') })
    await fillPasswords(user, modal, 'old123', 'new-secret', 'new-secret')
    const done = await screen.findByRole('alertdialog', { name: text('profile.savedTitle') })
    expect(calls.filter((call) => call.url === '/api/account/changepwd').map((call) => call.body)).toEqual([{ oldPassword: 'old123', newPassword: 'new-secret' }])
    await user.click(within(done).getByRole('button', { name: text('errorDialog.ok') }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(prompt()).not.toBeInTheDocument()
    expect(session.passwordChangeRequired).toBe(false)
  })

  it('comes back when the modal is closed without a change, and can be put off', async () => {
    const { user } = await signInThrough({ token: 'tok-1', passwordChangeRequired: true })
    await user.click(promptButton('member.passwordShortChange'))
    const modal = await screen.findByRole('dialog', { name: text('profile.changePassword') })
    await user.click(within(modal).getByRole('button', { name: text('profile.cancel') }))
    await waitFor(() => expect(prompt()).toBeVisible())
    await user.click(promptButton('member.passwordShortLater'))
    expect(prompt()).not.toBeInTheDocument()
    expect(session.token).toBe('tok-1')
  })

  it.each(['th', 'la'] as const)('is asked in %s', async (language) => {
    await signInThrough({ token: 'tok-1', passwordChangeRequired: true }, language)
    expect(prompt()).toBeVisible()
    expect(text('member.passwordShort')).not.toMatch(/[A-Za-z]/)
  })
})

// The profile screen (spec 2 "Profile", issue 29): who the member is with the phone masked, the
// bank account withdrawals go to with its mark and the number grouped, a labelled row for the
// password change, the language, the app's version.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ProfileResponse } from '../../contract'
import { ProfileScreen } from '../../src/app/profile'
import { i18n } from '../../src/i18n/i18n'
import { operatorOnly, renderScreen, text } from '../renderScreen'

const PROFILE: ProfileResponse = {
  profile: { _id: '7', username: '0812345678', name: 'somchai', createdAt: '2025-01-15T05:00:00.000Z', bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890' },
  bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } },
}

const open = () => renderScreen(<ProfileScreen />, {
  path: '/user/profile',
  setup: () => sessionStorage.setItem('token', 'tok'),
  api: { 'GET /api/account/profile': PROFILE },
})

describe('profile', () => {
  it('shows the name, the phone masked, the id, and the bank account with its mark and grouped number', async () => {
    await open()
    expect(await screen.findByText('somchai')).toBeVisible()
    expect(screen.getByText('081-xxx-5678')).toBeVisible()
    expect(screen.queryByText(/0812345678/)).not.toBeInTheDocument()
    expect(screen.getByText('S')).toBeInTheDocument()
    expect(screen.getByText('7')).toBeVisible()
    // Spec 2's "created date": the day alone, which fits its row on a 320 px phone (issue 51).
    expect(screen.getByText(text('profile.createdAt')).nextElementSibling).toHaveTextContent(/^15\/01\/2025$/)
    const bank = screen.getByRole('group', { name: text('profile.bankTitle') })
    expect(bank.querySelector('svg.bank-logo')).not.toBeNull()
    // Each value is named for a screen reader: the bank in the screen's language, the holder, the number grouped.
    const values = Array.from(bank.querySelectorAll('p'), (line) => line.textContent)
    expect(values).toEqual([`${text('profile.bank')} Kasikornbank`, `${text('profile.bankAccountName')} SOMCHAI JAIDEE`, `${text('profile.bankAccountNo')} 123-456-7890`])
    expect(screen.getByText(text('contact.version', { version: __APP_VERSION__ }))).toBeVisible()
  })

  it('shows what came when an operator leaves the name and the phone out', async () => {
    await renderScreen(<ProfileScreen />, {
      path: '/user/profile',
      setup: () => sessionStorage.setItem('token', 'tok'),
      api: { 'GET /api/account/profile': operatorOnly({ ...PROFILE, profile: { ...PROFILE.profile, name: undefined, username: undefined } }, 'an operator\'s API may leave fields out') },
    })
    expect(await screen.findByText('?')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: text('profile.bankTitle') })).toHaveTextContent('123-456-7890')
  })

  it('opens the password change from a labelled row', async () => {
    const { user } = await open()
    await user.click(screen.getByRole('button', { name: text('profile.changePassword') }))
    expect(await screen.findByRole('dialog', { name: text('profile.changePassword') })).toBeVisible()
  })

  it('switches the language from its row', async () => {
    const { user } = await open()
    const languages = screen.getByRole('radiogroup', { name: text('common.language') })
    expect(within(languages).getByRole('radio', { name: 'English' })).toBeChecked()
    await user.click(within(languages).getByRole('radio', { name: 'ไทย' }))
    expect(await screen.findByRole('heading', { name: 'โปรไฟล์' })).toBeVisible()
    expect(i18n.language).toBe('th')
    expect(within(screen.getByRole('radiogroup', { name: 'ภาษา' })).getByRole('radio', { name: 'ไทย' })).toBeChecked()
  })
})

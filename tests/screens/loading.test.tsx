// What a screen shows while its data is on the way: a placeholder a screen reader reads as
// "Loading" (a status), within ARIA's rules. A clean run once failed on the terminated page: axe ran
// while the contact was still loading, and found its placeholder named on a plain div, a name ARIA
// does not allow there ("aria-label attribute cannot be used on div elements with no valid role").
import { screen } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { ProfileScreen } from '../../src/app/profile'
import { DepositModal } from '../../src/features/deposit/DepositModal'
import { ConditionsModal } from '../../src/features/info/ConditionsModal'
import { ContactDetails } from '../../src/features/info/ContactDetails'
import { BalanceCard } from '../../src/features/wallet/home/BalanceCard'
import { PageSkeleton } from '../../src/ui/PageSkeleton'
import { renderScreen, text, type Screen } from '../renderScreen'

/** axe's rules on roles and ARIA attributes: what a placeholder's markup can get wrong. */
const ARIA_RULES = ['aria-prohibited-attr', 'aria-allowed-attr', 'aria-allowed-role', 'aria-roles', 'aria-valid-attr', 'aria-valid-attr-value', 'aria-required-attr']

/** An answer that never comes: the screen stays loading. */
const never = () => new Promise<never>(() => undefined)

async function ariaViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { runOnly: { type: 'rule', values: ARIA_RULES }, resultTypes: ['violations'] })
  return results.violations.flatMap(({ id, nodes }) => nodes.map((node) => `${id}: ${node.html}`))
}

const LOADING: readonly [string, () => Promise<Screen>][] = [
  ['the contact (contact page, terminated page)', () => renderScreen(<ContactDetails />, { api: { 'GET /api/lookup/contact': never } })],
  ['the conditions', () => renderScreen(<ConditionsModal open onClose={() => undefined} />, { api: { 'GET /api/lookup/conditions': never } })],
  ['the deposit modal', () => renderScreen(<DepositModal open onClose={() => undefined} />, {
    setup: () => sessionStorage.setItem('token', 'tok'),
    api: { 'GET /api/lookup/deposit': never, 'GET /api/lookup/slip': never },
  })],
  ['the profile', () => renderScreen(<ProfileScreen />, { path: '/user/profile', setup: () => sessionStorage.setItem('token', 'tok'), api: { 'GET /api/account/profile': never } })],
  ['the home\'s balance', () => renderScreen(<BalanceCard wallet={undefined} />)],
  ['a screen whose code is on its way', () => renderScreen(<PageSkeleton />)],
]

describe('while it loads', () => {
  it.each(LOADING)('%s shows a status named Loading, within ARIA\'s rules', async (_, open) => {
    await open()
    expect(await screen.findAllByRole('status', { name: text('common.loading') })).not.toHaveLength(0)
    expect(await ariaViolations()).toEqual([])
  })
})

import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { Pager } from '../../src/ui/Pager'
import { initI18n } from '../../src/i18n/i18n'
import { text as t } from '../renderScreen'

beforeAll(() => initI18n('en'))
afterEach(cleanup)

it('without a count, a page seen stays in the book: back from a short last page, the short page standing in for the first does not end it', () => {
  const onPage = () => {}
  const { rerender } = render(<Pager label="Friends" page={1} hasNext onPage={onPage} />)
  rerender(<Pager label="Friends" page={2} hasNext={false} onPage={onPage} />)
  expect(screen.getByRole('button', { name: t('rewards.nextPage') })).toBeDisabled()
  // Page 1 is read; meanwhile the list still holds page 2's short page (no next, by its length).
  rerender(<Pager label="Friends" page={1} hasNext={false} busy onPage={onPage} />)
  const pager = screen.getByRole('navigation', { name: 'Friends' })
  expect(pager).toHaveTextContent(t('rewards.page', { page: 1 }))
  expect(screen.getByRole('button', { name: t('rewards.nextPage') })).not.toBeDisabled()
  expect(screen.getByRole('button', { name: t('rewards.nextPage') })).toHaveAttribute('aria-disabled', 'true')
})

it('with no page beyond the first and none seen, is not there at all', () => {
  render(<Pager label="Friends" page={1} hasNext={false} onPage={() => {}} />)
  expect(screen.queryByRole('navigation')).toBeNull()
})

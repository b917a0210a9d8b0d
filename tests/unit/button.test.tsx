import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { Button } from '../../src/ui/Button'

afterEach(cleanup)

function Form({ pending, onSubmit }: { pending: boolean; onSubmit: () => void }) {
  return (
    <form onSubmit={(event) => { event.preventDefault(); onSubmit() }}>
      <input aria-label="Amount" />
      <Button type="submit" pending={pending}>Transfer</Button>
    </form>
  )
}

it('a pending button stays focusable, is said to be busy, and refuses presses: a click, Enter and Space on it, Enter in its form', async () => {
  const user = userEvent.setup()
  const onSubmit = vi.fn()
  const { rerender } = render(<Form pending={false} onSubmit={onSubmit} />)
  const button = screen.getByRole('button', { name: 'Transfer' })
  await user.click(button)
  expect(onSubmit).toHaveBeenCalledTimes(1)

  rerender(<Form pending onSubmit={onSubmit} />)
  expect(button).not.toHaveAttribute('disabled')
  expect(button).toHaveAttribute('aria-disabled', 'true')
  expect(button).toHaveAttribute('aria-busy', 'true')
  expect(button).toRefusePresses()
  await user.click(button)
  button.focus()
  await user.keyboard('{Enter}')
  await user.keyboard(' ')
  await user.click(screen.getByLabelText('Amount'))
  await user.keyboard('{Enter}')
  expect(onSubmit).toHaveBeenCalledTimes(1)

  rerender(<Form pending={false} onSubmit={onSubmit} />)
  expect(button).not.toRefusePresses()
  await user.click(screen.getByLabelText('Amount'))
  await user.keyboard('{Enter}')
  expect(onSubmit).toHaveBeenCalledTimes(2)
})

it("a button's onClick runs when it is not pending, and a disabled one (not ready) is disabled", async () => {
  const user = userEvent.setup()
  const onClick = vi.fn()
  const { rerender } = render(<Button type="button" onClick={onClick}>Save</Button>)
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(onClick).toHaveBeenCalledTimes(1)
  rerender(<Button type="button" pending onClick={onClick}>Save</Button>)
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(onClick).toHaveBeenCalledTimes(1)
  rerender(<Button type="button" disabled pending onClick={onClick}>Save</Button>)
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
  expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-disabled')
})

it('a first-click-only button takes a tap (detail 1) and the keyboard (detail 0), not the second click of a double tap', async () => {
  const user = userEvent.setup()
  const onClick = vi.fn()
  render(<Button type="button" firstClickOnly onClick={onClick}>Confirm</Button>)
  const button = screen.getByRole('button', { name: 'Confirm' })
  fireEvent.click(button, { detail: 2 })
  fireEvent.click(button, { detail: 3 })
  expect(onClick).not.toHaveBeenCalled()
  fireEvent.click(button, { detail: 1 })
  expect(onClick).toHaveBeenCalledTimes(1)
  button.focus()
  await user.keyboard('{Enter}')
  expect(onClick).toHaveBeenCalledTimes(2)
})

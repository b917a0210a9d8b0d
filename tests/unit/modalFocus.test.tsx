import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { initI18n } from '../../src/i18n/i18n'
import { Modal } from '../../src/ui/Modal'

/** A game card that opens its sheet; `swap` gives the card a new element while the sheet is
 *  open, as home's static row does when its carousel comes on idle. */
function Card() {
  const [open, setOpen] = useState(false)
  const [generation, setGeneration] = useState(0)
  return (
    <>
      <button key={generation} type="button" data-code="JOKER" onClick={() => setOpen(true)}>Joker {generation}</button>
      <button type="button" data-code="PG">PG</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Joker Gaming">
        <button type="button" onClick={() => setGeneration((n) => n + 1)}>swap</button>
      </Modal>
    </>
  )
}

beforeAll(() => initI18n('en'))
afterEach(cleanup)

it('a closed modal gives the focus back to the element that opened it', () => {
  render(<Card />)
  const card = screen.getByText('Joker 0')
  card.focus()
  fireEvent.click(card)
  fireEvent.click(screen.getByRole('button', { name: 'Close' }))
  expect(document.activeElement).toBe(card)
})

it('when the page replaced that element meanwhile, its replacement (same data-code) takes the focus, not the body', () => {
  render(<Card />)
  const card = screen.getByText('Joker 0')
  card.focus()
  fireEvent.click(card)
  fireEvent.click(screen.getByText('swap'))
  expect(card.isConnected).toBe(false)
  fireEvent.click(screen.getByRole('button', { name: 'Close' }))
  expect(document.activeElement).toBe(screen.getByText('Joker 1'))
})

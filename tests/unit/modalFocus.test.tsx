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

/** A sheet with a dialog of its own inside it (an error over a transfer, a confirmation over its form). */
function SheetWithDialog({ onSheetClose, onDialogClose }: { onSheetClose: () => void; onDialogClose: () => void }) {
  return (
    <Modal open onClose={onSheetClose} title="Transfer">
      <button type="button">Transfer</button>
      <Modal open onClose={onDialogClose} title="Something went wrong" role="alertdialog">
        <button type="button">OK</button>
      </Modal>
    </Modal>
  )
}

it("Escape (the dialog's cancel) closes the dialog it was pressed in, not the sheet under it too", () => {
  const closed: string[] = []
  render(<SheetWithDialog onSheetClose={() => closed.push('sheet')} onDialogClose={() => closed.push('dialog')} />)
  const dialog = screen.getByRole('alertdialog', { name: 'Something went wrong' })
  // React passes a dialog's cancel up its tree to the sheet's dialog as well, as if it bubbled.
  expect(fireEvent(dialog, new Event('cancel', { cancelable: true }))).toBe(false)
  expect(closed).toEqual(['dialog'])
  fireEvent(screen.getByRole('dialog', { name: 'Transfer' }), new Event('cancel', { cancelable: true }))
  expect(closed).toEqual(['dialog', 'sheet'])
})

import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ui } from '../../src/state/ui'
import { layerDepth, useHistoryLayer } from '../../src/ui/historyLayer'

function Layer({ name, open, onClose }: { name: string; open: boolean; onClose: () => void }) {
  useHistoryLayer(open, onClose)
  return open ? <div role="dialog" aria-label={name} /> : null
}

/** Two modals where closing the first opens the second, as the invite banners do (spec 2). */
function Chain() {
  const [banners, setBanners] = useState(true)
  const [invite, setInvite] = useState(false)
  return (
    <>
      <Layer name="banners" open={banners} onClose={() => setBanners(false)} />
      <Layer name="invite" open={invite} onClose={() => setInvite(false)} />
      <button type="button" onClick={() => setBanners(false)}>close banners</button>
      <button type="button" onClick={() => { setBanners(false); setInvite(true) }}>next</button>
    </>
  )
}

/** The next popstate: history.back() is answered by one, later (jsdom queues it as a browser does). */
const popped = () => act(() => new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true })))

describe('useHistoryLayer', () => {
  afterEach(async () => {
    // A layer still open pops its own entry as it unmounts: its popstate ends the test.
    const open = layerDepth() > 0
    const pop = open ? popped() : undefined
    cleanup()
    await pop
    window.history.replaceState(null, '')
  })

  it('pushes one entry per open layer and pops it when closed from the UI', async () => {
    const before = window.history.state as unknown
    render(<Chain />)
    expect(layerDepth()).toBe(1)
    expect(ui.openModals).toBe(1)

    const pop = popped()
    act(() => screen.getByText('close banners').click())
    await pop
    expect(screen.queryByRole('dialog', { name: 'banners' })).toBeNull()
    expect(ui.openModals).toBe(0)
    // The layer's own entry was popped: back is at the entry from before the modal opened.
    expect(layerDepth()).toBe(0)
    expect(window.history.state).toEqual(before)
  })

  it('keeps the next modal open when one closes and the next opens in the same tap', async () => {
    render(<Chain />)
    // The banners' entry is popped as the invite opens: the invite's layer waits for that pop,
    // which would otherwise close it.
    const pop = popped()
    act(() => screen.getByText('next').click())
    await pop
    expect(screen.queryByRole('dialog', { name: 'banners' })).toBeNull()
    expect(screen.queryByRole('dialog', { name: 'invite' })).toBeInTheDocument()
    expect(layerDepth()).toBe(1)

    // Back (browser, Android, Telegram) closes the invite modal.
    act(() => window.history.back())
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'invite' })).toBeNull())
    expect(layerDepth()).toBe(0)
    expect(ui.openModals).toBe(0)
  })
})

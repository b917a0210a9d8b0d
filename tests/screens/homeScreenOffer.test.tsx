// Issue 31 "one tap away": the host's home-screen shortcut inside a deposit's receipt, offered
// once on a device, through the platform adapter only.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { DepositArrived } from '../../src/features/deposit/DepositArrived'
import type { HomeScreen, HomeScreenStatus } from '../../src/platform/types'
import { storageKeys } from '../../src/lib/storage'
import { renderScreen, text } from '../renderScreen'

const deposit = { amount: 100, currency: 'THB' as const, way: 'QR' }

function hostWith(status: HomeScreenStatus, result: Awaited<ReturnType<HomeScreen['add']>> = 'added') {
  return { status: vi.fn(async () => status), add: vi.fn(async () => result) }
}

async function receipt(homeScreen: HomeScreen | null) {
  return renderScreen(<DepositArrived deposit={deposit} onDone={() => undefined} />, { language: 'en', platform: { kind: 'telegram', homeScreen } })
}

const offerTitle = () => text('deposit.homeScreenTitle', { appName: 'Wallet' })

describe('the home-screen offer after a deposit', () => {
  it('offers it once: a later receipt on this device does not', async () => {
    const host = hostWith('available')
    const first = await receipt(host)
    expect(await screen.findByRole('heading', { name: offerTitle() })).toBeVisible()
    expect(localStorage.getItem(storageKeys.homeScreenOffered)).not.toBeNull()
    first.remount()
    await first.settled()
    expect(screen.getByText(text('deposit.arrived'))).toBeVisible()
    expect(screen.queryByRole('heading', { name: offerTitle() })).toBeNull()
    expect(host.status).toHaveBeenCalledTimes(1)
  })

  it('adds through the host from the tap and says so when the host says added', async () => {
    const host = hostWith('available', 'added')
    const result = await receipt(host)
    await result.user.click(await screen.findByRole('button', { name: text('deposit.homeScreenAdd') }))
    expect(host.add).toHaveBeenCalledTimes(1)
    expect(await screen.findByText(text('deposit.homeScreenAdded'))).toBeVisible()
    expect(screen.queryByRole('heading', { name: offerTitle() })).toBeNull()
  })

  it('goes away on "not now" without asking the host', async () => {
    const host = hostWith('available')
    const result = await receipt(host)
    await result.user.click(await screen.findByRole('button', { name: text('deposit.homeScreenLater') }))
    expect(screen.queryByRole('heading', { name: offerTitle() })).toBeNull()
    expect(host.add).not.toHaveBeenCalled()
  })

  it.each(['added', 'unsupported'] as const)('stays away when the host says %s', async (status) => {
    const host = hostWith(status)
    const result = await receipt(host)
    await waitFor(() => expect(host.status).toHaveBeenCalled())
    await result.settled()
    expect(screen.queryByRole('heading', { name: offerTitle() })).toBeNull()
    // Already there: never asked again; unsupported: the client may learn it later.
    expect(localStorage.getItem(storageKeys.homeScreenOffered) !== null).toBe(status === 'added')
  })

  it('shows nothing where the host has no shortcut (a browser)', async () => {
    await receipt(null)
    expect(screen.getByText(text('deposit.arrived'))).toBeVisible()
    expect(screen.queryByRole('heading', { name: offerTitle() })).toBeNull()
  })
})

// The spin wheel from home (issue 16; spec 2 "Spin modal", spec 4 "Spin") on the production build
// against the reference server: the wheel lands on the prize the server drew, the coin count falls,
// the coupon is claimed into the wallet. Reduced motion: the short turn.
import { devPost, expect, test } from '../fixtures'
import { baht, fill } from '../shared/wallet'
import { RIGGED_SLICE, RIGGED_WHEEL, sliceUnderPointer, wheelOpen, withRiggedWheel } from '../shared/spin'
import { walletOf } from '../walletMembers'

test('a spin lands on the server\'s prize, the coins fall, and the coupon is claimed into the wallet', async ({ page, open, strings, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await withRiggedWheel(request, async () => {
    const { member, modal } = await wheelOpen({ page, open, strings, request }, 2, 100)
    await expect(modal.getByText(fill(strings.spin.coins, { count: '2' }))).toBeVisible()
    await expect(modal.getByText(strings.spin.noCoupons)).toBeVisible()

    // From the keyboard: the spin button keeps the focus while the wheel turns, and the prize's
    // popup gives it back (only the popup closes on Escape, not the wheel's sheet under it).
    const spin = modal.getByRole('button', { name: strings.spin.spin })
    await spin.focus()
    await page.keyboard.press('Enter')
    const popup = page.getByRole('dialog', { name: strings.spin.prizeTitle })
    await expect(popup).toContainText(fill(strings.spin.prizeWon, { prize: baht(25, 'browser') }))
    expect(await sliceUnderPointer(page, RIGGED_WHEEL.slices.length)).toBe(RIGGED_SLICE)
    await page.keyboard.press('Escape')
    await expect(popup).toBeHidden()
    await expect(modal.getByText(fill(strings.spin.coins, { count: '1' }))).toBeVisible()
    await expect(spin).toBeFocused()

    await modal.getByRole('button', { name: strings.spin.claim }).click()
    const confirm = page.getByRole('alertdialog', { name: strings.spin.claimTitle })
    await confirm.getByRole('button', { name: strings.spin.claimConfirm }).click()
    await expect(modal.getByText(strings.spin.claimed)).toBeVisible()
    expect(await walletOf(request, member)).toMatchObject({ wallet: 125 })
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('wallet-balance')).toHaveText(baht(125, 'browser'))
  })
})

test("a prize not claimed, about to expire, is told on the bell, and opens the wheel's prizes to claim it (issue 50)", async ({ page, open, strings, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await withRiggedWheel(request, async () => {
    const { modal } = await wheelOpen({ page, open, strings, request }, 1)
    await modal.getByRole('button', { name: strings.spin.spin }).click()
    await page.getByRole('dialog', { name: strings.spin.prizeTitle }).getByRole('button', { name: strings.spin.ok }).click()
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()

    // The reminder's pass, with a window longer than the coupon's life: it is told now, once.
    await devPost(request, '/dev/prize-reminders', { hours: 24 * 365 })
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
    const banner = page.getByRole('banner')
    await banner.getByRole('button', { name: fill(strings.notifications.openUnread, { count: '1' }) }).click()
    const row = page.getByRole('dialog', { name: strings.notifications.title }).getByRole('listitem').first()
    await expect(row).toContainText(strings.notifications.kind.prize_expiring)
    await expect(row).toContainText(baht(25, 'browser'))
    await row.getByRole('button').click()
    // Home opens the wheel on its prizes, and the address forgets it.
    await expect(page.getByRole('dialog', { name: RIGGED_WHEEL.name })).toBeVisible()
    await expect(page.getByRole('dialog', { name: RIGGED_WHEEL.name }).getByRole('button', { name: strings.spin.claim })).toBeVisible()
    await expect(page).toHaveURL(/\/user\/home$/)
  })
})

// Inside Telegram the wheel turns with vertical swipes off, so a drag on it never closes the app,
// and they come back on when it stops (issue 16).
import { devPost, expect, telegramEvents, test } from '../fixtures'
import { RIGGED_SLICE, RIGGED_WHEEL, sliceUnderPointer, withRiggedWheel } from '../shared/spin'
import { registerMember, signedIn } from '../walletMembers'

test('the wheel turns with vertical swipes off, and they are back when it stops', async ({ page, open, strings, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await withRiggedWheel(request, async () => {
    const member = await registerMember(request)
    await devPost(request, '/dev/coins', { username: member.phone, coins: 1 })
    await signedIn(page, member)
    await open('/user/home')
    await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.spin }).click()
    const modal = page.getByRole('dialog', { name: RIGGED_WHEEL.name })
    await modal.getByRole('button', { name: strings.spin.spin }).click()
    await expect(page.getByRole('dialog', { name: strings.spin.prizeTitle })).toBeVisible()
    expect(await sliceUnderPointer(page, RIGGED_WHEEL.slices.length)).toBe(RIGGED_SLICE)
    await expect.poll(() => telegramEvents(page, 'web_app_setup_swipe_behavior')).toEqual([{ allow_vertical_swipe: false }, { allow_vertical_swipe: true }])
  })
})

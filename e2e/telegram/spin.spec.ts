// Inside Telegram the wheel turns with vertical swipes off, so a drag on it never closes the app,
// and they come back on when it stops (issue 16).
import { expect, telegramEvents, test } from '../fixtures'
import { RIGGED_SLICE, RIGGED_WHEEL, sliceUnderPointer, wheelOpen, withRiggedWheel } from '../shared/spin'

test('the wheel turns with vertical swipes off, and they are back when it stops', async ({ page, open, strings, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await withRiggedWheel(request, async () => {
    const { modal } = await wheelOpen({ page, open, strings, request }, 1)
    await modal.getByRole('button', { name: strings.spin.spin }).click()
    await expect(page.getByRole('dialog', { name: strings.spin.prizeTitle })).toBeVisible()
    expect(await sliceUnderPointer(page, RIGGED_WHEEL.slices.length)).toBe(RIGGED_SLICE)
    await expect.poll(() => telegramEvents(page, 'web_app_setup_swipe_behavior')).toEqual([{ allow_vertical_swipe: false }, { allow_vertical_swipe: true }])
  })
})

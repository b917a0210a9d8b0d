// Inside Telegram a game row is dragged sideways with vertical swipes off, so the drag never closes
// the app, and they come back on when the row is let go (docs/design.md, Telegram).
import { expect, telegramEvents, test } from '../fixtures'
import { registerMember, signedIn } from '../walletMembers'

test('a game row is dragged with vertical swipes off, and they are back when it is let go', async ({ page, open, strings, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const member = await registerMember(request)
  await signedIn(page, member)
  await open('/user/home')
  const slots = page.getByRole('region', { name: strings.games.category.slot })
  await expect(slots.locator('.swiper-initialized')).toHaveCount(1)
  await slots.scrollIntoViewIfNeeded()
  const row = (await slots.locator('.swiper').boundingBox())!
  const y = row.y + row.height / 2
  await page.mouse.move(row.x + row.width - 20, y)
  await page.mouse.down()
  await page.mouse.move(row.x + row.width / 2, y, { steps: 5 })
  await expect.poll(() => telegramEvents(page, 'web_app_setup_swipe_behavior')).toEqual([{ allow_vertical_swipe: false }])
  await page.mouse.move(row.x + 20, y, { steps: 5 })
  await page.mouse.up()
  await expect.poll(() => telegramEvents(page, 'web_app_setup_swipe_behavior')).toEqual([{ allow_vertical_swipe: false }, { allow_vertical_swipe: true }])
  // The row moved: its first card has gone left.
  await expect.poll(async () => (await slots.locator('.swiper-slide').first().boundingBox())!.x).toBeLessThan(row.x)
})

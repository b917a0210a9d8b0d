// Messages the player sees once (spec 8): a failure a screen shows inline is not also toasted.
import { DEMO, expect, expectNoToastSoFar, test } from '../fixtures'
import { openAsDemo } from '../walletMembers'

test('a failed profile load shows inline with a retry, and no toast', async ({ page, open, request, strings }) => {
  await openAsDemo(page, request, open)
  await expect(page).toHaveURL(/\/user\/home$/)
  let fail = true
  await page.route('**/api/account/profile', (route) =>
    fail ? route.fulfill({ status: 404, json: { message: 'NO_DATA' } }) : route.continue(),
  )
  await page.goto('/user/profile')
  const inline = page.locator('main').getByRole('alert')
  await expect(inline).toContainText(strings.errors.NO_DATA)
  await expectNoToastSoFar(page)

  fail = false
  await inline.getByRole('button', { name: strings.common.retry }).click()
  await expect(page.getByText(DEMO.name).first()).toBeVisible()
  await expect(inline).toHaveCount(0)
})

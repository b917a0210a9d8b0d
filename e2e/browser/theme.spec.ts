// Dark mode in a browser: the device's colour scheme picks the palette, and the splash of
// index.html (the same on every host) and the prerendered /login are in that palette before the app runs.
import { expect, test } from '../fixtures'
import { deviceSchemeTests, paletteColour, rgb } from '../shared/theme'

deviceSchemeTests()

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`device in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme })

    test(`the splash is ${scheme} before the app runs`, async ({ page }) => {
      await page.route(/\/assets\/index-[^/]+\.js$/, () => undefined) // the entry never arrives
      await page.goto('/howto', { waitUntil: 'commit' })
      await expect(page.locator('.splash')).toBeAttached()
      await expect(page.locator('body')).toHaveCSS('background-color', rgb(paletteColour('--bg', scheme)))
      await expect(page.locator('.splash__bar')).toHaveCSS('background-color', rgb(paletteColour('--border', scheme)))
      await expect(page.locator('html')).toHaveCSS('color-scheme', scheme)
    })

    test(`the prerendered /login is ${scheme} before the app runs (issue 32)`, async ({ page }) => {
      await page.route(/\/assets\/index-[^/]+\.js$/, () => undefined) // the entry never arrives
      await page.goto('/login', { waitUntil: 'commit' })
      await expect(page.locator('#prerendered .card')).toBeVisible()
      await expect(page.locator('body')).toHaveCSS('background-color', rgb(paletteColour('--bg', scheme)))
      await expect(page.locator('#prerendered .card')).toHaveCSS('background-color', rgb(paletteColour('--surface', scheme)))
      await expect(page.locator('html')).toHaveCSS('color-scheme', scheme)
    })
  })
}

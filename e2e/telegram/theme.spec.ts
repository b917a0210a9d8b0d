// Dark mode in Telegram: the host's theme picks the palette, whatever the device's scheme.
import { DARK_THEME, expect, LIGHT_THEME, telegramHash, test } from '../fixtures'
import { expectPalette, type Scheme } from '../shared/theme'

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`device in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme })

    test(`Telegram's ${scheme === 'light' ? 'dark' : 'light'} theme wins over a ${scheme} device`, async ({ page }) => {
      const host: Scheme = scheme === 'light' ? 'dark' : 'light'
      await page.goto(`/login${telegramHash({ theme: host === 'dark' ? DARK_THEME : LIGHT_THEME })}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('data-theme', host)
      // Telegram's own background, the rest of the app's palette in the host's scheme.
      await expectPalette(page, host, host === 'dark' ? DARK_THEME.bg_color : LIGHT_THEME.bg_color)
    })
  })
}

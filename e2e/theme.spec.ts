// Dark mode on every host (DESIGN.md "Theme"): in a browser and in LINE the device's colour scheme
// picks the palette; in Telegram the host theme does. The page background, `color-scheme` and the
// theme-color meta follow the active palette, and the splash is dark before the app runs.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { DARK_THEME, expect, LIGHT_THEME, telegramHash, test } from './fixtures'

type Scheme = 'light' | 'dark'

/** `--name: light-dark(<light>, <dark>)` of src/ui/theme.css. */
function paletteColour(name: string, scheme: Scheme): string {
  const css = readFileSync('src/ui/theme.css', 'utf8')
  const match = new RegExp(`${name}: light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\)`, 'i').exec(css)
  if (!match) throw new Error(`${name} is not a light-dark() colour of theme.css`)
  return match[scheme === 'light' ? 1 : 2]
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`

async function expectPalette(page: Page, scheme: Scheme, background = paletteColour('--bg', scheme)): Promise<void> {
  await expect(page.locator('body')).toHaveCSS('background-color', rgb(background))
  await expect(page.locator('html')).toHaveCSS('color-scheme', scheme)
  const header = paletteColour('--header-bg', scheme)
  await expect(page.locator('.top-bar, .brand__logo').first()).toBeVisible()
  const metas = page.locator('meta[name="theme-color"]')
  await expect(metas).toHaveCount(2)
  for (const meta of await metas.all()) await expect(meta).toHaveAttribute('content', header)
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`device in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme })

    test(`a browser or LINE app is ${scheme}: background, color-scheme, theme-color`, async ({ page, platform, open }) => {
      test.skip(platform === 'telegram', 'Telegram follows its own theme (below)')
      await open('/login')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectPalette(page, scheme)
      // The primary button is drawn from the same palette.
      await expect(page.locator('.button--primary').first()).toHaveCSS('background-color', rgb(paletteColour('--primary', scheme)))
    })

    test(`the splash is ${scheme} before the app runs`, async ({ page, platform }) => {
      test.skip(platform !== 'browser', 'index.html is the same on every host')
      await page.route(/\/assets\/index-[^/]+\.js$/, () => undefined) // the entry never arrives
      await page.goto('/login', { waitUntil: 'commit' })
      await expect(page.locator('.splash')).toBeAttached()
      await expect(page.locator('body')).toHaveCSS('background-color', rgb(paletteColour('--bg', scheme)))
      await expect(page.locator('.splash__bar')).toHaveCSS('background-color', rgb(paletteColour('--border', scheme)))
      await expect(page.locator('html')).toHaveCSS('color-scheme', scheme)
    })

    test(`Telegram's ${scheme === 'light' ? 'dark' : 'light'} theme wins over a ${scheme} device`, async ({ page, platform }) => {
      test.skip(platform !== 'telegram', 'Telegram only')
      const host: Scheme = scheme === 'light' ? 'dark' : 'light'
      await page.goto(`/login${telegramHash({ theme: host === 'dark' ? DARK_THEME : LIGHT_THEME })}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('data-theme', host)
      // Telegram's own background, the rest of the app's palette in the host's scheme.
      await expectPalette(page, host, host === 'dark' ? DARK_THEME.bg_color : LIGHT_THEME.bg_color)
    })
  })
}

test('the app follows a change of the device scheme while open', async ({ page, platform, open }) => {
  test.skip(platform === 'telegram', 'Telegram follows its own theme')
  await page.emulateMedia({ colorScheme: 'light' })
  await open('/login')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectPalette(page, 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectPalette(page, 'dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expectPalette(page, 'light')
})

// Dark mode (docs/design.md "Theme"): the palette helpers every host's theme test reads, and the tests
// of a host where the device's colour scheme picks the palette (a browser and LINE; Telegram's
// own theme decides there, e2e/telegram/theme.spec.ts).
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'

export type Scheme = 'light' | 'dark'

/** `--name: light-dark(<light>, <dark>)` of src/ui/theme.css. */
export function paletteColour(name: string, scheme: Scheme): string {
  const css = readFileSync('src/ui/theme.css', 'utf8')
  const match = new RegExp(`${name}: light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\)`, 'i').exec(css)
  if (!match) throw new Error(`${name} is not a light-dark() colour of theme.css`)
  return match[scheme === 'light' ? 1 : 2]
}

export const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`

export async function expectPalette(page: Page, scheme: Scheme, background = paletteColour('--bg', scheme)): Promise<void> {
  await expect(page.locator('body')).toHaveCSS('background-color', rgb(background))
  await expect(page.locator('html')).toHaveCSS('color-scheme', scheme)
  const header = paletteColour('--header-bg', scheme)
  await expect(page.locator('.top-bar, .brand__logo').first()).toBeVisible()
  const metas = page.locator('meta[name="theme-color"]')
  await expect(metas).toHaveCount(2)
  for (const meta of await metas.all()) await expect(meta).toHaveAttribute('content', header)
}

/** The device's scheme picks the palette, and a change while the app is open is followed. */
export function deviceSchemeTests(): void {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`device in ${scheme} mode`, () => {
      test.use({ colorScheme: scheme })

      test(`a browser or LINE app is ${scheme}: background, color-scheme, theme-color`, async ({ page, open }) => {
        await open('/login')
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expectPalette(page, scheme)
        // The primary button is drawn from the same palette.
        await expect(page.locator('.button--primary').first()).toHaveCSS('background-color', rgb(paletteColour('--primary', scheme)))
      })
    })
  }

  test('the app follows a change of the device scheme while open', async ({ page, open }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await open('/login')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectPalette(page, 'light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expectPalette(page, 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expectPalette(page, 'light')
  })
}

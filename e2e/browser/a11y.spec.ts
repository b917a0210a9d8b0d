// The accessibility table in a browser: every screen and state (e2e/shared/a11y.ts), and the axe
// runner it stands on, shown finding what it must.
import { expect, test } from '../fixtures'
import { axeTable } from '../shared/a11y'
import { blockingOf, runAxe } from '../shared/axe'

axeTable('browser')

test('the axe runner names a serious violation once axe is in the page, and its rules narrow the run', async ({ page }) => {
  await page.setContent('<html lang="th"><head><title>probe</title></head><body><main><h1>probe</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#777;background:#888">faint</p></main></body></html>')
  const all = await runAxe(page)
  expect(blockingOf(all.violations).map((violation) => violation.id).sort()).toEqual(['color-contrast', 'image-alt'])
  expect(all.violations.find((violation) => violation.id === 'image-alt')?.nodes.map((node) => node.target)).toEqual(['img'])
  expect(all.passes).toBeGreaterThan(0)
  // A second run finds axe in the page already and asks only the colour rule.
  const colours = await runAxe(page, ['color-contrast'])
  expect(colours.violations.map((violation) => violation.id)).toEqual(['color-contrast'])
})

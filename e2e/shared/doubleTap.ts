// A double tap on a button that opens a step (a confirmation, a sheet), in the worst case: the
// step's action laid exactly where the tapped button was, so the tap's second click lands on it.
import type { Locator, Page } from '@playwright/test'
import { expect } from '../fixtures'

/**
 * Double-taps `tapped` with the step's action (`appears`, found on the page by the CSS `selector`)
 * pinned where `tapped` was, and checks the second click was on it: the caller then checks that
 * it did nothing.
 */
export async function doubleTapOnto(page: Page, tapped: Locator, appears: Locator, selector: string): Promise<void> {
  const at = (await tapped.boundingBox())!
  await page.addStyleTag({ content: `${selector} { position: fixed; left: ${at.x}px; top: ${at.y}px; width: ${at.width}px; height: ${at.height}px; margin: 0; z-index: 10 }` })
  const x = at.x + at.width / 2
  const y = at.y + at.height / 2
  await page.mouse.dblclick(x, y)
  await expect(appears).toBeVisible()
  const there = (await appears.boundingBox())!
  expect([x > there.x && x < there.x + there.width, y > there.y && y < there.y + there.height]).toEqual([true, true])
  expect(await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.closest('button')?.textContent, [x, y])).toBe(await appears.textContent())
}

// A receipt of the statement, opened by the demo member (its opening deposit makes a row at least), for
// the host share tests: LINE's picker, Telegram's share, a browser's share sheet or copy.
import type { Page } from '@playwright/test'
import { expect, signIn, type Strings } from '../fixtures'
import type th from '../../src/i18n/locales/th.json'

export async function openDemoReceipt(page: Page, open: (path: string) => Promise<void>, strings: Strings & typeof th) {
  await open('/login')
  await signIn(page, strings)
  await expect(page).toHaveURL(/\/user\/home$/)
  await page.getByRole('navigation', { name: strings.menu.label }).getByRole('link', { name: strings.menu.statement }).click()
  await page.locator('.statement-row').first().click()
  const receipt = page.getByRole('dialog', { name: strings.receipt.title })
  await expect(receipt).toContainText(strings.receipt.reference)
  return receipt
}

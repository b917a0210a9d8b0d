// A receipt of the statement, opened by the demo member (its opening deposit makes a row at least), for
// the host share tests: LINE's picker, Telegram's share, a browser's share sheet or copy.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, type Strings } from '../fixtures'
import { openAsDemo } from '../walletMembers'
import type th from '../../contract/locales/th.json'

export async function openDemoReceipt(page: Page, request: APIRequestContext, open: (path: string) => Promise<void>, strings: Strings & typeof th) {
  await openAsDemo(page, request, open)
  await page.getByRole('navigation', { name: strings.menu.label }).getByRole('link', { name: strings.menu.statement }).click()
  await page.locator('.statement-row').first().click()
  const receipt = page.getByRole('dialog', { name: strings.receipt.title })
  await expect(receipt).toContainText(strings.receipt.reference)
  return receipt
}

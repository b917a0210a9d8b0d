// Issue 31 "one tap away": a deposit that arrives, where the host's home-screen offer appears.
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { QR_POLL_MS } from '../../src/features/deposit/rules'
import { devPost, expect, pressMainAction } from '../fixtures'
import type { Strings } from './wallet'

/** A KBANK QR of ฿100 created from home's deposit and paid: resolves with the receipt shown.
 *  The page's clock must be installed (page.clock.install()) before the page opened. */
export async function depositArrives(page: Page, request: APIRequestContext, strings: Strings): Promise<Locator> {
  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.deposit }).click()
  const dialog = page.getByRole('dialog', { name: strings.deposit.title })
  await dialog.getByRole('tab', { name: strings.deposit.qrTab.KBANK }).click()
  await dialog.getByRole('button', { name: '100.00' }).click()
  const created = page.waitForResponse((response) => response.url().endsWith('/api/qrcode/KBANK') && response.request().method() === 'POST')
  await pressMainAction(page, dialog, strings.deposit.qrCreate)
  const { qrcodeId } = (await (await created).json()) as { qrcodeId: string }
  await devPost(request, `/dev/qrcode/${qrcodeId}/pay`, {})
  await page.clock.fastForward(QR_POLL_MS)
  const receipt = dialog.getByRole('status').filter({ hasText: strings.deposit.arrived })
  await expect(receipt).toBeVisible()
  return receipt
}

/** The offer's heading inside a receipt. */
export const homeScreenOffer = (receipt: Locator, strings: Strings, appName = 'Wallet'): Locator =>
  receipt.getByRole('heading', { name: strings.deposit.homeScreenTitle.replace('{{appName}}', appName) })

/** Done on the receipt: the deposit modal closes. */
export async function closeReceipt(page: Page, receipt: Locator, strings: Strings): Promise<void> {
  await receipt.getByRole('button', { name: strings.deposit.done }).click()
  await expect(page.getByRole('dialog', { name: strings.deposit.title })).toBeHidden()
}

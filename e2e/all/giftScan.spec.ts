// Scanning a TrueMoney gift link into the deposit modal on every host (spec 2 "Deposit", docs/design.md
// "Platform adapter"): the browser decodes a picked photo, LINE opens liff.scanCodeV2, Telegram its
// scanner popup. The QR holds a whole shared message; the field keeps just the link, and it is sent.
import type { Page } from '@playwright/test'
import qrcode from 'qrcode-generator'
import { expect, telegramEvents, telegramSays, test, type PlatformKind } from '../fixtures'
import { memberAtHome, type Strings } from '../shared/wallet'

const GIFT = `https://gift.truemoney.com/campaign/?v=e2escan${Date.now().toString(36)}`
const SHARED_MESSAGE = `You got a TrueMoney gift! Open ${GIFT} to receive it`

/** The shared message as a QR image (GIF), the way a player's photo of it would be decoded. */
function giftQrImage(): Buffer {
  const qr = qrcode(0, 'M')
  qr.addData(SHARED_MESSAGE)
  qr.make()
  return Buffer.from(qr.createDataURL(8, 16).split(',')[1], 'base64')
}

/** LINE's scanner as the player uses it: available, and reading the QR when opened. */
async function lineScannerReads(page: Page, value: string): Promise<void> {
  await page.waitForFunction(() => 'liff' in window)
  await page.evaluate((scanned) => {
    type Liff = { $mock: { set(data: Record<string, unknown>): void }; scanCodeV2(): Promise<{ value: string | null }> }
    const liff = (window as unknown as { liff: Liff }).liff
    liff.$mock.set({ isApiAvailable: true })
    liff.scanCodeV2 = async () => ({ value: scanned })
  }, value)
}

/** Taps the scan button and answers the way the host's scanner would. */
async function scan(page: Page, platform: PlatformKind, strings: Strings): Promise<void> {
  const button = page.getByRole('dialog', { name: strings.deposit.title }).getByRole('button', { name: strings.deposit.giftScan })
  if (platform === 'browser') {
    const chooser = page.waitForEvent('filechooser')
    await button.click()
    await (await chooser).setFiles({ name: 'gift.gif', mimeType: 'image/gif', buffer: giftQrImage() })
  } else if (platform === 'line') {
    await button.click()
  } else {
    await button.click()
    await expect.poll(() => telegramEvents(page, 'web_app_open_scan_qr_popup')).toHaveLength(1)
    await telegramSays(page, 'qr_text_received', { data: SHARED_MESSAGE })
  }
}

test('a scanned gift QR fills the link, and it is sent', async ({ page, open, strings, request, platform }) => {
  await memberAtHome({ page, open, strings, request })
  if (platform === 'line') await lineScannerReads(page, SHARED_MESSAGE)
  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.deposit }).click()
  const modal = page.getByRole('dialog', { name: strings.deposit.title })
  await modal.getByRole('tab', { name: strings.deposit.tabGift }).click()
  await scan(page, platform, strings)
  await expect(modal.getByLabel(strings.deposit.giftLabel)).toHaveValue(GIFT)
  if (platform === 'telegram') await expect.poll(() => telegramEvents(page, 'web_app_close_scan_qr_popup')).toHaveLength(1)
  await modal.getByRole('button', { name: strings.deposit.giftSend }).click()
  await expect(page.getByText(strings.deposit.giftSent)).toBeVisible()
})

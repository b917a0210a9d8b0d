// A receipt saved as a picture (issue 51): drawn from the receipt's lines, a PNG twice the phone's
// width. A plain browser without a file share downloads it; LINE's and Telegram's WebViews offer
// neither a file share nor a download here, so the receipt shows the picture to press and hold.
import { readFile } from 'node:fs/promises'
import { expect, test } from '../fixtures'
import { openDemoReceipt } from '../shared/receipt'

/** Width and height from a PNG's header (IHDR), after checking its signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

test('a receipt is saved as a picture: downloaded in a browser, shown to press and hold in a messenger', async ({ page, open, request, strings, platform }) => {
  const receipt = await openDemoReceipt(page, request, open, strings)
  const save = receipt.getByRole('button', { name: strings.receipt.savePicture })
  if (platform === 'browser') {
    const downloaded = page.waitForEvent('download')
    await save.click()
    const download = await downloaded
    expect(download.suggestedFilename()).toMatch(/^receipt-\w+\.png$/)
    const { width, height } = pngSize(await readFile(await download.path()))
    expect(width).toBe(720)
    // The title, the amount, its status and a line for each of the receipt's facts.
    const facts = await receipt.locator('.facts__row').count()
    expect(height).toBeGreaterThanOrEqual(2 * (174 + facts * 34))
    if (process.env.RECEIPT_PICTURE_OUT) await download.saveAs(process.env.RECEIPT_PICTURE_OUT)
    await expect(page.locator('.toast')).toContainText(strings.receipt.pictureSaved)
    return
  }
  await save.click()
  const picture = receipt.getByRole('img', { name: strings.receipt.pictureAlt })
  await expect(picture).toBeVisible()
  await expect(receipt.getByText(strings.receipt.pictureHint)).toBeVisible()
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(720)
})

// A statement receipt shared through LINE (issue 17): the share target picker, with the receipt's
// words and a LIFF link that reopens the app at the statement.
import { LIFF_ID, expect, recordLiffShares, sharedThroughLiff, test } from '../fixtures'
import { openDemoReceipt } from '../shared/receipt'

test('LINE: a receipt goes out through shareTargetPicker with its reference and a LIFF link', async ({ page, open, request, strings }) => {
  const receipt = await openDemoReceipt(page, request, open, strings)
  await recordLiffShares(page)
  await receipt.getByRole('button', { name: strings.receipt.share }).click()
  const [message] = await sharedThroughLiff(page)
  expect(message.type).toBe('text')
  expect(message.text).toContain(`${strings.receipt.reference}: `)
  expect(message.text).toContain(`${strings.receipt.status}: `)
  expect(message.text).toContain(`https://liff.line.me/${LIFF_ID}/user/statement`)
  await expect(page.locator('.toast')).toHaveCount(0)
})

// A statement receipt shared through LINE (issue 17): the share target picker, with the receipt's
// words and a LIFF link that reopens the app at the statement.
import { LIFF_ID, expect, test } from '../fixtures'
import { openDemoReceipt } from '../shared/receipt'

test('LINE: a receipt goes out through shareTargetPicker with its reference and a LIFF link', async ({ page, open, strings }) => {
  const receipt = await openDemoReceipt(page, open, strings)
  await page.evaluate(() => {
    type Liff = { $mock: { set(fn: (p: object) => object): void }; shareTargetPicker(messages: unknown): Promise<unknown> }
    const liff = (window as unknown as { liff: Liff }).liff
    liff.$mock.set((p) => ({ ...p, isApiAvailable: true, shareTargetPicker: { status: 'success' } }))
    const original = liff.shareTargetPicker.bind(liff)
    liff.shareTargetPicker = (messages) => {
      Object.assign(window, { __shared: messages })
      return original(messages)
    }
  })
  await receipt.getByRole('button', { name: strings.receipt.share }).click()
  const shared = await page.waitForFunction(() => (window as unknown as { __shared?: { type: string; text: string }[] }).__shared)
  const [message] = (await shared.jsonValue()) as { type: string; text: string }[]
  expect(message.type).toBe('text')
  expect(message.text).toContain(`${strings.receipt.reference}: `)
  expect(message.text).toContain(`${strings.receipt.status}: `)
  expect(message.text).toContain(`https://liff.line.me/${LIFF_ID}/user/statement`)
  await expect(page.locator('.toast')).toHaveCount(0)
})

// The wallet as a player uses it (issue 7), on the production build against the reference server:
// each test registers its own member and funds it through a real paid QR deposit.
import { expect, mainButtonState, pressTelegramMainButton, telegramEvents, test } from '../fixtures'
import { closeTransferReceipt, memberAtHome, openTransfer } from '../shared/wallet'

test('Telegram asks before closing while a transfer is out, and not after', async ({ page, open, strings, request }) => {
  await memberAtHome({ page, open, strings, request }, 100, ['PG'])
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => { release = resolve })
  await page.route('**/api/wallet/transfer', async (route) => {
    await held
    await route.continue()
  })
  const closing = async () => ((await telegramEvents(page, 'web_app_setup_closing_behavior')) as { need_confirmation: boolean }[]).map((event) => event.need_confirmation)
  const modal = await openTransfer(page, strings)
  await modal.getByLabel(strings.transfer.to).selectOption('PG')
  await modal.getByLabel(strings.transfer.amount).fill('10')
  await pressTelegramMainButton(page, strings.common.next)
  await pressTelegramMainButton(page, strings.transfer.confirm)
  await expect.poll(closing).toEqual([true])
  release()
  await closeTransferReceipt(modal, strings)
  await expect.poll(closing).toEqual([true, false])
  await expect.poll(() => telegramEvents(page, 'web_app_trigger_haptic_feedback')).toContainEqual({ type: 'notification', notification_type: 'success' })
})

test('in Telegram, whose webview drops downloads, the saved QR is shown to keep with a long press', async ({ page, open, strings, request }) => {
  await memberAtHome({ page, open, strings, request })
  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.deposit }).click()
  const modal = page.getByRole('dialog', { name: strings.deposit.title })
  await modal.getByRole('tab', { name: strings.deposit.qrTab.KBANK }).click()
  await modal.getByRole('button', { name: '100.00' }).click()
  await pressTelegramMainButton(page, strings.deposit.qrCreate)
  await modal.getByRole('button', { name: strings.deposit.qrSave }).click()
  const kept = page.getByRole('dialog', { name: strings.deposit.qrSave })
  await expect(kept.getByText(strings.deposit.qrSaveHold)).toBeVisible()
  const image = kept.getByRole('img', { name: strings.deposit.qrLabel })
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640)
  await expect(image).toHaveAttribute('src', /^blob:/)
})

test('Telegram asks before closing while a QR deposit is open, and not once it is cancelled', async ({ page, open, strings, request }) => {
  await memberAtHome({ page, open, strings, request })
  const closing = async () => ((await telegramEvents(page, 'web_app_setup_closing_behavior')) as { need_confirmation: boolean }[]).map((event) => event.need_confirmation)
  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.deposit }).click()
  const modal = page.getByRole('dialog', { name: strings.deposit.title })
  await modal.getByRole('tab', { name: strings.deposit.qrTab.KBANK }).click()
  await modal.getByRole('button', { name: '100.00' }).click()
  await pressTelegramMainButton(page, strings.deposit.qrCreate)
  await expect(modal.getByRole('img', { name: strings.deposit.qrLabel })).toBeVisible()
  await expect.poll(async () => (await closing()).at(-1)).toBe(true)
  await modal.getByRole('button', { name: strings.deposit.qrCancel }).click()
  await expect(modal.getByRole('group', { name: strings.deposit.quickAmounts })).toBeVisible()
  await expect.poll(() => mainButtonState(page)).toMatchObject({ text: strings.deposit.qrCreate, is_visible: true })
  await expect.poll(async () => (await closing()).at(-1)).toBe(false)
})

test("Telegram: transfer's and withdraw's Next and confirmation, and QR creation are on Telegram's main button, the page's own button left out", async ({ page, open, strings, request }) => {
  await memberAtHome({ page, open, strings, request }, 500, ['PG'])
  const hidden = { is_visible: false }
  // Transfer: Next shown while the form is, inactive until the accounts and the amount are right;
  // then the confirmation, pending while out, gone on the receipt.
  const transfer = await openTransfer(page, strings)
  await expect.poll(() => mainButtonState(page)).toMatchObject({ text: strings.common.next, is_visible: true, is_active: false })
  await expect(transfer.getByRole('button', { name: strings.common.next, exact: true })).toHaveCount(0)
  await expect(transfer.getByText(strings.validation.transferSelectTo)).toBeVisible()
  await transfer.getByLabel(strings.transfer.to).selectOption('PG')
  await expect(transfer.getByText(strings.transfer.enterAmount)).toBeVisible()
  await transfer.getByLabel(strings.transfer.amount).fill('10')
  await expect.poll(() => mainButtonState(page)).toMatchObject({ text: strings.common.next, is_visible: true, is_active: true })
  await pressTelegramMainButton(page, strings.common.next)
  await expect(transfer.getByRole('button', { name: strings.transfer.confirm, exact: true })).toHaveCount(0)
  await expect(transfer.getByRole('button', { name: strings.common.back, exact: true })).toBeVisible()
  await pressTelegramMainButton(page, strings.transfer.confirm)
  await expect.poll(async () => (await telegramEvents(page, 'web_app_setup_main_button')).some((event) => (event as { is_progress_visible: boolean }).is_progress_visible)).toBe(true)
  await expect(transfer.getByText(strings.transfer.walletNow)).toBeVisible()
  await expect.poll(() => mainButtonState(page)).toMatchObject(hidden)
  await closeTransferReceipt(transfer, strings)

  // Withdraw: the amount step keeps its own button; the confirmation is the main button's.
  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.withdraw }).click()
  const withdraw = page.getByRole('dialog', { name: strings.withdraw.title })
  await withdraw.getByLabel(strings.withdraw.amount).fill('100')
  // Its first step's Next is on the main button too, the page's own left out.
  await expect(withdraw.getByRole('button', { name: strings.withdraw.next })).toHaveCount(0)
  await pressTelegramMainButton(page, strings.withdraw.next)
  await expect(withdraw.getByRole('button', { name: strings.withdraw.confirm })).toHaveCount(0)
  await pressTelegramMainButton(page, strings.withdraw.confirm)
  await expect(withdraw.getByText(strings.withdraw.success)).toBeVisible()
  await expect.poll(() => mainButtonState(page)).toMatchObject(hidden)
  await withdraw.getByRole('button', { name: strings.withdraw.done }).click()

  // QR deposit: on its tab only, and disabled until there is an amount to create it for.
  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.deposit }).click()
  const deposit = page.getByRole('dialog', { name: strings.deposit.title })
  await deposit.getByRole('tab', { name: strings.deposit.qrTab.KBANK }).click()
  await expect.poll(() => mainButtonState(page)).toMatchObject({ text: strings.deposit.qrCreate, is_visible: true, is_active: false })
  await deposit.getByRole('button', { name: '100.00' }).click()
  await expect.poll(() => mainButtonState(page)).toMatchObject({ text: strings.deposit.qrCreate, is_visible: true, is_active: true })
  await deposit.getByRole('tab', { name: strings.deposit.tabBank }).click()
  await expect.poll(() => mainButtonState(page)).toMatchObject(hidden)
})

test("Telegram: a double tap on the main button's Next shows the confirmation and sends nothing; Confirm takes a tap of its own", async ({ page, open, strings, request }) => {
  await memberAtHome({ page, open, strings, request }, 100, ['PG'])
  const sent: string[] = []
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/wallet/transfer')) sent.push(req.url())
  })
  const transfer = await openTransfer(page, strings)
  await transfer.getByLabel(strings.transfer.to).selectOption('PG')
  await transfer.getByLabel(strings.transfer.amount).fill('10')
  // The double tap's second tap, at the soonest: as the main button turns into Confirm, the
  // client's press comes next (a real second tap comes later still, up to a double tap's interval).
  await page.evaluate((confirm) => {
    type Bridge = { Telegram: { WebView: { receiveEvent(name: string): void } }; __tgEvents: { name: string; data: { text?: string } }[]; __secondTap?: boolean }
    const bridge = window as unknown as Bridge
    const push = bridge.__tgEvents.push.bind(bridge.__tgEvents)
    bridge.__tgEvents.push = (...events) => {
      const length = push(...events)
      if (!bridge.__secondTap && events.some((event) => event.name === 'web_app_setup_main_button' && event.data?.text === confirm)) {
        bridge.__secondTap = false
        queueMicrotask(() => {
          bridge.Telegram.WebView.receiveEvent('main_button_pressed')
          bridge.__secondTap = true
        })
      }
      return length
    }
  }, strings.transfer.confirm)
  await pressTelegramMainButton(page, strings.common.next)
  await page.waitForFunction(() => (window as unknown as { __secondTap?: boolean }).__secondTap === true)
  // The confirmation is on screen, Confirm shown inactive at first, and nothing went out.
  await expect(transfer.getByRole('button', { name: strings.common.back, exact: true })).toBeVisible()
  expect(sent).toEqual([])
  const shown = (await telegramEvents(page, 'web_app_setup_main_button')) as { text: string; is_active: boolean; is_progress_visible: boolean }[]
  expect(shown.find((event) => event.text === strings.transfer.confirm)).toMatchObject({ is_active: false, is_progress_visible: false })
  await pressTelegramMainButton(page, strings.transfer.confirm)
  await expect(transfer.getByText(strings.transfer.walletNow)).toBeVisible()
  expect(sent).toHaveLength(1)
})

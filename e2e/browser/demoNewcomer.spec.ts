// Issue 33 §3: what a newcomer sees after `npm start`. A server of this test's own in demo mode
// (which has no /dev/ endpoint at all) with the chat on: the demo member signs in, asks for a
// withdrawal, pays a QR, sends a slip and a gift link and greets support, and each reaches its end by the demo
// bank's and the demo agent's doing alone. Outcomes are waited for, never durations; the demo
// bank's own waits (5 s, 10 s, a minute) are what a player waits. At the end the newcomer takes a
// bonus, and the operator's day's book (issue 52 §1) holds what the demo bank did and the bonus.
import { type ChildProcess, spawn } from 'node:child_process'
import { expect, signIn, slipWindowAway, test } from '../fixtures'
import { opsAdminToken } from '../opsStaff'
import { E2E_PORT, OPS_ADMIN_ENV } from '../servers'
import { baht, fill } from '../shared/wallet'
import type { DayBook } from '../../contract/ops'

let server: ChildProcess | undefined
let origin = ''

// The demo bank's own waits add up to about a minute and a half; on a machine three times slower,
// with the app's polls between, the whole can take several minutes: each step waits for its outcome.
test.describe.configure({ timeout: 480_000 })

// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, info) => {
  const port = E2E_PORT + 40 + info.parallelIndex
  origin = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env, ...OPS_ADMIN_ENV,
      APP_MODE: 'demo', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: `.data/e2e-demo-${Date.now()}-${info.parallelIndex}`,
      APP_CONFIG: JSON.stringify({ chat: origin }), APP_SETTINGS: JSON.stringify({ enableChatWidget: true }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await expect.poll(async () => (await fetch(`${origin}/config.json`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined))?.ok ?? false, { timeout: 120_000 }).toBe(true)
  // The demo closes slip upload from 23:00 to 00:30 in Bangkok, as an operator would: the operator
  // moves that window away from now, through the operator API, so the test passes at any hour.
  const token = await opsAdminToken(origin)
  const moved = await fetch(`${origin}/ops/api/slip-window`, {
    method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(slipWindowAway(new Date())),
  })
  expect(moved.ok, await moved.clone().text()).toBe(true)
})

test.afterAll(() => {
  server?.kill()
})

/** The demo member's withdrawals, as the app reads them (its own token). */
async function withdrawals(page: import('@playwright/test').Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const response = await page.request.get(`${origin}/api/wallet/withdrawals`, { headers: { authorization: `Bearer ${token}`, 'X-Requested-With': 'wallet-user' } })
  return ((await response.json()) as { withdrawals: { status: string }[] }).withdrawals
}

test("a newcomer's withdrawal, QR deposit, slip, gift link and chat reach their end with no /dev/ call", async ({ page, strings }) => {
  const devCalls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/dev/')) devCalls.push(request.url())
  })
  await page.goto(`${origin}/login`)
  await signIn(page, strings)
  await expect(page.getByTestId('total-balance')).toBeVisible()
  // A newcomer's first home: the agreement, accepted.
  const agreement = page.getByRole('dialog', { name: strings.home.agreementTitle })
  await agreement.getByRole('button', { name: strings.home.agreementAccept }).click()
  await expect(agreement).toBeHidden()
  const actions = page.getByRole('navigation', { name: strings.home.actions })

  // A withdrawal first: the demo bank pays it a minute after it was asked for.
  await actions.getByRole('button', { name: strings.home.withdraw }).click()
  const withdraw = page.getByRole('dialog', { name: strings.withdraw.title })
  await withdraw.getByLabel(strings.withdraw.amount).fill('200')
  await withdraw.getByRole('button', { name: strings.withdraw.next }).click()
  await withdraw.getByRole('button', { name: strings.withdraw.confirm }).click()
  await expect(withdraw.getByRole('status')).toContainText(strings.withdraw.success)
  await withdraw.getByRole('status').getByRole('button', { name: strings.withdraw.done }).click()
  expect((await withdrawals(page)).map((w) => w.status)).toEqual(['requested'])

  // A QR shown is paid by the demo bank: the sheet ends on the deposit's receipt by itself.
  await actions.getByRole('button', { name: strings.home.deposit }).click()
  let deposit = page.getByRole('dialog', { name: strings.deposit.title })
  await deposit.getByRole('tab', { name: strings.deposit.qrTab.KBANK }).click()
  await deposit.getByRole('button', { name: '100.00' }).click()
  await deposit.getByRole('button', { name: strings.deposit.qrCreate }).click()
  await expect(deposit.getByRole('img', { name: strings.deposit.qrLabel })).toBeVisible()
  const qrReceipt = deposit.getByRole('status').filter({ hasText: strings.deposit.arrived })
  await expect(qrReceipt).toContainText(baht(100, 'browser'), { timeout: 60_000 })
  await qrReceipt.getByRole('button', { name: strings.deposit.done }).click()

  // A slip is read and approved by the demo bank.
  await actions.getByRole('button', { name: strings.home.deposit }).click()
  deposit = page.getByRole('dialog', { name: strings.deposit.title })
  await deposit.getByLabel(strings.deposit.slipFile).setInputFiles('e2e/assets/invite-qr.png')
  await deposit.getByRole('button', { name: strings.deposit.slipSend }).click()
  await expect(deposit.getByTestId('slip-status')).toHaveText(strings.deposit.slipProcessing)
  const slipReceipt = deposit.getByRole('status').filter({ hasText: strings.deposit.arrived })
  await expect(slipReceipt).toContainText(baht(100, 'browser'), { timeout: 90_000 })
  await slipReceipt.getByRole('button', { name: strings.deposit.done }).click()

  // A TrueMoney gift link, read and approved by the demo bank.
  await actions.getByRole('button', { name: strings.home.deposit }).click()
  deposit = page.getByRole('dialog', { name: strings.deposit.title })
  await deposit.getByRole('tab', { name: strings.deposit.tabGift }).click()
  await deposit.getByLabel(strings.deposit.giftLabel).fill(`https://gift.truemoney.com/campaign/?v=demo${Date.now()}`)
  await deposit.getByRole('button', { name: strings.deposit.giftSend }).click()
  const giftReceipt = deposit.getByRole('status').filter({ hasText: strings.deposit.arrived })
  await expect(giftReceipt).toContainText(baht(50, 'browser'), { timeout: 90_000 })
  await giftReceipt.getByRole('button', { name: strings.deposit.done }).click()

  // Support answers a greeting with a few message types.
  await page.getByTestId('chat-bubble').click()
  const panel = page.getByRole('dialog', { name: strings.chat.title })
  const input = panel.getByRole('textbox', { name: strings.chat.placeholder })
  await input.fill('สวัสดีค่ะ')
  await input.press('Enter')
  await expect(panel.locator('.chat-msg--agent').first()).toContainText('สวัสดีค่ะ ทีมงานเดโมยินดีให้บริการ', { timeout: 60_000 })
  await expect(panel.getByRole('button', { name: 'ฝากเงิน' })).toBeVisible()

  // The withdrawal, paid.
  await expect.poll(async () => (await withdrawals(page)).map((w) => w.status), { timeout: 150_000 }).toEqual(['paid'])

  // The bell (issue 50) counted each as the demo bank did it: the QR, the slip and the gift link
  // credited, the withdrawal paid, newest first; support's answer is listed too, read already (the
  // chat was open).
  await page.goto(`${origin}/user/home`)
  await page.getByRole('banner').getByRole('button', { name: fill(strings.notifications.openUnread, { count: '4' }) }).click()
  const told = page.getByRole('dialog', { name: strings.notifications.title }).getByRole('listitem')
  await expect(told).toHaveText([
    new RegExp(strings.notifications.kind.withdrawal_paid),
    new RegExp(`^${strings.notifications.kind.support_answered}สวัสดีค่ะ`),
    new RegExp(`${strings.notifications.kind.deposit_credited}.*${strings.notifications.method.truelink}`),
    new RegExp(`${strings.notifications.kind.deposit_credited}.*${strings.notifications.method.slip}`),
    new RegExp(`${strings.notifications.kind.deposit_credited}.*${strings.notifications.method.qrcode}`),
  ])
  expect(devCalls).toEqual([])

  // A bonus received: the welcome card, 100 % of the wallet up to ฿500.
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const walletNow = async () => ((await (await page.request.get(`${origin}/api/wallet`, { headers: { authorization: `Bearer ${token}`, 'X-Requested-With': 'wallet-user' } })).json()) as { wallet: { amount: number } }).wallet.amount
  const beforeBonus = await walletNow()
  await page.goto(`${origin}/user/bonus`)
  const welcome = page.getByRole('button', { name: /^โบนัสต้อนรับ 100%/ })
  await welcome.click()
  await page.getByRole('dialog', { name: 'โบนัสต้อนรับ 100%' }).getByRole('button', { name: strings.bonus.receive }).click()
  await expect(welcome).toContainText(strings.bonus.current)
  const bonusMinor = Math.round(Math.min(beforeBonus, 500) * 100)

  // The operator's day (issue 52 §1): today's book, read from the ledger, holds exactly what the
  // demo bank did for the newcomer, the bonus, and what the member's wallet holds now.
  const staff = { authorization: `Bearer ${await opsAdminToken(origin)}` }
  const book = (await (await page.request.get(`${origin}/ops/api/books/day`, { headers: staff })).json()) as DayBook
  const thb = book.currencies.find((currency) => currency.currency === 'THB')!
  expect(thb.deposits.filter((line) => line.method !== 'other')).toEqual([
    { method: 'qrcode', count: 1, amountMinor: 100_00 },
    { method: 'slip', count: 1, amountMinor: 100_00 },
    { method: 'truelink', count: 1, amountMinor: 50_00 },
  ])
  expect(thb.withdrawals).toEqual({ paid: { count: 1, amountMinor: 200_00 }, failed: { count: 0, amountMinor: 0 } })
  expect(thb.rewards.bonus).toEqual({ count: 1, amountMinor: bonusMinor })
  expect(thb.held.walletsMinor).toBe(Math.round((await walletNow()) * 100))
})

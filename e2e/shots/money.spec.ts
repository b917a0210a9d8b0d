// The money screens at 390x844 in Thai: light in the browser, dark in Telegram; home also at 320 px
// and in landscape. Each shot is taken on its own, so a screen an older build lacks is left out
// instead of stopping the rest (the same spec takes the "before" shots of an earlier checkout).
import th from '../../contract/locales/th.json' with { type: 'json' }
import { DARK_THEME, pressMainAction, telegramHash, test } from '../fixtures'
import { fund, memberHeaders, registerMember, signedIn } from '../walletMembers'

const OUT = process.env.SHOTS_OUT ?? 'test-results/shots'

test('money screens', async ({ page, platform, request }) => {
  // A step an older build cannot take fails soon, and the next shot goes on.
  page.setDefaultTimeout(8_000)
  const member = await registerMember(request)
  await fund(request, member, 1500)
  for (const code of ['PG', 'JOKER']) await request.get(`/api/wallet/activate/${code}`, { headers: memberHeaders(member.token) })
  await request.post('/api/wallet/transfer', { headers: memberHeaders(member.token), data: { from: 'WALLET', to: 'PG', amount: 250 } })
  await page.addInitScript(() => localStorage.setItem('locale', 'th'))
  await signedIn(page, member)
  const hash = platform === 'telegram' ? telegramHash({ theme: DARK_THEME, languageCode: 'th' }) : ''
  const prefix = `${OUT}/${platform === 'telegram' ? 'telegram-dark' : 'browser-light'}`
  const home = async () => {
    await page.goto(`/user/home${hash}`)
    await page.getByTestId('total-balance').filter({ hasText: /\d/ }).waitFor()
  }
  const shot = async (name: string, steps: () => Promise<void>, options: { fullPage?: boolean } = {}) => {
    try {
      await steps()
      // What is painted has settled: no transition or entrance still running (a spinner may turn on).
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity))
      await page.screenshot({ path: `${prefix}-${name}.png`, fullPage: options.fullPage })
    } catch (error) {
      console.log(`${platform} ${name}: not taken (${(error as Error).message.split('\n')[0]})`)
    }
  }
  const action = (name: string) => page.getByRole('navigation', { name: th.home.actions }).getByRole('button', { name }).or(page.getByRole('button', { name, exact: true })).first()
  const dialog = (name: string) => page.getByRole('dialog', { name })

  await shot('home', home)
  await shot('home-full', home, { fullPage: true })
  await shot('deposit', async () => {
    await home()
    await action(th.home.deposit).click()
    await dialog(th.deposit.title).waitFor()
  })
  await shot('deposit-slip', async () => {
    await home()
    await action(th.home.deposit).click()
    await dialog(th.deposit.title).getByLabel(th.deposit.slipFile).setInputFiles('e2e/assets/invite-qr.png')
    await dialog(th.deposit.title).getByRole('button', { name: th.deposit.slipSend }).scrollIntoViewIfNeeded()
  })
  for (const [index, name] of ['tab-2', 'tab-3', 'tab-4', 'tab-5'].entries()) {
    await shot(`deposit-${name}`, async () => {
      await home()
      await action(th.home.deposit).click()
      await dialog(th.deposit.title).getByRole('tab').nth(index + 1).click()
    })
  }
  await shot('deposit-qr-open', async () => {
    await home()
    await action(th.home.deposit).click()
    await dialog(th.deposit.title).getByRole('tab').nth(1).click()
    await dialog(th.deposit.title).getByRole('button', { name: '100.00' }).click()
    await pressMainAction(page, dialog(th.deposit.title), th.deposit.qrCreate)
    await dialog(th.deposit.title).getByRole('img', { name: th.deposit.qrLabel }).waitFor()
  })
  // Issue 31: the receipt of a deposit that arrived, with Telegram's home-screen offer (the
  // recorder answers as a Bot API 8.0 client; a browser has no offer).
  await shot('deposit-arrived-home-screen', async () => {
    await home()
    await action(th.home.deposit).click()
    await dialog(th.deposit.title).getByRole('tab').nth(1).click()
    await dialog(th.deposit.title).getByRole('button', { name: '100.00' }).click()
    const created = page.waitForResponse((response) => response.url().endsWith('/api/qrcode/KBANK') && response.request().method() === 'POST')
    await pressMainAction(page, dialog(th.deposit.title), th.deposit.qrCreate)
    const { qrcodeId } = (await (await created).json()) as { qrcodeId: string }
    await request.post(`/dev/qrcode/${qrcodeId}/pay`, { data: {} })
    const receipt = dialog(th.deposit.title).getByRole('status').filter({ hasText: th.deposit.arrived })
    await receipt.waitFor({ timeout: 20_000 })
    if (platform === 'telegram') await receipt.getByRole('button', { name: th.deposit.homeScreenAdd }).waitFor()
  })
  // Issue 31: the shell opened without a network (the browser's service worker).
  if (platform === 'browser') {
    await shot('offline', async () => {
      await home()
      await page.evaluate(() => navigator.serviceWorker.ready)
      await page.context().setOffline(true)
      try {
        await page.goto('/user/home')
        await page.getByRole('heading', { name: th.platform.offlineTitle }).waitFor()
      } finally {
        await page.context().setOffline(false)
      }
    })
  }
  await shot('transfer', async () => {
    await home()
    await action(th.home.transfer).click()
    await dialog(th.transfer.title).getByLabel(th.transfer.to, { exact: true }).selectOption('PG')
    await dialog(th.transfer.title).getByLabel(th.transfer.amount).fill('100')
  })
  await shot('transfer-done', async () => {
    await pressMainAction(page, dialog(th.transfer.title), th.common.next)
    await pressMainAction(page, dialog(th.transfer.title), th.transfer.confirm)
    await dialog(th.transfer.title).getByRole('status').waitFor()
  })
  await shot('withdraw', async () => {
    await home()
    await action(th.home.withdraw).click()
    await dialog(th.withdraw.title).getByLabel(th.withdraw.amount).fill('100')
  })
  await shot('withdraw-done', async () => {
    await dialog(th.withdraw.title).getByRole('button', { name: th.withdraw.next }).click()
    await pressMainAction(page, dialog(th.withdraw.title), th.withdraw.confirm)
    await dialog(th.withdraw.title).getByRole('status').waitFor()
  })
  if (platform !== 'browser') return
  await page.setViewportSize({ width: 320, height: 640 })
  await shot('home-320', home)
  await shot('home-320-full', home, { fullPage: true })
  await page.setViewportSize({ width: 844, height: 390 })
  await shot('home-landscape', home)
  await shot('deposit-landscape', async () => {
    await home()
    await action(th.home.deposit).click()
    await dialog(th.deposit.title).waitFor()
  })
})


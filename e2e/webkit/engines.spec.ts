// The @engines set on WebKit (issue 48, README "Supported engines"): what every iPhone player's LINE
// and Telegram render with, driven through WebDriver (e2e/webkit/webdriver.ts) on WebKitGTK's
// MiniBrowser, against the production build and the reference server: signing up and in, home,
// each deposit way, transfer, withdraw with its confirmation, a receipt, both chats, the offline
// screen and a modal's retry. The network faults go through the fault proxy the page loads from.
import th from '../../contract/locales/th.json' with { type: 'json' }
import { devPost, freshPhone, lastOtp, REDIRECT_AFTER_REGISTER_MS } from '../fixtures'
import { agentSays, enableChat, serverHistory } from '../shared/chat'
import { activate, baht, fill } from '../shared/wallet'
import { freshSlip, fund, type Member, memberHeaders, registerMember, walletOf } from '../walletMembers'
import { expect, test } from './fixtures'
import type { Query, WebKitPage } from './webdriver'

// Spread over the workers: each starts its own WebKitWebDriver.
test.describe.configure({ mode: 'parallel' })

const ENTER = '\uE007'
const actions: Query = { role: 'navigation', name: th.home.actions }
const dialog = (name: string): Query => ({ role: 'dialog', name })
const testId = (id: string, within?: Query): Query => ({ css: `[data-testid="${id}"]`, within })
const field = (name: string, within?: Query): Query => ({ css: 'input, select, textarea', name, within })
const button = (name: string, within?: Query): Query => ({ role: 'button', name, within })

async function signIn(wk: WebKitPage, phone: string, password: string): Promise<void> {
  await wk.goto('/login')
  await wk.appStarted()
  await wk.fill(field(th.fields.phone), phone)
  await wk.fill(field(th.fields.password), password)
  await wk.click(button(th.login.submit))
  await wk.at(/^\/user\/home$/)
  await wk.visible(testId('total-balance'))
}

/** A new member (funded by a paid QR, with the games given opened), signed in through the form, at home. */
async function memberAtHome(wk: WebKitPage, request: Parameters<typeof registerMember>[0], funds = 0, games: string[] = []): Promise<Member> {
  const member = await registerMember(request)
  if (funds > 0) await fund(request, member, funds)
  for (const code of games) await activate(request, member, code)
  await signIn(wk, member.phone, member.password)
  return member
}

async function openDeposit(wk: WebKitPage): Promise<Query> {
  await wk.click(button(th.home.deposit, actions))
  const modal = dialog(th.deposit.title)
  await wk.visible(modal)
  return modal
}

test('the engine: MiniBrowser runs WebKit, and the app is not sent to the update page', async ({ wk }) => {
  const agent = await wk.evaluate<string>('return navigator.userAgent')
  expect(agent).toMatch(/AppleWebKit\/\d+/)
  test.info().annotations.push({ type: 'engine', description: agent })
  await wk.goto('/login')
  await wk.visible(field(th.fields.phone))
  expect((await wk.url()).pathname).toBe('/login')
})

test('register with OTP, then sign in, then log out', async ({ wk, request }) => {
  const phone = freshPhone()
  await wk.goto('/register')
  await wk.appStarted()
  await wk.visible({ role: 'heading', name: th.register.step1Title })
  await wk.fill(field(th.fields.phone), phone)
  await wk.click(button(th.common.next))
  const otp = await expect.poll(() => lastOtp(request, phone).catch(() => null)).not.toBeNull().then(() => lastOtp(request, phone))
  await wk.hasText(testId('otp-ref'), otp.otpRef)
  await wk.fill(field(th.fields.otp), otp.otpCode)
  await wk.click(button(th.register.verify))
  await wk.fill(field(th.fields.name), 'somchai')
  expect(await wk.value(field(th.fields.name))).toBe('SOMCHAI')
  await wk.fill(field(th.fields.password), 'secret99')
  await wk.fill(field(th.fields.confirmPassword), 'secret99')
  await wk.click(button(th.common.next))
  await wk.select(field(th.fields.bank), 'KBANK')
  await wk.fill(field(th.fields.bankAccountNo), `66${phone.slice(2)}`)
  await wk.fill(field(th.fields.firstName), 'somchai')
  await wk.fill(field(th.fields.lastName), 'jaidee')
  // The success stays 2 s, then the login form (spec 9): held while the test looks, however late.
  await wk.holdTimers(REDIRECT_AFTER_REGISTER_MS)
  await wk.click(button(th.register.submit))
  await wk.visible({ role: 'status', text: th.register.successTitle })
  expect((await wk.url()).pathname).toBe('/register')
  await wk.releaseTimers()
  await wk.at(/^\/login$/)
  await signIn(wk, phone, 'secret99')
  await wk.click({ role: 'link', name: th.menu.profile })
  await wk.visible({ css: 'main *', text: 'SOMCHAI JAIDEE' })
  await wk.click(button(th.menu.logout, { css: 'header, [role=banner]' }))
  await wk.click(button(th.member.logoutConfirm, { role: 'alertdialog', name: th.member.logoutTitle }))
  await wk.at(/^\/login$/)
})

test('home shows the total of the wallet and every game account', async ({ wk, request }) => {
  const member = await memberAtHome(wk, request, 300, ['PG'])
  const moved = await request.post('/api/wallet/transfer', { headers: memberHeaders(member.token), data: { from: 'WALLET', to: 'PG', amount: 120.5 } })
  expect(moved.ok(), await moved.text()).toBe(true)
  await wk.goto('/user/home')
  await wk.hasText(testId('total-balance'), baht(300, 'browser'))
  await wk.hasText(testId('wallet-balance'), baht(179.5, 'browser'))
})

test('a KBANK QR paid while shown: the modal ends on the deposit receipt and home shows it', async ({ wk, request }) => {
  const member = await memberAtHome(wk, request)
  await wk.hasText(testId('wallet-balance'), baht(0, 'browser'))
  const modal = await openDeposit(wk)
  await wk.click({ role: 'tab', name: th.deposit.qrTab.KBANK, within: modal })
  await wk.click(button('100.00', modal))
  await wk.click(button(th.deposit.qrCreate, modal))
  await wk.visible({ role: 'img', name: th.deposit.qrLabel, within: modal })
  const qrcodeId = await shownQrOf(request, member)
  await devPost(request, `/dev/qrcode/${qrcodeId}/pay`, {})
  // The modal learns it at its next look, a few seconds on.
  const receipt: Query = { role: 'status', text: th.deposit.arrived, within: modal }
  await wk.hasText(receipt, baht(100, 'browser'))
  // The reference whole (the screen shortens it in the middle only when its line is too narrow).
  expect(await wk.content(receipt)).toMatch(/[0-9A-F]{20}/)
  await wk.click(button(th.deposit.done, receipt))
  await wk.hidden(modal)
  await wk.hasText(testId('wallet-balance'), baht(100, 'browser'))
})

test('a slip is uploaded, processing, approved: the open sheet ends on its receipt', async ({ wk, request }) => {
  const member = await memberAtHome(wk, request)
  const modal = await openDeposit(wk)
  await wk.setFile({ css: 'input[type=file]', within: modal }, freshSlip())
  await wk.click(button(th.deposit.slipSend, modal))
  await wk.hasText(testId('slip-status', modal), th.deposit.slipProcessing)
  const reference = await lastSlipOf(request, member)
  await devPost(request, `/dev/slips/${reference}`, { status: 'success', amount: 250 })
  const receipt: Query = { role: 'status', text: th.deposit.arrived, within: modal }
  await wk.hasText(receipt, baht(250, 'browser'))
  expect(await wk.content(receipt)).toContain(reference)
  await wk.click(button(th.deposit.done, receipt))
  await wk.hasText(testId('wallet-balance'), baht(250, 'browser'))
})

test('a gift link is sent', async ({ wk, request }) => {
  await memberAtHome(wk, request)
  const modal = await openDeposit(wk)
  await wk.click({ role: 'tab', name: th.deposit.tabGift, within: modal })
  expect(await wk.enabled(button(th.deposit.giftSend, modal))).toBe(false)
  await wk.fill(field(th.deposit.giftLabel, modal), `https://gift.truemoney.com/campaign/?v=e2e${Date.now()}`)
  await wk.click(button(th.deposit.giftSend, modal))
  await wk.visible({ css: 'body *', text: th.deposit.giftSent })
})

test('wallet -> game and back move the money the server books', async ({ wk, request }) => {
  const member = await memberAtHome(wk, request, 300, ['PG'])
  const modal = dialog(th.transfer.title)
  await wk.click(button(th.home.transfer, actions))
  await wk.select(field(th.transfer.to, modal), 'PG')
  await wk.fill(field(th.transfer.amount, modal), '100')
  await wk.click(button(th.common.next, modal))
  await wk.click(button(th.transfer.confirm, modal))
  await wk.visible({ role: 'status', text: th.transfer.walletNow, within: modal })
  await wk.click(button(th.transfer.done, modal))
  await wk.hidden(modal)
  expect(await walletOf(request, member)).toMatchObject({ wallet: 200, slots: { PG: 100 } })
  await wk.hasText(testId('wallet-balance'), baht(200, 'browser'))

  await wk.click(button(th.home.transfer, actions))
  await wk.select(field(th.transfer.from, modal), 'PG')
  await wk.select(field(th.transfer.to, modal), 'WALLET')
  await wk.fill(field(th.transfer.amount, modal), '40.25')
  await wk.click(button(th.common.next, modal))
  await wk.click(button(th.transfer.confirm, modal))
  await wk.click(button(th.transfer.done, { role: 'status', text: th.transfer.walletNow, within: modal }))
  expect(await walletOf(request, member)).toMatchObject({ wallet: 240.25, slots: { PG: 59.75 } })
  await wk.hasText(testId('total-balance'), baht(300, 'browser'))
})

test('withdraw below the minimum says the minimum; confirmed, a withdrawal leaves the wallet at once', async ({ wk, request }) => {
  const member = await memberAtHome(wk, request, 500)
  await wk.click(button(th.home.withdraw, actions))
  const modal = dialog(th.withdraw.title)
  await wk.fill(field(th.withdraw.amount, modal), '99')
  await wk.visible({ css: '*', text: fill(th.validation.withdrawMin, { min: '฿100.00' }), within: modal })
  await wk.fill(field(th.withdraw.amount, modal), '150')
  await wk.click(button(th.withdraw.next, modal))
  await wk.visible({ css: '.money-confirm__amount', text: '฿150.00', within: modal })
  await wk.click(button(th.withdraw.confirm, modal))
  const receipt: Query = { role: 'status', text: th.withdraw.success, within: modal }
  await wk.hasText(receipt, /W\d+/)
  expect((await walletOf(request, member)).wallet).toBe(350)
  await wk.click(button(th.withdraw.done, receipt))
  await wk.hasText({ css: 'section, [role=region]', name: th.home.pendingTitle }, fill(th.home.pendingWithdrawal, { amount: baht(150, 'browser') }))
})

test('a statement row opens its receipt with the reference and the masked destination', async ({ wk, request }) => {
  const member = await memberAtHome(wk, request, 500)
  const withdrawn = await request.post('/api/wallet/withdrawAll', { headers: memberHeaders(member.token), data: { amount: 120 } })
  expect(withdrawn.ok(), await withdrawn.text()).toBe(true)
  await wk.goto('/user/statement')
  await wk.click({ css: '.statement-row', text: th.statement.types.withdraw })
  const receipt = dialog(th.receipt.title)
  await wk.hasText(receipt, /W\d+/)
  expect(await wk.text(receipt)).toMatch(/xxx-xxx-\d{4}/)
  await wk.click(button(th.common.close, { css: '.modal__header', within: receipt }))
  await wk.hidden(receipt)
})

test('the bell counts a deposit, lists it with its amount and opens the statement (issue 50)', async ({ wk, request }) => {
  await memberAtHome(wk, request, 250)
  const bell = button(th.notifications.openUnread.replace('{{count}}', '1'))
  await wk.click(bell)
  const list = dialog(th.notifications.title)
  await wk.hasText(list, th.notifications.kind.deposit_credited)
  await wk.hasText(list, '฿250.00')
  await wk.click({ css: '.notification', within: list })
  await wk.hidden(list)
  await wk.visible({ role: 'heading', name: th.member.statement })
})

test('a guest chats on the contact page and the agent answers in real time, sanitized', async ({ wk, request, network }) => {
  await enableChat(request, network.url)
  await wk.goto('/contact')
  const panel = await openChat(wk)
  const input = field(th.chat.placeholder, panel)
  await wk.fill(input, 'สวัสดีครับ สอบถามเรื่องฝากเงิน')
  await wk.press(input, ENTER)
  await wk.hasText({ css: '.chat-msg--mine', within: panel }, th.chat.sent)
  const guestId = await wk.evaluate<string>(`return localStorage.getItem('guest-id')`)
  expect((await serverHistory(request, { guestId })).map((item) => item.message.payload)).toEqual(['สวัสดีครับ สอบถามเรื่องฝากเงิน'])
  await agentSays(request, { guestId }, { message_type: 'text', payload: 'Hi <b>VIP</b> <img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' })
  const text: Query = { css: '.chat-msg--agent[data-type="text"]', within: panel }
  await wk.hasText({ css: 'b', within: text }, 'VIP')
  expect(await wk.count({ css: 'img[onerror], script', within: text })).toBe(0)
  expect(await wk.evaluate(`return window.__xss === undefined`)).toBe(true)
})

test("a member's chat: a message out and the agent's reply in", async ({ wk, request, network }) => {
  await enableChat(request, network.url)
  const member = await memberAtHome(wk, request)
  const panel = await openChat(wk)
  const input = field(th.chat.placeholder, panel)
  await wk.fill(input, 'Hello from the member')
  await wk.press(input, ENTER)
  await wk.hasText({ css: '.chat-msg--mine', within: panel }, th.chat.sent)
  await agentSays(request, { userId: member.id }, { message_type: 'text', payload: 'Hello, how can we help?' })
  await wk.hasText({ css: '.chat-msg--agent', within: panel }, /Hello, how can we help\?/)
})

test('opened without a network, the shell shows the offline screen and the app starts once the network is back', async ({ wk, network }) => {
  await wk.goto('/login')
  await wk.visible(field(th.fields.phone))
  // The service worker has precached the shell.
  expect(await wk.evaluateAsync<string>(`const done = arguments[arguments.length - 1]
    navigator.serviceWorker.ready.then((registration) => done(registration.active.scriptURL), (error) => done(String(error)))`)).toMatch(/\/sw\.js$/)
  network.setOffline(true)
  await wk.goto('/user/home')
  await wk.visible({ role: 'heading', name: th.platform.offlineTitle })
  await wk.visible({ css: 'body *', text: th.platform.offlineText })
  await wk.visible(button(th.platform.offlineRetry))
  network.setOffline(false)
  // The screen starts the app again by itself: a guest lands on the login form.
  await wk.visible(field(th.fields.phone))
})

test('a modal whose code cannot be loaded says so in its place, with a retry; home and its balance stay', async ({ wk, request, network }) => {
  await memberAtHome(wk, request, 100)
  const chunk = network.fail(/\/assets\/WithdrawModal-[^/]*\.js/)
  await wk.click(button(th.home.withdraw, actions))
  const failed = dialog(th.common.openFailedTitle)
  await wk.hasText({ role: 'alert', within: failed }, th.common.loadFailed)
  expect(chunk.dropped()).toBeGreaterThan(0)
  await wk.visible(testId('total-balance'))
  chunk.allow()
  await wk.click(button(th.common.retry, failed))
  await wk.visible(dialog(th.withdraw.title))
  await wk.hidden(failed)
})

/** Opens the chat from its bubble; answers the panel once it is connected. */
async function openChat(wk: WebKitPage): Promise<Query> {
  await wk.click({ css: '[data-testid="chat-bubble"]:not(.chat-bubble--away)' })
  const panel = dialog(th.chat.title)
  try {
    await wk.visible({ role: 'status', text: th.chat.online, within: panel })
  } catch (error) {
    // Seen in clean-clone runs and never alone: the bubble clicked, no dialog in 20 s. What the page
    // held then says which of the tap, the panel's code or the socket did not come. Seen so far
    // (7bd5665): the bubble plain (not away), no dialog, the home's game art the last to arrive;
    // (2772ad79, a clean clone): the panel's code asked for 3 s in and loaded, the carousel's code
    // among the last to arrive, no dialog found (by role attribute, which a <dialog> lacks).
    const seen = await wk.evaluate<string>(`return JSON.stringify({
      bubble: document.querySelector('[data-testid="chat-bubble"]')?.className,
      // A native <dialog> has no role attribute: the open ones, and any closed one still mounted.
      dialogs: [...document.querySelectorAll('dialog, [role="dialog"]')].map((d) => (d.open ? 'open ' : 'closed ') + d.outerHTML.slice(0, 160)),
      // A sheet pushes a history entry as it opens and closes on its pop: whether one came and went.
      history: [history.length, JSON.stringify(history.state)?.slice(0, 120), location.pathname],
      lastResources: performance.getEntriesByType('resource').slice(-8).map((r) => r.name.replace(location.origin, '') + ' ' + Math.round(r.duration) + 'ms'),
      // Whether the panel's code was ever asked for (the tap reached the bubble), and when.
      panelCode: performance.getEntriesByType('resource').filter((r) => r.name.includes('/assets/') && /ChatPanel|chatClient/.test(r.name)).map((r) => r.name.replace(location.origin, '') + ' at ' + Math.round(r.startTime) + 'ms'),
      now: Math.round(performance.now()),
      bubbleAt: document.querySelector('[data-testid="chat-bubble"]')?.getBoundingClientRect().toJSON(),
    })`).catch((unreadable: Error) => `unreadable: ${unreadable.message}`)
    throw new Error(`${(error as Error).message}\nthe page then: ${seen}`, { cause: error })
  }
  return panel
}


/** The QR the member's KBANK tab shows, as the member's API answers it. */
async function shownQrOf(request: Parameters<typeof registerMember>[0], member: Member): Promise<string> {
  const response = await request.get('/api/qrcode/KBANK', { headers: memberHeaders(member.token) })
  expect(response.ok(), `the QR's state answered ${response.status()}`).toBe(true)
  const { qrcodeId } = (await response.json()) as { qrcodeId: string | null }
  expect(qrcodeId).toBeTruthy()
  return qrcodeId!
}

/** The member's newest slip, as the statement's slip table gives it. */
async function lastSlipOf(request: Parameters<typeof registerMember>[0], member: Member): Promise<string> {
  const response = await request.post('/api/statement/slip', { headers: memberHeaders(member.token), data: { page: 1, limit: 1 } })
  expect(response.ok(), `the slip table answered ${response.status()}`).toBe(true)
  return ((await response.json()) as { slips: { reference: string }[] }).slips[0].reference
}

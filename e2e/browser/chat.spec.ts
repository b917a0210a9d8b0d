// The live chat (spec 2 "Chat widget", 3, 4 "Chat", 5, 7 "Chat", 9) against the reference server:
// a guest on the contact page and a member in the shell, every message type in real time, history
// paging, files refused and sent, and nothing lost or doubled on a flaky network. Every test also
// runs under the server's Content-Security-Policy with zero violations (fixtures.ts), the socket's
// ws:// address included.
import type { Page } from '@playwright/test'
import type { ContactInfo } from '../../contract'
import { ENGINES, cspReportsSettled, devPost, expect, test } from '../fixtures'
import { AGENT_LABELS, agentSays, enableChat, EVERY_TYPE, guestOf, openChat, serverHistory } from '../shared/chat'
import { memberHeaders, openAsDemo, registerMember, signedIn } from '../walletMembers'

const MB = 1024 * 1024
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

const composer = (panel: ReturnType<Page['getByRole']>, placeholder: string) => panel.getByRole('textbox', { name: placeholder })
const mine = (panel: ReturnType<Page['getByRole']>, text: string) => panel.locator('.chat-msg--mine').filter({ hasText: text })

test.beforeEach(async ({ request }) => {
  await enableChat(request)
})

test('a guest chats on the contact page and gets an agent reply of every type in real time', ENGINES, async ({ page, request, strings, cspViolations }) => {
  await page.context().route('https://example.com/**', (route) => route.fulfill({ body: 'help page' }))
  await page.goto('/contact')
  const panel = await openChat(page, strings)
  await expect(panel.getByText(strings.chat.invite)).toBeVisible()
  await expect(panel.getByRole('status').filter({ hasText: strings.chat.online })).toBeVisible()
  const input = composer(panel, strings.chat.placeholder)

  // Spec 5: blank is not sent; Enter sends.
  await input.fill('  \n ')
  await input.press('Enter')
  await input.fill('สวัสดีครับ สอบถามเรื่องฝากเงิน')
  await input.press('Enter')
  await expect(input).toHaveValue('')
  await expect(mine(panel, 'สวัสดีครับ')).toContainText(strings.chat.sent)
  const guest = await guestOf(page)
  expect((await serverHistory(request, guest)).map((item) => item.message.payload)).toEqual(['สวัสดีครับ สอบถามเรื่องฝากเงิน'])

  await agentSays(request, guest, { message_type: 'text', payload: 'Hi <b>VIP</b> <img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' })
  for (const message of EVERY_TYPE({ hello: 'สวัสดีค่ะ', pick: 'เลือกหัวข้อ', more: 'มีอะไรเพิ่มเติมไหมคะ' })) await agentSays(request, guest, message, false, AGENT_LABELS.agent)

  // quick_replies: offered while last; a postback reply shows its title and sends its payload.
  const quick = panel.locator('.chat-quick')
  await quick.getByRole('button', { name: AGENT_LABELS.yes }).click()
  await expect(mine(panel, AGENT_LABELS.yes)).toContainText(strings.chat.sent)
  await expect(quick).toHaveCount(0)

  // text: the agent's markup sanitized (the bold stays, the image with a script is gone), its link through the host.
  const text = panel.locator('.chat-msg--agent[data-type="text"]')
  await expect(text.locator('b')).toHaveText(['VIP', 'VIP'])
  const helpLink = page.waitForEvent('popup')
  await text.nth(1).getByRole('link', { name: 'example.com/help' }).click()
  expect((await helpLink).url()).toBe('https://example.com/help')
  // What reached the page is the proof (the CSP would block a handler that got through, too).
  await expect(text.locator('img[onerror], script')).toHaveCount(0)
  expect(await text.evaluateAll((elements) => elements.map((element) => element.innerHTML).join(''))).not.toMatch(/<script|onerror/i)
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  // Parsing the agent's markup for DOMPurify may meet the inline handler, which the CSP blocks as
  // its backstop: Chromium 156 reports it, 112 does not. Whatever was reported is that and only
  // that, and is cleared so the fixture's zero-violation check holds.
  await cspReportsSettled(page)
  expect(cspViolations.splice(0).every((violation) => /script-src-attr blocked inline/.test(violation))).toBe(true)
  // buttons: web opens through the platform (a new tab in a browser), call dials, postback sends its payload.
  const buttons = panel.locator('.chat-msg--agent[data-type="buttons"]')
  await expect(buttons.getByRole('link', { name: AGENT_LABELS.call })).toHaveAttribute('href', 'tel:021234567')
  const popup = page.waitForEvent('popup')
  await buttons.getByRole('button', { name: AGENT_LABELS.website }).click()
  expect((await popup).url()).toBe('https://example.com/help')
  await buttons.getByRole('button', { name: AGENT_LABELS.deposit }).click()
  await expect(mine(panel, AGENT_LABELS.deposit)).toContainText(strings.chat.sent)
  // media: the picture with its caption, opened large on a tap.
  const media = panel.locator('.chat-msg--agent[data-type="media"]')
  await expect(media.getByRole('img', { name: 'promo.svg' })).toBeVisible()
  await expect(media).toContainText(AGENT_LABELS.caption)
  // generic: a carousel of three cards with their pictures, titles and buttons.
  const cards = panel.getByTestId('chat-carousel').getByRole('article')
  await expect(cards).toHaveCount(3)
  await expect(cards.nth(2)).toContainText('CIRCUS')
  await expect(cards.nth(0).getByRole('button', { name: AGENT_LABELS.open(1) })).toBeVisible()
  // Who answered (issue 51 §5): the unnamed first reply under the support mark, then the named
  // agent's run signed once with their initial and name; the player's reply in between starts a new run.
  await expect(panel.locator('.chat-msg--signed .chat-msg__name').first()).toHaveText(strings.chat.agent)
  await expect(panel.locator('.chat-msg--signed .chat-msg__name').nth(1)).toHaveText(strings.chat.agentNamed.replace('{{name}}', AGENT_LABELS.agent))
  await expect(panel.locator('.chat-msg--signed .chat-avatar').nth(1)).toHaveText('นุ่')
  // sticker: the picture alone, no bubble, named for a screen reader.
  const sticker = panel.locator('.chat-msg--agent[data-type="sticker"]').getByRole('img', { name: AGENT_LABELS.sticker })
  await expect(sticker).toBeVisible()
  await expect(sticker).toHaveJSProperty('naturalWidth', 300)
  // unknown: a neutral placeholder.
  await expect(panel.locator('.chat-msg--agent[data-type="unknown"] .chat-msg__bubble')).toHaveText(strings.chat.unknown)

  const stored = await serverHistory(request, guest)
  expect(stored.filter((item) => item.sender === 'customer').map((item) => item.message.message_type)).toEqual(['text', 'postback', 'postback'])
  expect(stored.filter((item) => item.message.message_type === 'postback').map((item) => item.message.payload))
    .toEqual([{ title: AGENT_LABELS.yes, payload: 'YES' }, { title: AGENT_LABELS.deposit, payload: 'HELP_DEPOSIT' }])

  // A new session id between two messages: the 'End Conversation' divider (spec 4).
  await expect(panel.getByRole('separator')).toHaveCount(0)
  await agentSays(request, guest, { message_type: 'text', payload: 'New conversation' }, true)
  await expect(panel.getByText('New conversation')).toBeVisible()
  await expect(panel.getByRole('separator')).toHaveText(strings.chat.endConversation)
})

test('a terminated service still tells a member who has money how to reach the operator: its contact, and a chat that sends', async ({ page, open, request, strings }) => {
  const contact = (await (await request.get('/api/lookup/contact')).json()) as ContactInfo
  await openAsDemo(page, request, open)
  await expect(page.getByTestId('total-balance')).toBeVisible()
  await devPost(request, '/dev/service', { terminated: true })
  // From here every API answer to a request the page sends is recorded: only "gone" may send it to
  // /terminated. (A request home's idle work sent before, answered late, is not the terminated page's.)
  const answers: string[] = []
  const asked = new WeakSet<import('@playwright/test').Request>()
  page.on('request', (sent) => asked.add(sent))
  page.on('response', (response) => {
    if (asked.has(response.request()) && new URL(response.url()).pathname.startsWith('/api/')) answers.push(`${response.status()} ${new URL(response.url()).pathname}`)
  })
  await page.reload()
  await expect(page).toHaveURL(/\/terminated$/)
  await expect(page.getByRole('heading', { level: 1, name: strings.terminated.title })).toBeVisible()

  const reach = page.getByRole('region', { name: strings.terminated.reach })
  await expect(reach.locator('.rich-text b')).toHaveText(/<b>(.*?)<\/b>/.exec(contact.contactText)![1])
  await expect(reach.getByRole('link', { name: strings.contact.addLine })).toHaveAttribute('href', contact.lineLink)

  const panel = await openChat(page, strings)
  const input = composer(panel, strings.chat.placeholder)
  await input.fill('ยังมีเงินในกระเป๋า ถอนได้อย่างไรครับ')
  await input.press('Enter')
  await expect(mine(panel, 'ยังมีเงินในกระเป๋า')).toContainText(strings.chat.sent)
  expect((await serverHistory(request, await guestOf(page))).map((item) => item.message.payload)).toEqual(['ยังมีเงินในกระเป๋า ถอนได้อย่างไรครับ'])
  await expect(page).toHaveURL(/\/terminated$/)
  // What the terminated page asked was answered; "gone" came only from home's own calls on the way.
  const onTerminated = answers.filter((answer) => !answer.startsWith('410 '))
  expect(onTerminated.length).toBeGreaterThan(0)
  expect(onTerminated.every((answer) => /^200 \/api\/(lookup\/(active|contact|enableChatWidget)|chat\/)/.test(answer)), onTerminated.join(', ')).toBe(true)
})

test('a session signed out on another device has its chat cut at once: the app ends the session, asking the server once', async ({ page, request, strings }) => {
  const member = await registerMember(request)
  await agentSays(request, { userId: member.id }, { message_type: 'text', payload: 'Welcome' })
  await signedIn(page, member)
  await page.goto('/user/home')
  // The chat's own calls settle first: the first page, the catch-up after the connect, the read mark.
  let histories = 0
  page.on('response', (answer) => { if (answer.url().includes('/api/chat/history')) histories += 1 })
  const read = page.waitForResponse((answer) => answer.url().includes('/api/chat/read-customer'))
  const panel = await openChat(page, strings)
  await expect(panel.getByRole('status').filter({ hasText: strings.chat.online })).toBeVisible()
  await read
  await expect.poll(() => histories).toBe(2)
  // From here, what the page sends with the member's token: API calls, and socket handshakes (the
  // CONNECT packet, by long-polling or WebSocket).
  const apiCalls: string[] = []
  let handshakes = 0
  page.on('request', (sent) => {
    if (sent.headers().authorization === `Bearer ${member.token}`) apiCalls.push(sent.url())
    if (sent.url().includes('/socket.io/') && sent.postData()?.includes(member.token)) handshakes += 1
  })
  page.on('websocket', (socket) => socket.on('framesent', (frame) => {
    if (typeof frame.payload === 'string' && frame.payload.includes(member.token)) handshakes += 1
  }))

  // Signed out elsewhere (another device, the same token): the server cuts the socket, the app
  // tries one handshake, is refused, and ends the session as a refused call would.
  expect((await request.post('/api/logout', { headers: memberHeaders(member.token) })).status()).toBe(200)
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByText(strings.errors['invalid-token'])).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  expect(apiCalls).toEqual([])
  expect(handshakes).toBe(1)
})

test("a member's history pages in on scrolling up without the view jumping; new messages are counted while scrolled up", async ({ page, request, strings }) => {
  const member = await registerMember(request)
  for (let index = 1; index <= 25; index++) await agentSays(request, { userId: member.id }, { message_type: 'text', payload: `Message ${index}` })
  await signedIn(page, member)
  await page.goto('/user/home')
  const read = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/api/chat/read-customer'))
  const panel = await openChat(page, strings)
  const messages = panel.locator('.chat-msg')
  await expect(panel.getByText('Message 25')).toBeVisible()
  await expect(messages).toHaveCount(10)
  expect((await read).postDataJSON()).toEqual({ userId: member.id })

  const log = panel.getByTestId('chat-log')
  // What the player reads stays where it was: the message's bubble. Its run's sign (who answered,
  // over the first message of a run, issue 51) moves up to the new first message of the run, so the
  // message's own box loses the sign's line above its bubble.
  const signed = panel.locator('.chat-msg--signed .chat-msg__bubble')
  const anchor = panel.locator('.chat-msg').filter({ has: page.getByText('Message 16', { exact: true }) }).locator('.chat-msg__bubble')
  const offset = async () => (await anchor.boundingBox())!.y
  await expect(signed).toHaveText(['Message 16'])
  // The older page is held until the view at the top is measured: the measure is of the page coming in.
  let release = () => {}
  const held = new Promise<void>((resolve) => { release = resolve })
  await page.route('**/api/chat/history', async (route) => {
    await held
    await route.continue()
  })
  await log.evaluate((element) => element.scrollTo({ top: 0 }))
  await expect(panel.locator('.chat__older')).toBeVisible()
  const before = await offset()
  release()
  await expect(messages).toHaveCount(20)
  await expect(signed).toHaveText(['Message 6'])
  expect(Math.abs((await offset()) - before)).toBeLessThanOrEqual(2)
  await log.evaluate((element) => element.scrollTo({ top: 0 }))
  await expect(messages).toHaveCount(25)
  await expect(signed).toHaveText(['Message 1'])
  await expect(panel.getByText(strings.chat.invite)).toBeVisible()

  // Scrolled up: new agent messages are counted, not scrolled to.
  await agentSays(request, { userId: member.id }, { message_type: 'text', payload: 'Live one' })
  await expect(panel.getByRole('button', { name: strings.chat.newOne })).toBeVisible()
  await agentSays(request, { userId: member.id }, { message_type: 'text', payload: 'Live two' })
  const notice = panel.getByRole('button', { name: strings.chat.newMany.replace('{{count}}', '2') })
  await expect(notice).toBeVisible()
  await notice.click()
  await expect(panel.getByText('Live two')).toBeInViewport()
  await expect(notice).toHaveCount(0)

  // Closed, an agent message shows on the bubble; refresh resets the history to its first page.
  await panel.getByRole('button', { name: strings.common.close, exact: true }).click()
  await agentSays(request, { userId: member.id }, { message_type: 'text', payload: 'While closed' })
  await expect(page.getByTestId('chat-bubble')).toHaveAccessibleName(strings.menu.chatUnread.replace('{{count}}', '1'))
  await page.getByTestId('chat-bubble').click()
  await panel.getByRole('button', { name: strings.chat.refresh }).click()
  await expect(messages).toHaveCount(10)
  await expect(panel.getByText('While closed')).toBeVisible()
})

// The video's 20 MB is the same rule with its own number (tests/screens/chat.test.tsx).
test("a file over its size or of another type is refused with the spec's message; a picture uploads and shows", async ({ page, request, strings }) => {
  await page.goto('/contact')
  const panel = await openChat(page, strings)
  const file = page.getByTestId('chat-file')
  const refusal = panel.getByRole('alert')

  await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * MB + 1) })
  await expect(refusal).toHaveText(strings.chat.fileTooLarge.replace('{{size}}', '10'))
  await file.setInputFiles({ name: 'notes', mimeType: 'image/png', buffer: PNG })
  await expect(refusal).toHaveText(strings.chat.fileNotSupported)
  await expect(panel.locator('.chat-msg')).toHaveCount(0)

  // Text that only calls itself a picture: the server refuses it; the player can remove it.
  await file.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') })
  const failed = panel.locator('.chat-msg[data-status="failed"]')
  await expect(failed).toContainText(strings.errors.CHAT_FILE_NOT_SUPPORTED)
  await failed.getByRole('button', { name: strings.chat.remove }).click()
  await expect(failed).toHaveCount(0)

  await file.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG })
  const sent = panel.locator('.chat-msg--mine[data-type="media"]')
  await expect(sent).toContainText(strings.chat.sent)
  const [stored] = await serverHistory(request, await guestOf(page))
  expect(stored.message).toMatchObject({ message_type: 'media', payload: { fileType: 'image', url: false, name: 'dot.png' } })
  const path = (stored.message.payload as { filePath: string }).filePath
  await expect(sent.getByRole('img', { name: 'dot.png' })).toHaveAttribute('src', path)
  expect((await request.get(path)).headers()['content-type']).toBe('image/png')
})

test('a message written offline is delivered once when the connection is back', async ({ page, request, strings }) => {
  await page.goto('/contact')
  const panel = await openChat(page, strings)
  await expect(panel.getByRole('status').filter({ hasText: strings.chat.online })).toBeVisible()
  await page.context().setOffline(true)
  const input = composer(panel, strings.chat.placeholder)
  await input.fill('written offline')
  await input.press('Enter')
  await expect(mine(panel, 'written offline')).toContainText(strings.chat.sending)
  await input.fill('second offline')
  await input.press('Enter')
  await page.context().setOffline(false)
  await expect(mine(panel, 'second offline')).toContainText(strings.chat.sent)
  await expect(mine(panel, 'written offline')).toContainText(strings.chat.sent)
  const stored = await serverHistory(request, await guestOf(page))
  expect(stored.map((item) => item.message.payload)).toEqual(['written offline', 'second offline'])
})

test('a message written before a reload is kept and sent once after it; an answer lost on the way is not a second message', async ({ page, request, strings }) => {
  // First the network drops every send; after the reload, the first send reaches the server but
  // its answer is lost, and the app has to send it again with the same client id.
  let phase: 'down' | 'lose' = 'down'
  let lost = 0
  await page.route('**/api/chat/send-message', async (route) => {
    if (phase === 'down') return route.abort('internetdisconnected')
    if (lost++ > 0) return route.continue()
    await route.fetch()
    await route.abort('connectionreset')
  })
  await page.goto('/contact')
  const panel = await openChat(page, strings)
  await composer(panel, strings.chat.placeholder).fill('before the reload')
  await composer(panel, strings.chat.placeholder).press('Enter')
  await expect(mine(panel, 'before the reload')).toContainText(strings.chat.sending)
  await page.reload()
  await expect(page.getByTestId('chat-bubble')).toBeVisible()
  const guest = await guestOf(page)
  expect(await serverHistory(request, guest)).toEqual([])
  // The network is back: it goes out without the player opening the chat again, once.
  phase = 'lose'
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect.poll(async () => (await serverHistory(request, guest)).map((item) => item.message.payload)).toEqual(['before the reload'])
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('chat-outbox')))).toEqual([])
  expect(lost).toBeGreaterThanOrEqual(1)
  const reopened = await openChat(page, strings)
  await expect(mine(reopened, 'before the reload')).toContainText(strings.chat.sent)
  expect((await serverHistory(request, guest)).map((item) => item.message.payload)).toEqual(['before the reload'])
})

test('the bubble shows only when config names a chat backend and the switch is on, above the menu and clear of a submit button', async ({ page, request, strings }) => {
  await page.goto('/login')
  const bubble = page.getByTestId('chat-bubble')
  await expect(bubble).toBeVisible()
  const menu = await page.getByRole('navigation', { name: strings.menu.label }).boundingBox()
  const box = (await bubble.boundingBox())!
  expect(box.y + box.height).toBeLessThanOrEqual(menu!.y)
  // A short screen puts the sign-in button where the bubble is: the bubble steps aside.
  await page.setViewportSize({ width: 390, height: 420 })
  const submit = page.getByRole('button', { name: strings.login.submit })
  await submit.scrollIntoViewIfNeeded()
  const overlapping = async () => {
    const [a, b] = [await bubble.boundingBox(), await submit.boundingBox()]
    return !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
  }
  await expect.poll(async () => (await overlapping()) ? await bubble.isVisible() : false).toBe(false)

  await page.setViewportSize({ width: 390, height: 844 })
  // Switched off: the flag is asked and says no. No backend: the flag is not even asked (spec 7).
  const asked: string[] = []
  page.on('request', (sent) => sent.url().includes('/api/lookup/enableChatWidget') && asked.push(sent.url()))
  await devPost(request, '/dev/settings', { enableChatWidget: false })
  const answered = page.waitForResponse('**/api/lookup/enableChatWidget')
  await page.reload()
  await answered
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(bubble).toHaveCount(0)
  await devPost(request, '/dev/settings', { enableChatWidget: true })
  await devPost(request, '/dev/config', { chat: null })
  asked.length = 0
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(asked).toEqual([])
  await expect(bubble).toHaveCount(0)
})

/**
 * Where the bubble stands over the page, read from the page itself: away (stepped aside), moving,
 * clear of every control and amount, or the first one it covers. The list is the test's own: any
 * focusable or clickable thing of the page (its box), and what is marked as an amount (its figure).
 */
const bubbleOverPage = (page: Page) => page.evaluate(() => {
  const bubble = document.querySelector<HTMLElement>('[data-testid="chat-bubble"]')
  if (!bubble) return 'missing'
  if (bubble.classList.contains('chat-bubble--away')) return 'away'
  if (bubble.getAnimations().some((animation) => animation.playState === 'running')) return 'moving'
  const box = bubble.getBoundingClientRect()
  const things = document.querySelectorAll<HTMLElement>('main :is(button, a, input, select, textarea, [role="tab"], [role="button"], [tabindex], [data-amount])')
  const covered = [...things].find((thing) => {
    if (thing.offsetParent === null) return false
    // An amount is its figure: the text, not the rest of its line.
    const figure = document.createRange()
    figure.selectNodeContents(thing)
    const other = thing.matches('[data-amount]') ? figure.getBoundingClientRect() : thing.getBoundingClientRect()
    return box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom
  })
  return covered ? `covers ${covered.outerHTML.slice(0, 120)}` : 'clear'
})

for (const [width, height] of [[390, 844], [320, 568]] as const) {
  test(`at ${width} px the bubble stands on home, top and bottom, covering no control or amount`, async ({ page, request, open }) => {
    await page.setViewportSize({ width, height })
    await openAsDemo(page, request, open)
    await expect(page.getByTestId('chat-bubble')).toBeAttached()
    // On home's first screen it finds a clear spot: the player sees it, and its unread count.
    await expect.poll(() => bubbleOverPage(page)).toBe('clear')
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    // At the end of the page the room kept for it leaves the bubble on screen, over nothing.
    await expect.poll(() => bubbleOverPage(page)).toBe('clear')
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => bubbleOverPage(page)).toBe('clear')
  })
}

// Issue 50 in Telegram, against the real server: a member who opened the app in Telegram, let the
// bot write (Telegram signs allows_write_to_pm in the init data) and linked their account gets the
// bot's message when their withdrawal is paid, with one button opening the Mini App on the
// statement. The bot's calls go to the server's own stand-in of the Bot API (/dev/telegram-bot),
// which keeps what it was sent: the message as the player would get it.
import type { APIRequestContext } from '@playwright/test'
import th from '../../contract/locales/th.json' with { type: 'json' }
import { devPost, expect, pressTelegramMainButton, signIn, telegramEvents, telegramHash, test } from '../fixtures'
import { depositArrives } from '../shared/homeScreen'
import { acceptLinkOffer, BOT_TOKEN, formShown, linkThroughApi, messengerUser, telegramInitData, telegramOn } from '../shared/identity'
import { fund, memberHeaders, registerMember, signedIn } from '../walletMembers'

const strings = th

interface BotMessage { token: string; chat_id: string; text: string; reply_markup: { inline_keyboard: { text: string; web_app: { url: string } }[][] } }

const botMessages = async (request: APIRequestContext, chatId: number): Promise<BotMessage[]> =>
  ((await (await request.get(`/dev/telegram-bot/messages?chatId=${chatId}`)).json()) as { messages: BotMessage[] }).messages

test.afterEach(async ({ request }) => {
  await devPost(request, '/dev/notify', { appUrl: null })
})

test("a paid withdrawal reaches the member on Telegram: the bot's message, with a button opening the statement in the Mini App", async ({ page, request, baseURL }) => {
  await telegramOn(request)
  const server = baseURL!.replace('localhost', '127.0.0.1')
  await devPost(request, '/dev/notify', { appUrl: `${baseURL}/`, telegramApiUrl: `${server}/dev/telegram-bot` })
  const member = await registerMember(request)
  await fund(request, member, 500)
  const user = messengerUser()
  await page.goto(`/login${telegramHash({ initData: await telegramInitData(request, user, { allowsWrite: true }) })}`)
  await formShown(page, strings)
  await signIn(page, strings, { phone: member.phone, password: member.password, remember: false })
  await expect(page).toHaveURL(/\/user\/home/)
  await acceptLinkOffer(page, strings, 'Telegram')

  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.withdraw }).click()
  const withdraw = page.getByRole('dialog', { name: strings.withdraw.title })
  await withdraw.getByLabel(strings.withdraw.amount).fill('100')
  await pressTelegramMainButton(page, strings.withdraw.next)
  await pressTelegramMainButton(page, strings.withdraw.confirm)
  await expect(withdraw.getByText(strings.withdraw.success)).toBeVisible()
  // Asked, not paid: nothing is said yet.
  expect(await botMessages(request, user)).toEqual([])

  const list = await request.get('/api/wallet/withdrawals', { headers: memberHeaders(member.token) })
  const [asked] = ((await list.json()) as { withdrawals: { id: string }[] }).withdrawals
  await devPost(request, `/dev/withdrawals/${asked.id}`, { status: 'paid' })
  await expect.poll(() => botMessages(request, user), { timeout: 20_000 }).toHaveLength(1)
  const [message] = await botMessages(request, user)
  expect(message.token).toBe(BOT_TOKEN)
  expect(message.text.split('\n')).toEqual([strings.notifications.kind.withdrawal_paid, expect.stringMatching(/^−฿100\.00 · /)])
  expect(message.reply_markup.inline_keyboard).toEqual([[{ text: strings.notifications.messageButton, web_app: { url: `${baseURL}/user/statement` } }]])
})

test("where Telegram has not said the bot may write, the deposit's receipt asks once, and the bot writes from then on", async ({ page, request, baseURL, open, strings: shown }) => {
  await telegramOn(request)
  const server = baseURL!.replace('localhost', '127.0.0.1')
  await devPost(request, '/dev/notify', { appUrl: `${baseURL}/`, telegramApiUrl: `${server}/dev/telegram-bot` })
  const member = await registerMember(request)
  const user = messengerUser()
  // Linked from init data that says nothing of writing.
  await linkThroughApi(request, member, 'telegram', await telegramInitData(request, user))
  await page.clock.install()
  await signedIn(page, member)
  await open('/user/home')
  await expect(page.getByTestId('total-balance')).toBeVisible()

  const receipt = await depositArrives(page, request, shown)
  // The deposit itself is not told: the bot may not write yet.
  expect(await botMessages(request, user)).toEqual([])
  await expect(receipt.getByRole('heading', { name: shown.identity.messages.offerTitle })).toBeVisible()
  await receipt.getByRole('button', { name: shown.identity.messages.allow }).click()
  await expect(receipt.getByText(shown.identity.messages.allowed)).toBeVisible()
  expect(await telegramEvents(page, 'web_app_request_write_access')).toHaveLength(1)

  // In the language the app speaks (the bell told the server). The deposit just made may be told
  // too, if the outbox reached it after the leave was given (it is fresh): each once.
  await fund(request, member, 250)
  const told = async () => (await botMessages(request, user)).map((message) => message.text.split('\n').slice(0, 2).join(' '))
  await expect.poll(told, { timeout: 20_000 }).toContainEqual(expect.stringMatching(new RegExp(`^${shown.notifications.kind.deposit_credited} \\+฿250\\.00 · `)))
  const texts = await told()
  expect(texts.every((text) => text.startsWith(shown.notifications.kind.deposit_credited)), texts.join(' | ')).toBe(true)
  expect(new Set(texts).size).toBe(texts.length)
})

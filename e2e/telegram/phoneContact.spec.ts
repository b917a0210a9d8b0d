// Issue 31 section 3 in Telegram, over its bridge: "use my Telegram phone number" asks Telegram's
// dialog (web_app_request_phone, answered phone_requested), then the contact Telegram signed (the
// custom method getRequestedContact), and sends both raw strings to the server, which checks them
// with the bot token set here through POST /dev/identity. The phone field is filled on success;
// at registration the server's proof passes the OTP step where the operator allows it.
import { sign } from '@tma.js/init-data-node'
import type { APIRequestContext, Page } from '@playwright/test'
import { bankStep, DEMO, devPost, expect, freshPhone, LIGHT_THEME, pastRegisterSuccess, profileStep, telegramEvents, telegramPhone, test } from '../fixtures'
import { expectAxeClean } from '../shared/axe'

const BOT_TOKEN = '7000000001:AAFakeTokenForTheBrowserSuiteOnly_012345'
const PLAYER = 777000

/** Telegram's launch parameters with init data signed by BOT_TOKEN for PLAYER (English, as telegramHash's). */
function signedLaunch(): { hash: string; initData: string } {
  const initData = sign({ query_id: `q${Date.now()}`, user: { id: PLAYER, first_name: 'Somchai', language_code: 'en' } }, BOT_TOKEN, new Date())
  const params = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'android', tgWebAppThemeParams: JSON.stringify(LIGHT_THEME) })
  return { hash: `#${params.toString()}`, initData }
}

let contacts = 0
/** The contact Telegram would sign for `userId` (the dev route signs it with the server's token), shared in the dialog. */
async function shareContact(page: Page, request: APIRequestContext, phone: string, userId = PLAYER): Promise<string> {
  contacts += 1
  // Two contacts signed in one second for one number would be one credential: each its own auth_date.
  const authDate = Math.floor(Date.now() / 1000) - contacts
  const answer = await request.post('/dev/telegram/contact', { data: { userId, phone, authDate } })
  expect(answer.ok()).toBe(true)
  const { contact } = (await answer.json()) as { contact: string }
  await telegramPhone(page, { status: 'sent', contact })
  return contact
}

const international = (local: string) => `66${local.slice(1)}`

test.beforeEach(async ({ request }) => {
  await devPost(request, '/dev/identity', { telegramBotToken: BOT_TOKEN })
})

test('login: the phone requested and sent fills the field with the number the server verified', async ({ page, request, strings }) => {
  const contact = await shareContact(page, request, international(DEMO.phone))
  const launch = signedLaunch()
  await page.goto(`/login${launch.hash}`)
  const sent = page.waitForRequest('**/api/telegram/contact')
  await page.getByRole('button', { name: strings.identity.telegramPhone.use }).click()
  // The raw strings, exactly as Telegram signed them.
  expect((await sent).postDataJSON()).toEqual({ initData: launch.initData, contact })
  await expect(page.getByLabel(strings.fields.phone)).toHaveValue(DEMO.phone)
  await expect(page.getByText(strings.identity.telegramPhone.filled)).toBeVisible()
  await expectAxeClean(page)
  expect(await telegramEvents(page, 'web_app_request_phone')).toHaveLength(1)
  expect(await telegramEvents(page, 'web_app_invoke_custom_method')).toContainEqual(expect.objectContaining({ method: 'getRequestedContact' }))
  await page.getByLabel(strings.fields.password, { exact: true }).fill(DEMO.password)
  await page.getByRole('button', { name: strings.login.submit }).click()
  await expect(page).toHaveURL(/\/user\/home/)
})

test('login: a cancelled dialog leaves the form as it was and asks the server nothing', async ({ page, strings }) => {
  let asked = 0
  page.on('request', (sent) => {
    if (sent.url().includes('/api/telegram/contact')) asked += 1
  })
  await page.goto(`/login${signedLaunch().hash}`)
  await page.getByLabel(strings.fields.phone).fill('0812')
  await page.getByRole('button', { name: strings.identity.telegramPhone.use }).click()
  await expect(page.getByText(strings.identity.telegramPhone.declined)).toBeVisible()
  await expect(page.getByLabel(strings.fields.phone)).toHaveValue('0812')
  expect(await telegramEvents(page, 'web_app_request_phone')).toHaveLength(1)
  expect(await telegramEvents(page, 'web_app_invoke_custom_method')).toHaveLength(0)
  expect(asked).toBe(0)
})

test("login: another Telegram user's contact fills nothing", async ({ page, request, strings }) => {
  await shareContact(page, request, international(DEMO.phone), PLAYER + 1)
  await page.goto(`/login${signedLaunch().hash}`)
  await page.getByRole('button', { name: strings.identity.telegramPhone.use }).click()
  await expect(page.getByText(strings.errors.CONTACT_NOT_YOURS)).toBeVisible()
  await expect(page.getByLabel(strings.fields.phone)).toHaveValue('')
})

test('registration with TELEGRAM_CONTACT_SKIPS_OTP: the verified phone passes the OTP step, and registers', async ({ page, request, strings }) => {
  await devPost(request, '/dev/identity', { telegramContactSkipsOtp: true })
  const phone = freshPhone()
  await shareContact(page, request, international(phone))
  await page.goto(`/register${signedLaunch().hash}`)
  await page.getByRole('button', { name: strings.identity.telegramPhone.use }).click()
  await expect(page.getByText(strings.identity.telegramPhone.verified)).toBeVisible()
  await expect(page.getByLabel(strings.fields.phone)).toHaveValue(phone)
  // The phone step presents the proof: the server sends no code and answers it verified.
  const otpSend = page.waitForResponse('**/api/otp/send')
  await page.getByRole('button', { name: strings.common.next }).click()
  expect(await (await otpSend).json()).toMatchObject({ code: 'OTP_VERIFIED' })
  await expect(page.getByRole('heading', { name: strings.register.step3Title })).toBeVisible()
  await profileStep(page, strings)
  await page.clock.install()
  await bankStep(page, strings, phone, 'KBANK', { stop: true })
  await pastRegisterSuccess(page, strings)
})

test('registration without it: the phone is filled and the OTP step stays', async ({ page, request, strings }) => {
  const phone = freshPhone()
  await shareContact(page, request, international(phone))
  await page.goto(`/register${signedLaunch().hash}`)
  await page.getByRole('button', { name: strings.identity.telegramPhone.use }).click()
  await expect(page.getByText(strings.identity.telegramPhone.filled)).toBeVisible()
  await expect(page.getByLabel(strings.fields.phone)).toHaveValue(phone)
  await page.getByRole('button', { name: strings.common.next }).click()
  await expect(page.getByRole('heading', { name: strings.register.step2Title })).toBeVisible()
})

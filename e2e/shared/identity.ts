// The messenger identity in the browser tests (issue 31): the server's dev stand-ins switch it on
// and sign credentials as Telegram and LINE would; these steps drive the app with them.
import type { APIRequestContext, Page } from '@playwright/test'
import th from '../../contract/locales/th.json' with { type: 'json' }
import { devPost, expect } from '../fixtures'
import { expectAxeClean } from './axe'
import type { Member } from '../walletMembers'

export const BOT_TOKEN = '7000000001:e2e-bot-token-for-identity'
export const LINE_CHANNEL = '2000000001'

const auth = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Requested-With': 'wallet-user' })

/** A Telegram user or LINE subject of this test alone. */
let counter = 0
export const messengerUser = (): number => (Date.now() % 1e9) * 100 + (counter++ % 100)

export const telegramOn = (request: APIRequestContext) => devPost(request, '/dev/identity', { telegramBotToken: BOT_TOKEN })

/** LINE on, its keys served by the test server itself (loopback). */
export const lineOn = (request: APIRequestContext, baseURL: string) =>
  devPost(request, '/dev/identity', { lineChannelId: LINE_CHANNEL, lineJwksUrl: `${baseURL.replace('localhost', '127.0.0.1')}/dev/line/jwks` })

/** Init data as Telegram signs it at each open of the app; `allowsWrite`: the player let the bot write (issue 50). */
export async function telegramInitData(request: APIRequestContext, userId: number, { allowsWrite = false } = {}): Promise<string> {
  const response = await request.post('/dev/telegram/init-data', { data: { userId, firstName: 'Somchai', ...(allowsWrite ? { allowsWrite } : {}) } })
  expect(response.ok()).toBeTruthy()
  return ((await response.json()) as { initData: string }).initData
}

/** An ID token as LINE signs it at each open of the LIFF app. */
export async function lineIdToken(request: APIRequestContext, sub: string): Promise<string> {
  const response = await request.post('/dev/line/id-token', { data: { sub, name: 'Somchai' } })
  expect(response.ok()).toBeTruthy()
  return ((await response.json()) as { idToken: string }).idToken
}

/** The member's linked messengers, as the API says. */
export async function linkedOf(request: APIRequestContext, member: Member): Promise<string[]> {
  const response = await request.get('/api/account/identities', { headers: auth(member.token) })
  expect(response.ok()).toBeTruthy()
  return ((await response.json()) as { identities: { provider: string }[] }).identities.map((identity) => identity.provider)
}

/** Links the messenger through the API, in the member's password session. */
export async function linkThroughApi(request: APIRequestContext, member: Member, provider: 'telegram' | 'line', credential: string): Promise<void> {
  const response = await request.post('/api/account/identities', { headers: auth(member.token), data: { provider, credential } })
  expect(response.ok(), `link answered ${response.status()} ${await response.text()}`).toBeTruthy()
}

/** The link offer after a password sign-in, answered with Link. */
export async function acceptLinkOffer(page: Page, strings: typeof th, messenger: string): Promise<void> {
  const sheet = page.getByRole('dialog', { name: strings.identity.offerTitle.replace('{{messenger}}', messenger) })
  await expect(sheet).toBeVisible()
  await expectAxeClean(page)
  await sheet.getByRole('button', { name: strings.identity.link.replace('{{messenger}}', messenger) }).click()
  await expect(sheet).toBeHidden()
  await expect(page.getByText(strings.identity.linked.replace('{{messenger}}', messenger))).toBeVisible()
}

/** The login form is the player's: no "signing you in" over it. */
export async function formShown(page: Page, strings: typeof th): Promise<void> {
  await expect(page.getByRole('heading', { name: strings.login.title })).toBeVisible()
  await expect(page.getByRole('button', { name: strings.login.messengerUsePassword })).toHaveCount(0)
  await expect(page.getByLabel(strings.fields.phone)).toBeEditable()
}

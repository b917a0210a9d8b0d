// Issue 31 section 2 in Telegram, over its bridge, against the real server: quick unlock keeps the
// server's secret in Telegram's biometric token storage (web_app_biometry_*), and a remembered
// session's token lives in SecureStorage (web_app_secure_storage_*, Bot API 9.0) where the client
// has it. The recorder (fixtures.ts) plays the phone: its biometry, and what Telegram keeps for the
// app, which outlasts a reload as on a phone.
import type { Page } from '@playwright/test'
import th from '../../contract/locales/th.json' with { type: 'json' }
import { expect, logOut, pressMainAction, signIn, telegramDevice, telegramEvents, telegramHash, telegramKept, test } from '../fixtures'
import { expectAxeClean } from '../shared/axe'
import { linkThroughApi, messengerUser, telegramInitData, telegramOn } from '../shared/identity'
import { fund, registerMember, walletOf, type Member } from '../walletMembers'

const strings = th
const quick = strings.identity.quickUnlock
const face = quick.biometry.face
// Thai sets the Latin name apart with spaces (useBiometryName).
const withFace = (text: string) => text.replace('{{biometry}}', ` ${face} `).trim()
/** A Bot API 9.1 client: biometry and SecureStorage. */
const launch = (path: string) => `${path}${telegramHash({ version: '9.1', languageCode: 'th' })}`

/** `linked`: the member's Telegram is linked already; else the shell offers to link it, and the player says not now. */
async function passwordSignIn(page: Page, member: Member, { remember = false, linked = false } = {}): Promise<void> {
  await page.goto(launch('/login'))
  await signIn(page, strings, { phone: member.phone, password: member.password, remember })
  await expect(page.getByTestId('total-balance')).toBeVisible()
  if (linked) return
  const offer = page.getByRole('dialog', { name: strings.identity.offerTitle.replace('{{messenger}}', 'Telegram') })
  await offer.getByRole('button', { name: strings.identity.notNow }).click()
  await expect(offer).toBeHidden()
}

function withdrawAnswers(page: Page): number[] {
  const answers: number[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/wallet/withdrawAll') answers.push(response.status())
  })
  return answers
}

async function withdraw(page: Page, amount: string): Promise<void> {
  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.withdraw }).click()
  const modal = page.getByRole('dialog', { name: strings.withdraw.title })
  await modal.getByLabel(strings.withdraw.amount).fill(amount)
  await pressMainAction(page, modal, strings.withdraw.next)
  await pressMainAction(page, modal, strings.withdraw.confirm)
}

async function turnOnFromProfile(page: Page): Promise<void> {
  await page.goto(launch('/user/profile'))
  const card = page.getByRole('region', { name: quick.title })
  await card.getByRole('button', { name: withFace(quick.turnOn) }).click()
  await expect(page.getByText(quick.turnedOn)).toBeVisible()
  await expect(card.getByRole('button', { name: quick.turnOff })).toBeVisible()
}

test('quick unlock: on from the profile, then the face signs in with no typing and answers the password asked again', async ({ page, context, request }) => {
  await telegramOn(request)
  const member = await registerMember(request)
  await fund(request, member, 500)
  await telegramDevice(page, { biometry: { type: 'face', allow: true }, authorize: true, secureStorage: true })
  await passwordSignIn(page, member)
  await turnOnFromProfile(page)
  await expectAxeClean(page)
  // The secret went to Telegram's biometric storage, and to no storage of the page.
  const { biometricToken } = await telegramKept(page)
  expect(biometricToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
  const pageStorage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }).replace(/"__tg[^"]*":"(?:[^"\\]|\\.)*"/g, ''))
  expect(pageStorage).not.toContain(biometricToken)
  expect(await telegramEvents(page, 'web_app_biometry_request_access')).toHaveLength(1)

  // Telegram opens the app again (the session was not remembered): one tap and the face.
  const again = await context.newPage()
  await again.goto(launch('/login'))
  await again.getByRole('button', { name: withFace(quick.signIn) }).click()
  await expect(again.getByTestId('total-balance')).toBeVisible()
  expect(await telegramEvents(again, 'web_app_biometry_request_auth')).toHaveLength(1)

  // Opened by the face, the session counts as one whose password was just given: it withdraws at once.
  const withdrawals = withdrawAnswers(again)
  await withdraw(again, '200')
  await expect(again.getByText(strings.withdraw.success)).toBeVisible()
  expect(withdrawals).toEqual([200])
  expect((await walletOf(request, member)).wallet).toBe(300)
})

test('quick unlock answers the password asked again in a session Telegram opened, and the withdrawal is made once', async ({ page, context, request }) => {
  await telegramOn(request)
  const member = await registerMember(request)
  await fund(request, member, 500)
  const user = messengerUser()
  await linkThroughApi(request, member, 'telegram', await telegramInitData(request, user))
  await telegramDevice(page, { biometry: { type: 'face', allow: true }, authorize: true, secureStorage: true })
  await passwordSignIn(page, member, { linked: true })
  await turnOnFromProfile(page)

  // Telegram opens the app again: the linked account signs in, with no password given in it.
  const again = await context.newPage()
  await again.goto(`/${telegramHash({ initData: await telegramInitData(request, user), version: '9.1' })}`)
  await expect(again.getByTestId('total-balance')).toBeVisible()
  const withdrawals = withdrawAnswers(again)
  await withdraw(again, '200')
  const prompt = again.getByRole('dialog', { name: strings.stepUp.title })
  await prompt.getByRole('button', { name: withFace(quick.stepUp) }).click()
  await expect(again.getByText(strings.withdraw.success)).toBeVisible()
  await expect(prompt).toBeHidden()
  expect(withdrawals).toEqual([403, 200])
  expect((await walletOf(request, member)).wallet).toBe(300)
})

test('quick unlock off: the server forgets it, Telegram forgets the secret, and /login offers it no more', async ({ page, request }) => {
  await telegramOn(request)
  const member = await registerMember(request)
  await telegramDevice(page, { biometry: { type: 'face', allow: true }, authorize: true, secureStorage: true })
  await passwordSignIn(page, member)
  await turnOnFromProfile(page)
  const { biometricToken: secret } = await telegramKept(page)

  const card = page.getByRole('region', { name: quick.title })
  await card.getByRole('button', { name: quick.turnOff }).click()
  const confirm = page.getByRole('alertdialog', { name: quick.offTitle })
  await expect(confirm).toBeVisible()
  await expectAxeClean(page)
  await confirm.getByRole('button', { name: quick.offConfirm, exact: true }).click()
  await expect(page.getByText(quick.turnedOff)).toBeVisible()
  await expect(card.getByRole('button', { name: withFace(quick.turnOn) })).toBeVisible()
  expect((await telegramKept(page)).biometricToken).toBe('')
  // The old secret opens nothing on the server.
  const refused = await request.post('/api/login/quick-unlock', { data: { secret }, headers: { 'X-Requested-With': 'wallet-user' } })
  expect(refused.status()).toBe(401)

  await page.evaluate(() => sessionStorage.clear())
  await page.goto(launch('/login'))
  await expect(page.getByLabel(strings.fields.phone)).toBeEditable()
  await expect(page.getByRole('button', { name: withFace(quick.signIn) })).toHaveCount(0)
})

test('quick unlock refused: the player said no to biometry, so it stays off and the server keeps no secret', async ({ page, request }) => {
  await telegramOn(request)
  const member = await registerMember(request)
  await telegramDevice(page, { biometry: { type: 'finger', allow: false }, authorize: true, secureStorage: true })
  await passwordSignIn(page, member)
  await page.goto(launch('/user/profile'))
  const card = page.getByRole('region', { name: quick.title })
  await card.getByRole('button', { name: quick.turnOn.replace('{{biometry}}', quick.biometry.finger) }).click()
  await expect(card.getByText(quick.notKept)).toBeVisible()
  const listed = await request.get('/api/account/quick-unlock', { headers: { Authorization: `Bearer ${member.token}`, 'X-Requested-With': 'wallet-user' } })
  expect(((await listed.json()) as { quickUnlocks: unknown[] }).quickUnlocks).toEqual([])
  // Refused once, Telegram's settings are the only way back: the card says so.
  await page.reload()
  await expect(card.getByRole('button', { name: quick.openSettings })).toBeVisible()
})

test('SecureStorage: a remembered session lives there, not in localStorage, and the next open lands on home', async ({ page, context, request }) => {
  await telegramOn(request)
  const member = await registerMember(request)
  await telegramDevice(page, { biometry: null, authorize: true, secureStorage: true })
  await passwordSignIn(page, member, { remember: true })
  await expect.poll(async () => (await telegramKept(page)).secure['session-token']).toBeTruthy()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()

  // A new open of the app: this tab's copy is gone, SecureStorage still has it.
  const again = await context.newPage()
  await again.goto(launch('/'))
  await expect(again.getByTestId('total-balance')).toBeVisible()
  expect(await telegramEvents(again, 'web_app_secure_storage_get_key')).toHaveLength(1)

  // Signing out takes it from SecureStorage too.
  await logOut(again, strings)
  await expect.poll(async () => (await telegramKept(again)).secure['session-token'] ?? null).toBeNull()
})

test('SecureStorage missing (the client says it failed): a remembered session falls back to localStorage', async ({ page, request }) => {
  await telegramOn(request)
  const member = await registerMember(request)
  await telegramDevice(page, { biometry: null, authorize: true, secureStorage: false })
  await passwordSignIn(page, member, { remember: true })
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
  expect((await telegramKept(page)).secure).toEqual({})
})

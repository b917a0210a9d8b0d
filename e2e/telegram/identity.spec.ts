// Issue 31 in Telegram, against the real server: init data signed with the bot token by the dev
// route, carried in the launch parameters as Telegram carries it. The Telegram user has no
// language_code here, so the app speaks the browser's Thai.
import th from '../../contract/locales/th.json' with { type: 'json' }
import { devPost, expect, logOut, pressMainAction, signIn, telegramHash, test } from '../fixtures'
import { acceptLinkOffer, formShown, linkedOf, linkThroughApi, messengerUser, telegramInitData, telegramOn } from '../shared/identity'
import { fund, registerMember, walletOf } from '../walletMembers'
import { expectAxeClean } from '../shared/axe'

const strings = th
const messengerCalls = (page: import('@playwright/test').Page) => {
  let count = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/login/messenger') count += 1
  })
  return () => count
}

test('first open: password, the link offer, Link; the next open lands on home with no typing', async ({ page, context, request }) => {
  await telegramOn(request)
  const member = await registerMember(request)
  const user = messengerUser()
  await page.goto(`/login${telegramHash({ initData: await telegramInitData(request, user) })}`)
  // Not linked yet: the server says so, and the form is the player's.
  await formShown(page, strings)
  await signIn(page, strings, { phone: member.phone, password: member.password, remember: false })
  await expect(page).toHaveURL(/\/user\/home/)
  await acceptLinkOffer(page, strings, 'Telegram')
  expect(await linkedOf(request, member)).toEqual(['telegram'])

  // Telegram opens the app again (a new webview, new init data): home, nothing typed.
  const again = await context.newPage()
  await again.goto(`/${telegramHash({ initData: await telegramInitData(request, user) })}`)
  await expect(again).toHaveURL(/\/user\/home/)
  await expect(again.getByTestId('total-balance')).toBeVisible()
  // The messenger's session lives with the tab.
  expect(await again.evaluate(() => [sessionStorage.getItem('token') !== null, localStorage.getItem('token')])).toEqual([true, null])
})

test("/login's form, in the page before the app, is held for the app while it tries Telegram's sign-in: nothing typed then is lost", async ({ page, request }) => {
  await telegramOn(request)
  const member = await registerMember(request)
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto(`/login${telegramHash({ initData: await telegramInitData(request, messengerUser()) })}`, { waitUntil: 'commit' })
  const shown = page.locator('#prerendered')
  await expect(shown.getByRole('heading', { name: strings.login.title })).toBeVisible()
  // The service check has answered, when the page shows the form elsewhere: here it stays held.
  await expect.poll(() => page.evaluate(() => (window as { __walletEarly?: { activeAnswer?: unknown } }).__walletEarly?.activeAnswer)).toBeTruthy()
  await expect(shown.locator('.reserved__content').first()).toHaveAttribute('inert', '')
  release()
  await expect(shown).toHaveCount(0)
  // Not linked: the app's form, once Telegram's sign-in has been tried.
  await formShown(page, strings)
  await signIn(page, strings, { phone: member.phone, password: member.password, remember: false })
  await expect(page.getByRole('dialog', { name: strings.identity.offerTitle.replace('{{messenger}}', 'Telegram') })).toBeVisible()
})

test('"Not now" is remembered: the next password sign-in does not offer again', async ({ page, request }) => {
  await telegramOn(request)
  const member = await registerMember(request)
  await page.goto(`/login${telegramHash({ initData: await telegramInitData(request, messengerUser()) })}`)
  await formShown(page, strings)
  await signIn(page, strings, { phone: member.phone, password: member.password, remember: false })
  const sheet = page.getByRole('dialog', { name: strings.identity.offerTitle.replace('{{messenger}}', 'Telegram') })
  await sheet.getByRole('button', { name: strings.identity.notNow }).click()
  await expect(sheet).toBeHidden()

  await logOut(page, strings)
  await formShown(page, strings)
  const identities = page.waitForResponse((response) => response.url().endsWith('/api/account/identities'))
  const profile = page.waitForResponse((response) => response.url().endsWith('/api/account/profile'))
  await signIn(page, strings, { phone: member.phone, password: member.password, remember: false })
  await expect(page.getByTestId('total-balance')).toBeVisible()
  await Promise.all([identities, profile])
  // Both answers in: the offer would have rendered with them.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await expect(sheet).toHaveCount(0)
  expect(await linkedOf(request, member)).toEqual([])
})

test('unlinking from the profile the messenger that opened the session ends it', async ({ page, request }) => {
  await telegramOn(request)
  const member = await registerMember(request)
  const user = messengerUser()
  await linkThroughApi(request, member, 'telegram', await telegramInitData(request, user))
  await page.goto(`/user/profile${telegramHash({ initData: await telegramInitData(request, user) })}`)
  await expect(page).toHaveURL(/\/user\/profile/)
  const section = page.getByRole('region', { name: strings.identity.sectionTitle })
  await expect(section.getByRole('button', { name: `${strings.identity.unlink} Telegram` })).toBeVisible()
  await expectAxeClean(page)
  await section.getByRole('button', { name: `${strings.identity.unlink} Telegram` }).click()
  const confirmation = page.getByRole('alertdialog', { name: strings.identity.unlinkTitle.replace('{{messenger}}', 'Telegram') })
  await expect(confirmation).toBeVisible()
  await expectAxeClean(page)
  await confirmation.getByRole('button', { name: strings.identity.unlinkConfirm }).click()
  // Issue 47: a messenger's session alone unlinks nothing: the password first.
  const prompt = page.getByRole('dialog', { name: strings.stepUp.title })
  await expect(prompt).toBeVisible()
  expect(await linkedOf(request, member)).toHaveLength(1)
  await prompt.getByLabel(strings.fields.password, { exact: true }).fill(member.password)
  await prompt.getByRole('button', { name: strings.stepUp.confirm }).click()
  await expect(page).toHaveURL(/\/login/)
  await formShown(page, strings)
  expect(await linkedOf(request, member)).toEqual([])
})

test("a messenger session's withdrawal asks for the password, then is made exactly once", async ({ page, request }) => {
  await telegramOn(request)
  const member = await registerMember(request)
  await fund(request, member, 500)
  const user = messengerUser()
  await linkThroughApi(request, member, 'telegram', await telegramInitData(request, user))
  const withdrawals: number[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/wallet/withdrawAll') withdrawals.push(response.status())
  })
  await page.goto(`/${telegramHash({ initData: await telegramInitData(request, user) })}`)
  await expect(page.getByTestId('total-balance')).toBeVisible()

  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.withdraw }).click()
  const modal = page.getByRole('dialog', { name: strings.withdraw.title })
  await modal.getByLabel(strings.withdraw.amount).fill('200')
  await pressMainAction(page, modal, strings.withdraw.next)
  await pressMainAction(page, modal, strings.withdraw.confirm)
  const prompt = page.getByRole('dialog', { name: strings.stepUp.title })
  const password = prompt.getByLabel(strings.fields.password, { exact: true })
  await expect(password).toBeFocused()
  await password.fill('not-the-password')
  await prompt.getByRole('button', { name: strings.stepUp.confirm }).click()
  await expect(prompt.getByText(strings.errors.WRONG_PASSWORD)).toBeVisible()
  await password.fill(member.password)
  await prompt.getByRole('button', { name: strings.stepUp.confirm }).click()
  await expect(modal.getByText(strings.withdraw.success)).toBeVisible()
  await expect(prompt).toBeHidden()
  expect(withdrawals).toEqual([403, 200])
  expect((await walletOf(request, member)).wallet).toBe(300)
})

test('identity off: the login form as today, nothing sent for the messenger', async ({ page, request }) => {
  await devPost(request, '/dev/identity', { stepUpMinutes: 15 })
  const sent = messengerCalls(page)
  await page.goto(`/login${telegramHash({ languageCode: 'th' })}`)
  await formShown(page, strings)
  expect(sent()).toBe(0)
})

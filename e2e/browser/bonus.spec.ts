// The bonus page (issue 16; spec 2 "Bonus", spec 1 bonus facts) on the production build against
// the reference server: a card received becomes the current one and the money arrives; cancelling
// is refused above the threshold and then clears the game balances; a promotion code not found,
// then found and received. The page is the same on every host, so it runs in the browser.
import { contentFor } from '../../server/seed/seedData'
import { devPost, expect, test } from '../fixtures'
import { activate, baht, fill } from '../shared/wallet'
import { fund, memberHeaders, registerMember, signedIn, walletOf } from '../walletMembers'

const WELCOME = 'โบนัสต้อนรับ 100%'
/** The seeded notice lookup (spec 7), its placeholder filled with the bonus's percentFail. */
const notice = (percentFail: number) => contentFor('th').notice.replaceAll('{percentFail}', String(percentFail))
const PROMOTION = 'โปรปีใหม่ 50%'

test('a bonus received becomes the current card; cancelling it states the rules, is refused above the threshold, then clears the games', async ({ page, open, strings, request }) => {
  const member = await registerMember(request)
  await fund(request, member, 1000)
  await signedIn(page, member)
  await open('/user/bonus')

  const welcome = page.getByRole('button', { name: new RegExp(`^${WELCOME}`) })
  await expect(welcome).toContainText(fill(strings.bonus.limit.limit, { count: '1' }))
  await welcome.click()
  const modal = page.getByRole('dialog', { name: WELCOME })
  await expect(modal.getByText(notice(10))).toBeVisible()
  await modal.getByRole('button', { name: strings.bonus.receive }).click()
  await expect(page.getByText(fill(strings.bonus.receivedToast, { name: WELCOME }))).toBeVisible()
  await expect(modal).toBeHidden()
  await expect(welcome).toContainText(strings.bonus.current)
  await expect(page.getByTestId('bonus-held')).toContainText(WELCOME)
  // 100 % of 1,000, within the 500 maximum: 500.
  expect((await walletOf(request, member)).wallet).toBe(1500)

  // 1,500 held is not below 10 % of 1,500: refused, and the bonus stays.
  await page.getByRole('button', { name: strings.bonus.cancel }).click()
  let confirm = page.getByRole('alertdialog', { name: strings.bonus.cancelTitle })
  await expect(confirm).toContainText(strings.bonus.cancelRuleGames)
  await confirm.getByRole('button', { name: strings.bonus.cancelConfirm }).click()
  // Said on the card with its figures: the balance now, and what it must be under.
  await expect(page.getByTestId('bonus-held').getByRole('alert')).toHaveText(fill(strings.errors.BONUS_CONDITION_FIGURES, { limit: baht(150, 'browser'), balance: baht(1500, 'browser') }))

  // The member plays it down in PG: 100 left there, below 150.
  await activate(request, member, 'PG')
  const moved = await request.post('/api/wallet/transfer', { headers: memberHeaders(member.token), data: { from: 'WALLET', to: 'PG', amount: 1500 } })
  expect(moved.status()).toBe(200)
  await devPost(request, '/dev/games/PG/rounds', { username: member.phone, amount: '-1400', refundPercent: 0 })

  await page.getByRole('button', { name: strings.bonus.cancel }).click()
  confirm = page.getByRole('alertdialog', { name: strings.bonus.cancelTitle })
  await confirm.getByRole('button', { name: strings.bonus.cancelConfirm }).click()
  await expect(page.getByText(strings.errors.BONUS_CLEAR)).toBeVisible()
  await expect(page.getByTestId('bonus-held')).toBeHidden()
  await expect(page.getByRole('textbox', { name: strings.bonus.promoCode, exact: true })).toBeVisible()
  // Received once in all: the card cannot be taken again.
  await expect(welcome).toBeDisabled()
  await expect(welcome).toContainText(strings.bonus.received)
  expect(await walletOf(request, member)).toMatchObject({ wallet: 0, slots: { PG: 0 } })
})

test('a promotion code: not found, then found whatever its case, and received', async ({ page, open, strings, request }) => {
  const member = await registerMember(request)
  await fund(request, member, 200)
  await signedIn(page, member)
  await open('/user/bonus')

  const field = page.getByRole('textbox', { name: strings.bonus.promoCode, exact: true })
  await field.fill('nope')
  await expect(field).toHaveValue('NOPE')
  await page.getByRole('button', { name: strings.bonus.search }).click()
  let modal = page.getByRole('dialog', { name: fill(strings.bonus.promoModalTitle, { code: 'NOPE' }) })
  await expect(modal.getByText(strings.bonus.promoNotFound)).toBeVisible()
  await modal.getByRole('button', { name: strings.bonus.ok }).click()
  await expect(field).toHaveValue('NOPE')

  await field.fill('newyear50')
  await page.getByRole('button', { name: strings.bonus.search }).click()
  modal = page.getByRole('dialog', { name: fill(strings.bonus.promoModalTitle, { code: 'NEWYEAR50' }) })
  await expect(modal.getByText(notice(20))).toBeVisible()
  await modal.getByRole('button', { name: strings.bonus.receive }).click()
  await expect(page.getByText(fill(strings.bonus.promoReceived, { code: 'NEWYEAR50' }))).toBeVisible()
  await expect(page.getByTestId('bonus-held')).toContainText(PROMOTION)
  await expect(page.getByTestId('bonus-held')).toContainText(strings.bonus.kindPromotion)
  // 50 % of 200 = 100.
  expect((await walletOf(request, member)).wallet).toBe(300)
})

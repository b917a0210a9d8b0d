// The wallet tests' shared steps (e2e/{all,browser,telegram}/wallet.spec.ts): each test registers
// its own member and funds it through a real paid QR deposit.
import type { Locator, Page } from '@playwright/test'
import { formatMoney } from '../../contract/lib/money'
import { gameCardName } from '../../tests/gameCardName'
import type th from '../../contract/locales/th.json'
import { expect } from '../fixtures'
import { fund, memberHeaders, registerMember, signedIn, type Member } from '../walletMembers'

export type Strings = typeof th

export const baht = (amount: number, platform: string) => formatMoney(amount, platform === 'browser' ? 'th' : 'en', 'THB')

export const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')

/** A game card, by its name (tests/gameCardName.ts). */
export const gameCard = (strings: Pick<Strings, 'games'>, game: string) => ({ name: gameCardName(strings.games.inactive, game) })

export async function activate(request: Parameters<typeof registerMember>[0], member: Member, code: string) {
  const result = await request.get(`/api/wallet/activate/${code}`, { headers: memberHeaders(member.token) })
  expect(result.ok()).toBeTruthy()
}

export interface Fixtures { page: Page; open: (path: string) => Promise<void>; strings: Strings; request: Parameters<typeof registerMember>[0] }

/** A new member, funded by a paid QR (`funds` baht) with the games given activated, signed in at home. */

export async function memberAtHome({ page, open, strings, request }: Fixtures, funds = 0, games: string[] = []): Promise<Member> {
  const member = await registerMember(request)
  if (funds > 0) await fund(request, member, funds)
  for (const code of games) await activate(request, member, code)
  await signedIn(page, member)
  await openHome(page, open, strings)
  return member
}

export async function openHome(page: Page, open: (path: string) => Promise<void>, strings: Strings) {
  await open('/user/home')
  await expect(page.getByTestId('total-balance')).toBeVisible()
  return page.getByRole('navigation', { name: strings.home.actions })
}

/** A transfer ends on its receipt (issue 18): it names what moved, and Done closes it. */
export async function closeTransferReceipt(modal: Locator, strings: Strings) {
  await expect(modal.getByRole('status').filter({ hasText: strings.transfer.walletNow })).toBeVisible()
  await modal.getByRole('button', { name: strings.transfer.done }).click()
  await expect(modal).toBeHidden()
}

/** The transfer's confirmation's button (issue 51 §2): what sends it. */
export const transferConfirm = (modal: Locator, strings: Strings) => modal.getByRole('button', { name: strings.transfer.confirm, exact: true })

/** Next, then Confirm on the confirmation: a transfer as the player sends it. */
export async function sendTransfer(modal: Locator, strings: Strings) {
  await modal.getByRole('button', { name: strings.common.next, exact: true }).click()
  await transferConfirm(modal, strings).click()
}

export async function openTransfer(page: Page, strings: Strings) {
  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.transfer }).click()
  return page.getByRole('dialog', { name: strings.transfer.title })
}

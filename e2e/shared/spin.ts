// The spin wheel in e2e: a wheel rigged to one prize for the duration of a test (the worker's
// server is shared by its tests, so the settings are put back after), and the slice the wheel
// stands on as the page draws it.
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { fromHostLanguage } from '../../contract/lib/language'
import { sliceAt } from '../../src/features/spin/wheel'
import { devPost, expect } from '../fixtures'
import { fund, type Member, registerMember, signedIn } from '../walletMembers'
import type { Fixtures } from './wallet'

const slice = (code: string, label: string, weight: number, amountMinor: number, bgColor: string) => ({ code, label, bgColor, textColor: '#ffffff', weight, amountMinor })
/** Every spin lands on slice 1, 25 baht. */
export const RIGGED_WHEEL = {
  name: 'วงล้อนำโชค',
  names: { th: 'วงล้อนำโชค', la: 'ວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel' },
  coinPerDepositMinor: 0,
  couponDays: 7,
  slices: [
    slice('A', '5', 0, 5_00, '#1f6feb'),
    {
      ...slice('WIN', '25', 1, 25_00, '#0b7a5a'),
      htmlDescription: {
        th: '<p>รับ <b>25</b> บาทเข้ากระเป๋าเมื่อกดรับรางวัล</p>',
        la: '<p>ຮັບ <b>25</b> ບາດເຂົ້າກະເປົາເມື່ອກົດຮັບລາງວັນ</p>',
        en: '<p><b>25</b> baht into your wallet when you claim the prize</p>',
      },
    },
    slice('C', '0', 0, 0, '#7a1fa2'),
    slice('D', '100', 0, 100_00, '#d64545'),
  ],
}
export const RIGGED_SLICE = 1

/** Runs `work` with the campaign on and the rigged wheel, then puts the settings back. */
export async function withRiggedWheel(request: APIRequestContext, work: () => Promise<void>): Promise<void> {
  const before = (await (await request.get('/dev/settings')).json()) as { spinActive: boolean; spin: unknown }
  await devPost(request, '/dev/settings', { spinActive: true, spin: RIGGED_WHEEL })
  try {
    await work()
  } finally {
    await devPost(request, '/dev/settings', { spinActive: before.spinActive, spin: before.spin })
  }
}

/** The slice under the pointer, from the wheel's drawn rotation. */
export async function sliceUnderPointer(page: Page, count: number): Promise<number> {
  const transform = await page.locator('.wheel__disc').evaluate((element) => (element as HTMLElement).style.transform)
  const rotation = Number(/rotate\(([-\d.e]+)deg\)/.exec(transform)?.[1])
  expect(Number.isFinite(rotation)).toBe(true)
  return sliceAt(rotation, count)
}

/** The rigged wheel's name as the page names it: in the page's language (a Telegram in English
 *  says "Lucky wheel"). */
export async function wheelTitle(page: Page): Promise<string> {
  const language = fromHostLanguage(await page.evaluate(() => document.documentElement.lang)) ?? 'th'
  return RIGGED_WHEEL.names[language]
}

/** A new member (funded with `funds` baht) with `coins` coins, signed in at home with the wheel open: the member and the wheel's dialog. */
export async function wheelOpen({ page, open, strings, request }: Fixtures, coins: number, funds = 0): Promise<{ member: Member; modal: Locator }> {
  const member = await registerMember(request)
  if (funds > 0) await fund(request, member, funds)
  await devPost(request, '/dev/coins', { username: member.phone, coins })
  await signedIn(page, member)
  await open('/user/home')
  await page.getByRole('navigation', { name: strings.home.actions }).getByRole('button', { name: strings.home.spin }).click()
  return { member, modal: page.getByRole('dialog', { name: await wheelTitle(page) }) }
}

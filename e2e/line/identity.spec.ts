// Issue 31 in LINE, against the real server: the LIFF mock hands the app an ID token that the
// server's dev route signed with its own ES256 key, served as LINE's JWKS on loopback.
import type { Page } from '@playwright/test'
import en from '../../contract/locales/en.json' with { type: 'json' }
import th from '../../contract/locales/th.json' with { type: 'json' }
import { expect, signIn, test } from '../fixtures'
import { acceptLinkOffer, formShown, lineIdToken, lineOn, linkedOf, messengerUser } from '../shared/identity'
import { registerMember } from '../walletMembers'

// The LIFF mock reports the app language 'en'.
const strings = en as unknown as typeof th

/** LIFF's ID token for this page, set on the mock the moment the app makes it reachable (platform/line.ts), before the app reads it. */
async function withIdToken(page: Page, idToken: string): Promise<void> {
  await page.addInitScript((token) => {
    let held: unknown
    Object.defineProperty(window, 'liff', {
      configurable: true,
      get: () => held,
      set(value: { $mock: { set(data: (previous: object) => object): void } }) {
        value.$mock.set((previous) => ({ ...previous, isLoggedIn: true, getIDToken: token }))
        held = value
      },
    })
  }, idToken)
}

test('first open: password, the link offer, Link; the next open lands on home with no typing', async ({ page, context, request, baseURL }) => {
  await lineOn(request, baseURL!)
  const member = await registerMember(request)
  const sub = `U${messengerUser()}`
  await withIdToken(page, await lineIdToken(request, sub))
  await page.goto('/login')
  await formShown(page, strings)
  await signIn(page, strings, { phone: member.phone, password: member.password, remember: false })
  await expect(page).toHaveURL(/\/user\/home/)
  await acceptLinkOffer(page, strings, 'LINE')
  expect(await linkedOf(request, member)).toEqual(['line'])

  const again = await context.newPage()
  await withIdToken(again, await lineIdToken(request, sub))
  await again.goto('/')
  await expect(again).toHaveURL(/\/user\/home/)
  await expect(again.getByTestId('total-balance')).toBeVisible()
})

// The route table's check: each path opened cold (a new page, nothing in memory) the way the
// project's host opens it, with and without a stored token: where does the player land, and is the
// screen there?
import type { Page } from '@playwright/test'
import { paths } from '../../contract/lib/paths'
import { expect, test } from '../fixtures'
import { REDIRECTS, SCREENS, type Screen } from '../screenTable'
import { demoMember, signedIn as signedInAs } from '../walletMembers'

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search

function landing(screen: Screen, signedIn: boolean): string {
  if (screen.access === 'member' && !signedIn) {
    return screen.path === paths.member.home ? paths.login : `${paths.login}?redirect=${encodeURIComponent(screen.path)}`
  }
  return screen.path
}

/** Tests for `screens` (every redirect too), each with and without a token. */
export function routeTable(screens: readonly Screen[]): void {
  // Each test opens its own page cold: they spread over the workers.
  test.describe.configure({ mode: 'parallel' })
  for (const signedIn of [false, true]) {
    const who = signedIn ? 'with a token' : 'without a token'

    for (const path of REDIRECTS) {
      test(`${path} ${who} lands on ${signedIn ? paths.member.home : paths.login}`, async ({ page, open, request, strings }) => {
        if (signedIn) await signedInAs(page, await demoMember(request))
        await open(path)
        const home = SCREENS.find((screen) => screen.path === paths.member.home)!
        const login = SCREENS.find((screen) => screen.path === paths.login)!
        await expect(page.getByRole('heading', { level: 1, name: (signedIn ? home : login).heading(strings) })).toBeVisible()
        // The member home's frame is in the page at /user before the app moves the address.
        await expect.poll(() => pathOf(page)).toBe(signedIn ? paths.member.home : paths.login)
      })
    }

    for (const screen of screens) {
      test(`${screen.path} ${who} (${screen.name})`, async ({ page, open, request, strings }) => {
        if (signedIn) await signedInAs(page, await demoMember(request))
        await open(screen.path)
        const target = landing(screen, signedIn)
        const shown = SCREENS.find((candidate) => candidate.path === target.split('?')[0])!
        await expect(page.getByRole('heading', { level: 1, name: shown.heading(strings) })).toBeVisible()
        // What the app does: /login and /register's headings are in the page before it runs (issue 32).
        await expect.poll(() => pathOf(page)).toBe(target)
        // Spec 2: the public shell opening /login or /register clears the stored session.
        await expect.poll(() => page.evaluate(() => localStorage.getItem('token') !== null)).toBe(signedIn && screen.access !== 'account')
      })
    }
  }
}

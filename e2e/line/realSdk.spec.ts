// The real LIFF SDK, not the mock (config `line.mock: false`), in the browser a player opens a LIFF
// link with outside the LINE app. LINE's servers are played by page.route: the SDK's one call,
// GET api.line.me/liff/v2/apps/{liffId}/contextToken, is answered with the LIFF app's context
// (its endpoint URL is this server); anything else of LINE's answers 404, so a call the app or
// the SDK makes that this file does not expect fails the test. The app's Content-Security-Policy
// lets LINE's hosts in only in this configuration: a violation fails the test too.
import type { BrowserContext, Page } from '@playwright/test'
import { devPost, DEMO, expect, LIFF_ID, localItem, shareInvite, signIn, test } from '../fixtures'
import th from '../../contract/locales/th.json' with { type: 'json' }
import { paletteColour, rgb } from '../shared/theme'

interface LineServers {
  /** The contextToken requests so far. */
  contextRequests: () => number
}

/** LINE's servers for this context: the LIFF app registered with this server as its endpoint. */
async function lineServers(context: BrowserContext, colourSchemes: string[] = ['light']): Promise<LineServers> {
  let contextRequests = 0
  await context.route(/^https:\/\/[a-z.-]*line(-scdn)?\.(me|net)\//, (route) => route.fulfill({ status: 404, json: { message: `not LINE's: ${route.request().url()}` } }))
  await context.route('https://api.line.me/liff/v2/apps/*/contextToken', async (route) => {
    contextRequests += 1
    const origin = route.request().headers().origin
    const liffContext = {
      type: 'external',
      liffId: LIFF_ID,
      endpointUrl: `${origin}/`,
      permanentLinkPattern: 'concat',
      scope: ['profile', 'chat_message.write'],
      menuColorSetting: { adaptableColorSchemes: colourSchemes },
      availability: { shareTargetPicker: { permission: true, minVer: '10.3.0' }, scanCodeV2: { permission: true, minVer: '11.7.0' } },
    }
    // A JWT's shape: the SDK reads the payload and leaves the signature to LINE's own checks.
    await route.fulfill({ json: { contextToken: `e30.${Buffer.from(JSON.stringify(liffContext)).toString('base64url')}.signature` } })
  })
  return { contextRequests: () => contextRequests }
}

test.beforeEach(async ({ request }) => {
  await devPost(request, '/dev/config', { line: { liffId: LIFF_ID, mock: false } })
})

/** Waits until the real SDK's init has resolved: it sets window.liff as init starts, and resolves liff.ready as it ends. */
async function liffInitialised(page: Page): Promise<void> {
  await page.waitForFunction(() => 'liff' in window)
  await page.evaluate(() => (window as unknown as { liff: { ready: Promise<void> } }).liff.ready)
}

test('LINE, real SDK: a deep link packed in liff.state is unpacked by the SDK onto the endpoint, and the invite reaches the register wizard', async ({ page, context }) => {
  const line = await lineServers(context)
  // What LINE's server makes of https://liff.line.me/{liffId}/register?code=PR123: the endpoint URL
  // with the path in liff.state. The SDK replaces the location with endpoint + path.
  await page.goto(`/?liff.state=${encodeURIComponent('/register?code=PR123')}`)
  await expect(page).toHaveURL(/\/register\?code=PR123$/)
  await expect(page.getByText(th.register.invitedBy.replace('{{code}}', 'PR123'))).toBeVisible()
  expect(await localItem(page, 'code')).toBe('PR123')
  // The first hop asked LINE once; the page it led to has no LIFF marks and starts no SDK.
  expect(line.contextRequests()).toBe(1)
})

test('LINE, real SDK: outside the LINE app the player is not signed in to LINE, so an invite is copied, not sent through shareTargetPicker', async ({ page, context }) => {
  const line = await lineServers(context)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(`/login?liff.referrer=${encodeURIComponent('https://liff.line.me/')}`)
  await liffInitialised(page)
  expect(line.contextRequests()).toBe(1)
  // The SDK gives the browser's language as LINE's (th-TH here).
  await expect(page.getByRole('heading', { name: th.login.title })).toBeVisible()
  await signIn(page, th)
  await expect(page).toHaveURL(/\/user\/home$/)
  await shareInvite(page, th)
  // The link still opens the LIFF app, in LINE or through LINE's redirect.
  const link = `https://liff.line.me/${LIFF_ID}/register?code=${DEMO.inviteCode}`
  await expect(page.getByRole('status').filter({ hasText: th.common.copied.replace('{{text}}', link) })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
})

test.describe('on a device in dark mode', () => {
  test.use({ colorScheme: 'dark' })

  // The SDK pins the page's color-scheme to the schemes LINE reports for the LIFF app (LINE's header
  // is drawn in them); the palette and theme-color follow, so the page is never half one, half the other.
  for (const [schemes, shown] of [[['light'], 'light'], [['light', 'dark'], 'dark']] as const) {
    test(`LINE, real SDK: a LIFF app LINE reports as ${schemes.join(' and ')} is drawn ${shown}`, async ({ page, context }) => {
      await lineServers(context, [...schemes])
      await page.goto(`/login?liff.referrer=${encodeURIComponent('https://liff.line.me/')}`)
      await liffInitialised(page)
      await expect(page.locator('body')).toHaveCSS('background-color', rgb(paletteColour('--bg', shown)))
      for (const meta of await page.locator('meta[name="theme-color"]').all()) await expect(meta).toHaveAttribute('content', paletteColour('--header-bg', shown))
    })
  }
})

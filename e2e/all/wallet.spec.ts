// The wallet as a player uses it (issue 7), on the production build against the reference server:
// each test registers its own member and funds it through a real paid QR deposit.
import { ENGINES, expect, telegramEvents, test } from '../fixtures'
import { activate, baht, gameCard, openHome } from '../shared/wallet'
import { fund, memberHeaders, registerMember, signedIn } from '../walletMembers'

test('home shows the total of the wallet and every game account', ENGINES, async ({ page, open, strings, request, platform }) => {
  const member = await registerMember(request)
  await fund(request, member, 500)
  await activate(request, member, 'PG')
  await request.post('/api/wallet/transfer', { headers: memberHeaders(member.token), data: { from: 'WALLET', to: 'PG', amount: 120.5 } })
  await signedIn(page, member)
  await openHome(page, open, strings)
  await expect(page.getByTestId('total-balance')).toHaveText(baht(500, platform))
  await expect(page.getByTestId('wallet-balance')).toHaveText(baht(379.5, platform))
  await expect(page.getByTestId('game-balance-PG').first()).toContainText('120.50')
})

test('a web-only game opens outside the app through the host', async ({ page, open, strings, request, platform }) => {
  const member = await registerMember(request)
  await signedIn(page, member)
  await openHome(page, open, strings)
  const card = page.getByRole('button', gameCard(strings, 'Pragmatic Play')).first()
  const url = 'https://games.wallet-demo.example/pplay'
  if (platform === 'browser') {
    // No internet here: the game's site answers from the test.
    await page.context().route('https://games.wallet-demo.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>game</title>' }))
    const opened = page.context().waitForEvent('page')
    await card.click()
    await (await opened).waitForURL(url)
  } else if (platform === 'telegram') {
    await card.click()
    await expect.poll(() => telegramEvents(page, 'web_app_open_link')).toContainEqual(expect.objectContaining({ url }))
  } else {
    await page.evaluate(() => {
      const liff = (window as unknown as { liff: { openWindow: (params: unknown) => void } }).liff
      const opened: unknown[] = []
      Object.assign(window, { __opened: opened })
      liff.openWindow = (params) => void opened.push(params)
    })
    await card.click()
    await expect.poll(() => page.evaluate(() => (window as unknown as { __opened: unknown[] }).__opened)).toEqual([{ url, external: true }])
  }
})

// Home on a phone on its side and on a 320 px phone (issue 18), on the production build.
import type { Locator, Page } from '@playwright/test'
import { expect, freshPhone, holdAnswers, test } from '../fixtures'
import { PRERENDERED_ID } from '../../contract/lib/prerender'
import { gameBackground, gameLogo, seedGames } from '../../server/games/gamesData'
import { misfits } from '../shared/fits'
import { memberAtHome, openTransfer, sendTransfer } from '../shared/wallet'
import th from '../../contract/locales/th.json' with { type: 'json' }
import la from '../../contract/locales/la.json' with { type: 'json' }
import en from '../../contract/locales/en.json' with { type: 'json' }

test('on a phone on its side, home uses the width: the balance beside the actions, both in view', async ({ page, open, strings, request }) => {
  await page.setViewportSize({ width: 844, height: 390 })
  await memberAtHome({ page, open, strings, request }, 100, ['PG'])
  const balance = (await page.locator('.balance-card').boundingBox())!
  const actions = (await page.getByRole('navigation', { name: strings.home.actions }).boundingBox())!
  expect(actions.x).toBeGreaterThanOrEqual(balance.x + balance.width)
  expect(actions.y).toBeLessThan(balance.y + balance.height)
  await expect(page.getByRole('button', { name: strings.home.deposit, exact: true })).toBeInViewport()
  await expect(page.getByTestId('total-balance')).toBeInViewport()
  // A modal stays in the middle of the wider screen.
  await page.getByRole('button', { name: strings.home.transfer, exact: true }).click()
  const panel = (await page.getByRole('dialog', { name: strings.transfer.title }).locator('.modal__panel').boundingBox())!
  expect(Math.abs(panel.x + panel.width / 2 - 422)).toBeLessThan(2)
})

test('on a 320 px phone nothing runs off the side: actions, balances, game names and badges fit', async ({ page, open, strings, request }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await memberAtHome({ page, open, strings, request }, 99999.99, ['PG'])
  await expect(page.locator('.games .game-card').first()).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  // Each piece inside its box: the page's own within the screen, a game card's within the card
  // (cards further along the carousel are off screen by design).
  const overflowing = await page.evaluate(() => {
    const inside = (element: HTMLElement, box: DOMRect) => {
      const rect = element.getBoundingClientRect()
      return element.scrollWidth <= element.clientWidth + 1 && rect.left >= box.left - 1 && rect.right <= box.right + 1
    }
    const screen = document.documentElement.getBoundingClientRect()
    const page = [...document.querySelectorAll<HTMLElement>('.home-action, .home-primary, .balance-card *')].filter((element) => !inside(element, screen))
    const cards = [...document.querySelectorAll<HTMLElement>('.game-card__name, .game-card__badge, .game-card__balance, .game-card__value')]
      .filter((element) => !inside(element, element.closest('.game-card')!.getBoundingClientRect()))
    return [...page, ...cards].map((element) => `${element.className || element.tagName}: ${element.textContent}`)
  })
  expect(overflowing).toEqual([])
})

test('on a 320 px phone every label of the bottom menu is whole, in Thai, Lao and English', async ({ page, open, strings, request }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await memberAtHome({ page, open, strings, request })
  // On each page of the menu: the current item's label is drawn as the current one.
  for (const path of ['/user/home', '/user/statement', '/user/profile', '/user/contact']) {
    for (const [locale, words] of Object.entries({ th, la, en })) {
      await page.evaluate((value) => localStorage.setItem('locale', value), locale)
      await page.goto(path)
      const menu = page.getByRole('navigation', { name: words.menu.label })
      await expect(menu.getByText(words.menu.conditions, { exact: true })).toBeVisible()
      await expect(menu.locator('[aria-current="page"]')).toHaveCount(1)
      // An ellipsis ("Conditi…") is a label cut: its text wider than its box.
      const cut = await menu.locator('.bottom-menu__label').evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => `${label.textContent} ${label.scrollWidth}/${label.clientWidth} px`))
      expect(cut, `the menu's labels cut in ${locale} on ${path}`).toEqual([])
    }
  }
})

test("on a 320 px phone the statement's header holds its title and the upload-status button, each on one line, in Thai, Lao and English", async ({ page, open, strings, request }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await memberAtHome({ page, open, strings, request })
  for (const [locale, words] of Object.entries({ th, la, en })) {
    await page.evaluate((value) => localStorage.setItem('locale', value), locale)
    await page.goto('/user/statement')
    const title = page.getByRole('heading', { level: 1, name: words.member.statement })
    const button = page.getByRole('button', { name: words.statement.uploadStatus, exact: true })
    await expect(button).toBeVisible()
    /** The lines a text runs to, as the engine laid it out. */
    const lines = (element: HTMLElement) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    }
    expect(await title.evaluate(lines), `the title's lines in ${locale}`).toBe(1)
    expect(await button.evaluate(lines), `the button's lines in ${locale}`).toBe(1)
    // Side by side: the button on the title's row.
    const [titleBox, buttonBox] = [(await title.boundingBox())!, (await button.boundingBox())!]
    expect(buttonBox.y, locale).toBeLessThan(titleBox.y + titleBox.height)
  }
})

test("each seeded game has card art of its own that the server serves", async ({ page, open, strings, request }) => {
  await memberAtHome({ page, open, strings, request })
  // Every seeded game's card, once all the carousels have drawn theirs: each comes as home settles
  // and the player scrolls to its row.
  for (const category of ['slot', 'sport', 'lotto'] as const) await page.getByRole('region', { name: strings.games.category[category] }).scrollIntoViewIfNeeded()
  await expect(page.locator('.game-card__art')).toHaveCount(seedGames.length)
  // A carousel's cards further along show their art once the player has moved the row: tab into it.
  for (const row of await page.locator('.game-row--carousel').all()) await row.locator('[data-code]').last().focus()
  const arts = page.locator('.game-card__art')
  await expect.poll(() => arts.evaluateAll((spans) => spans.filter((span) => getComputedStyle(span).backgroundImage === 'none').length)).toBe(0)
  const urls = (await arts.evaluateAll((spans) => spans.map((span) => getComputedStyle(span).backgroundImage))).map((art) => /url\("?(.*?)"?\)/.exec(art)?.[1] ?? '')
  expect(new Set(urls).size).toBe(urls.length)
  for (const url of urls) {
    const answer = await request.get(new URL(url).pathname)
    expect(answer.ok(), url).toBe(true)
    expect(answer.headers()['content-type']).toContain('image/svg+xml')
  }
})

test('game art is asked for as the player nears its row, not with home (issue 51)', async ({ page, open, strings, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const asked: string[] = []
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname
    if (path.startsWith('/games/')) asked.push(path)
  })
  await memberAtHome({ page, open, strings, request })
  const slots = page.getByRole('region', { name: strings.games.category.slot })
  const lotto = page.getByRole('region', { name: strings.games.category.lotto })
  await expect(slots.locator('.swiper-initialized')).toHaveCount(1)
  // The first row, at the screen's foot: the art of the cards in view and of the next (their logos
  // as the browser's own lazy loading decides), nothing of the cards after them.
  const codes = await slots.locator('[data-code]').evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.code!))
  const pictures = (some: string[]) => some.flatMap((code) => [gameBackground(code), gameLogo(code)])
  await expect.poll(() => codes.slice(0, 5).every((code) => asked.includes(gameBackground(code)))).toBe(true)
  const lottoCodes = await lotto.locator('[data-code]').evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.code!))
  expect(asked.filter((path) => !pictures(codes.slice(0, 5)).includes(path))).toEqual([])
  // The lotto row, further down, comes with its art once scrolled to.
  await lotto.scrollIntoViewIfNeeded()
  await expect.poll(() => lottoCodes.every((code) => asked.includes(gameBackground(code)))).toBe(true)
  await expect(lotto.locator('.game-card__logo')).toHaveCount(lottoCodes.length)
})

test('a row with more than three games (the seeded slots) shows the edge of the fourth, so a player sees more follow', async ({ page, open, strings, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await memberAtHome({ page, open, strings, request })
  const slots = page.getByRole('region', { name: strings.games.category.slot })
  await expect(slots.locator('.swiper-initialized')).toHaveCount(1)
  const row = (await slots.locator('.game-row').boundingBox())!
  const cards = await slots.locator('.game-card').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect))
  const rowRight = row.x + row.width
  expect(cards.slice(0, 3).every((card) => card.right <= rowRight + 1)).toBe(true)
  // The fourth begins inside the row and runs past its edge: a quarter of it shows.
  expect(cards[3].left).toBeLessThan(rowRight - 10)
  expect(cards[3].right).toBeGreaterThan(rowRight + 10)
  // A row of three (the seeded lotto games) shows exactly three, edge to edge.
  const lotto = page.getByRole('region', { name: strings.games.category.lotto })
  await expect(lotto.locator('.game-card')).toHaveCount(3)
  const lottoRow = (await lotto.locator('.game-row').boundingBox())!
  const third = (await lotto.locator('.game-card').nth(2).boundingBox())!
  expect(Math.abs(third.x + third.width - (lottoRow.x + lottoRow.width))).toBeLessThan(1)
})

/** Resolves once the page has had a quiet moment: an idle callback that was not forced by its timeout. */
const quiet = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => {
    const wait = () => requestIdleCallback((deadline) => (deadline.didTimeout || deadline.timeRemaining() < 40 ? wait() : resolve()), { timeout: 10_000 })
    wait()
  }))

test('a carousel further down comes as the player reaches its row, and a keyboard player keeps the card they are on', async ({ page, open, strings, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await memberAtHome({ page, open, strings, request })
  const slots = page.getByRole('region', { name: strings.games.category.slot })
  const sports = page.getByRole('region', { name: strings.games.category.sport })
  await expect(slots.locator('.swiper-initialized')).toHaveCount(1)
  // Below the screen, the sport row stays the static row that looks the same, however long home idles.
  await expect(sports).not.toBeInViewport()
  await quiet(page)
  await expect(sports.locator('.game-row--static')).toHaveCount(1)
  await expect(sports.locator('.swiper')).toHaveCount(0)
  // A keyboard player reaches its first card (focusing scrolls it into view): the carousel comes,
  // and the same game's card in it has the focus.
  const first = sports.locator('.game-row--static [data-code]').first()
  const code = await first.getAttribute('data-code')
  await first.focus()
  await expect(sports.locator('.swiper-initialized')).toHaveCount(1)
  await expect(sports.locator(`.swiper [data-code="${code}"]`)).toBeFocused()
})

test('a sheet stays where it opened while its content changes: the transfer form, then its receipt (issue 51)', async ({ page, open, strings, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await memberAtHome({ page, open, strings, request }, 500, ['PG'])
  const modal = await openTransfer(page, strings)
  const header = modal.locator('.modal__header')
  await expect(modal.getByLabel(strings.transfer.to)).toBeVisible()
  const opened = (await header.boundingBox())!.y
  const heights = [(await modal.locator('.modal__panel').boundingBox())!.height]
  await modal.getByLabel(strings.transfer.to).selectOption('PG')
  await modal.getByLabel(strings.transfer.amount).fill('100')
  await sendTransfer(modal, strings)
  await expect(modal.getByRole('button', { name: strings.transfer.done })).toBeVisible()
  heights.push((await modal.locator('.modal__panel').boundingBox())!.height)
  // The receipt is not the form's height: centred, the sheet's top would have moved by half the difference.
  expect(Math.abs(heights[1] - heights[0])).toBeGreaterThan(8)
  expect((await header.boundingBox())!.y).toBeCloseTo(opened, 0)
})

test("a button that waits shows its spinner in the label's place: the label does not move, nothing shifts (issue 51)", async ({ page, open, strings }) => {
  // Every layout shift from the start (a label pushed aside by the spinner was one: 13 px and back).
  await page.addInitScript(() => {
    const shifts: number[] = []
    Object.assign(window, { __shifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const login = await holdAnswers(page, '**/api/login')
  await open('/login')
  await page.locator('#root input[name=username]').fill('0812345678')
  await page.locator('#root input[name=password]').fill('demo1234')
  const submit = page.locator('#root').getByRole('button', { name: strings.login.submit })
  const label = submit.locator(':scope > span:not(.spinner)')
  const before = (await label.boundingBox())!
  await submit.click()
  // Past the loader's delay: the spinner shows, and the button keeps its name.
  await expect(submit.locator('.spinner')).toBeVisible()
  await expect(submit).toHaveAccessibleName(strings.login.submit)
  expect(await label.boundingBox()).toEqual(before)
  expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([])
  login.release()
  await expect(page).toHaveURL(/\/user\/home/)
})

test("a keyboard that shrinks the page (an Android WebView's) moves nothing on /login: the short phone's layout is the page's height at load", async ({ page, open, strings }) => {
  await open('/login')
  // The app's own form, not the prerendered one it replaces (measured across that swap, a field reads 0).
  await expect(page.locator(`#${PRERENDERED_ID}`)).toHaveCount(0)
  const subtitle = page.getByText(strings.login.subtitle)
  await expect(subtitle).toBeVisible()
  const password = page.getByLabel(strings.fields.password, { exact: true })
  await password.focus()
  const at = () => password.evaluate((field) => Math.round(field.getBoundingClientRect().top + window.scrollY))
  const before = await at()
  // The keyboard takes 360 px of the 844: the page is 484 px high while the field has focus.
  await page.setViewportSize({ width: 390, height: 484 })
  await expect.poll(() => page.evaluate(() => window.innerHeight)).toBe(484)
  await page.evaluate(() => new Promise(requestAnimationFrame))
  await expect(subtitle).toBeVisible()
  expect(await at()).toBe(before)
})

test('on a 360 x 640 and a 320 x 568 phone the sign-in button is above the bottom menu without scrolling, in Thai, Lao and English (issue 51)', async ({ page, open }) => {
  await open('/login')
  for (const [[width, height], [locale, words]] of [[360, 640], [320, 568]].flatMap((size) => Object.entries({ th, la, en }).map((entry) => [size, entry] as const))) {
    await page.setViewportSize({ width, height })
    await page.evaluate((value) => localStorage.setItem('locale', value), locale)
    await open('/login')
    const submit = page.locator('form').getByRole('button', { name: words.login.submit, exact: true })
    await expect(submit).toBeVisible()
    // Measured once the app has taken the prerendered screen's place, both in one look: measured
    // one after the other across that swap, a one-core run read the menu removed (top 0).
    await expect(page.locator(`#${PRERENDERED_ID}`)).toHaveCount(0)
    const [bottom, menuTop] = await page.evaluate((label) => [
      document.querySelector('form button[type="submit"]')!.getBoundingClientRect().bottom,
      document.querySelector(`nav[aria-label="${label}"]`)!.getBoundingClientRect().top,
    ], words.menu.label)
    expect(bottom, `the sign-in button's bottom against the menu's top at ${width} x ${height} in ${locale}`).toBeLessThanOrEqual(menuTop)
  }
})

test("on a 320 px phone in Lao the code step's two links stay whole: change the number beside the resend countdown", async ({ page, open }) => {
  await page.setViewportSize({ width: 320, height: 568 })
  await page.addInitScript(() => localStorage.setItem('locale', 'la'))
  await open('/register')
  await page.getByLabel(la.fields.phone).fill(freshPhone())
  await page.getByRole('button', { name: la.common.next }).click()
  await expect(page.getByRole('heading', { name: la.register.step2Title })).toBeVisible()
  await expect(page.getByRole('button', { name: /ຂໍລະຫັດໃໝ່ໄດ້ໃນ/ })).toBeDisabled()
  expect(await misfits(page)).toEqual([])
})

/** The deposit sheet in Lao, its ways' row and the row's two step buttons. */
async function laoDepositWays({ page, open, request }: Pick<Parameters<Parameters<typeof test>[2]>[0], 'page' | 'open' | 'request'>) {
  await page.addInitScript(() => localStorage.setItem('locale', 'la'))
  await memberAtHome({ page, open, strings: la, request })
  await page.getByRole('button', { name: la.home.deposit, exact: true }).click()
  const ways = page.getByRole('dialog', { name: la.deposit.title }).getByRole('tablist', { name: la.deposit.methods })
  await expect(ways.getByRole('tab').first()).toBeVisible()
  const frame = ways.locator('xpath=..')
  return { ways, back: frame.locator('.chips__step--start'), forward: frame.locator('.chips__step--end') }
}

/** Presses a row's step button until the row is at that end, each press once the row has moved
 *  (the test asks for reduced motion: a step scrolls at once, not smoothly over a while). */
async function stepToEnd(row: Locator, button: Locator, direction: 1 | -1) {
  // Read afresh each time: the row's widths may still change (its words' font, a chip laid out again).
  const place = () => row.evaluate((element) => ({ at: element.scrollLeft, end: element.scrollWidth - element.clientWidth }))
  let now = await place()
  while (direction > 0 ? now.at < now.end - 1 : now.at > 1) {
    const from = now.at
    await button.click()
    await expect.poll(async () => direction * ((await place()).at - from)).toBeGreaterThan(1)
    now = await place()
  }
}

test.describe('with a mouse on a computer', () => {
  test.use({ isMobile: false, hasTouch: false, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' })

  test("the deposit ways' row, wider than its sheet in Lao, steps sideways by a button on each edge that has more beyond it (issue 51)", async ({ page, open, request }) => {
    const { ways, back, forward } = await laoDepositWays({ page, open, request })
    const tabs = ways.getByRole('tab')
    const [first, last] = [tabs.first(), tabs.last()]
    await expect(last).not.toBeInViewport()
    await expect(forward).toBeVisible()
    await expect(back).toHaveCount(0)
    // Pressed until the row's end: each press shows more, and the last way comes whole into view.
    await forward.click()
    await expect(back).toBeVisible()
    await stepToEnd(ways, forward, 1)
    await expect(forward).toHaveCount(0)
    await expect(last).toBeInViewport({ ratio: 1 })
    // A step chooses nothing and takes no focus: the way chosen is the one before.
    await expect(first).toHaveAttribute('aria-selected', 'true')
    expect(await page.evaluate(() => document.activeElement?.classList.contains('chips__step'))).toBe(false)
    await last.click()
    await expect(last).toHaveAttribute('aria-selected', 'true')
    // And back to the start.
    await stepToEnd(ways, back, -1)
    await expect(back).toHaveCount(0)
    await expect(first).toBeInViewport({ ratio: 1 })
    await expect(forward).toBeVisible()
    // Opened again (its ways already read, the row laid out only once the sheet shows): the same.
    await page.keyboard.press('Escape')
    await expect(ways).toBeHidden()
    await page.getByRole('button', { name: la.home.deposit, exact: true }).click()
    await expect(ways.getByRole('tab').first()).toBeVisible()
    await expect(forward).toBeVisible()
    await expect(back).toHaveCount(0)
  })
})

test("on a phone the same row has no step buttons: a finger swipes it, and its edge fades (issue 51)", async ({ page, open, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { ways, forward } = await laoDepositWays({ page, open, request })
  await expect(ways).toHaveClass(/chips--more-end/)
  await expect(forward).toBeAttached()
  await expect(forward).toBeHidden()
})

test("a sheet scrolls inside its body: on every deposit way the sheet itself never scrolls, its title and close button stay in view (issue 51)", async ({ page, open, strings, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await memberAtHome({ page, open, strings, request })
  await page.getByRole('button', { name: strings.home.deposit, exact: true }).click()
  const sheet = page.getByRole('dialog', { name: strings.deposit.title })
  const tabs = sheet.getByRole('tab')
  await expect(tabs.first()).toBeVisible()
  for (let i = 0; i < await tabs.count(); i++) {
    await tabs.nth(i).click()
    await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true')
    const name = await tabs.nth(i).textContent()
    // Read to its end: the body scrolls, the sheet does not.
    await sheet.locator('.modal__body').evaluate((body) => body.scrollTo(0, body.scrollHeight))
    expect(await sheet.evaluate((dialog) => dialog.scrollHeight - dialog.clientHeight), `${name}: the sheet scrolls`).toBeLessThanOrEqual(0)
    await expect(sheet.getByRole('heading', { name: strings.deposit.title }), name!).toBeInViewport({ ratio: 1 })
    await expect(sheet.getByRole('button', { name: strings.common.close }).first(), name!).toBeInViewport({ ratio: 1 })
  }
})

test("a sheet cut by a short screen fades at the edge with more beyond it, takes a Tab stop a keyboard scrolls it from, and stops fading once read to that edge (issue 51)", async ({ page, open, strings, request }) => {
  // A 320 px phone whose browser bars leave 460 px: the bank transfer's accounts go on below.
  await page.setViewportSize({ width: 320, height: 460 })
  await memberAtHome({ page, open, strings, request })
  await page.getByRole('button', { name: strings.home.deposit, exact: true }).click()
  const sheet = page.getByRole('dialog', { name: strings.deposit.title })
  await expect(sheet.getByRole('tab').first()).toBeVisible()
  const body = sheet.locator('.modal__body')
  const fade = () => body.evaluate((element) => {
    const style = getComputedStyle(element)
    return style.maskImage || style.webkitMaskImage
  })
  await expect(body).toHaveClass(/modal__body--more-end/)
  await expect(body).not.toHaveClass(/modal__body--more-start/)
  expect(await fade()).toMatch(/linear-gradient/)
  // A keyboard reaches the body that scrolls and scrolls it to its end.
  await expect(body).toHaveAttribute('tabindex', '0')
  await body.focus()
  await page.keyboard.press('End')
  await expect(body).toHaveClass(/modal__body--more-start/)
  await expect(body).not.toHaveClass(/modal__body--more-end/)
  // Opened again on a tall screen, where the whole sheet shows: nothing fades.
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await page.setViewportSize({ width: 390, height: 2400 })
  await page.getByRole('button', { name: strings.home.deposit, exact: true }).click()
  await expect(sheet.getByRole('tab').first()).toBeVisible()
  expect(await body.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(0)
  await expect(body).not.toHaveClass(/modal__body--more/)
  expect(await fade()).toBe('none')
  await expect(body).not.toHaveAttribute('tabindex')
})

test("a withdrawal's receipt keeps its figures whole at every phone width: the masked account number never breaks at its hyphens (issue 51)", async ({ page, open, strings, request }) => {
  // The receipt from the withdrawal itself, in English, whose bank name left "xxx-" at the end of
  // a line at 390 px; then the statement's receipt of it in each language.
  await memberAtHome({ page, open, strings, request }, 500)
  await page.evaluate(() => localStorage.setItem('locale', 'en'))
  await page.goto('/user/home')
  const widths = Array.from({ length: 12 }, (_, step) => 320 + step * 10)
  const sweep = async (where: string) => {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 })
      expect(await misfits(page), `${where} at ${width} px`).toEqual([])
    }
  }
  await page.getByRole('button', { name: en.home.withdraw, exact: true }).click()
  const sheet = page.getByRole('dialog', { name: en.withdraw.title })
  await sheet.getByLabel(en.withdraw.amount).fill('100')
  await sheet.getByRole('button', { name: en.withdraw.next }).click()
  await sheet.getByRole('button', { name: en.withdraw.confirm }).click()
  await expect(sheet.getByRole('button', { name: en.withdraw.done })).toBeVisible()
  await expect(sheet.getByRole('status')).toContainText(/xxx-xxx-\d{4}/)
  await sweep('the withdraw receipt in en')
  for (const [locale, words] of Object.entries({ en, th, la })) {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.evaluate((value) => localStorage.setItem('locale', value), locale)
    await page.goto('/user/statement')
    await page.locator('.statement-row').filter({ hasText: '100.00' }).first().click()
    const receipt = page.getByRole('dialog', { name: words.receipt.title })
    await expect(receipt.getByText(/xxx-xxx-\d{4}/)).toBeVisible()
    await sweep(`the statement's receipt in ${locale}`)
  }
})

test("a page chosen in the bottom menu from the keyboard gives its title the focus, so the next Tab is in the page, not round through the top bar", async ({ page, open, strings, request }) => {
  await memberAtHome({ page, open, strings, request })
  const menu = page.getByRole('navigation', { name: strings.menu.label })
  for (const [item, title] of [[strings.menu.profile, strings.profile.title], [strings.menu.contact, strings.contact.title]] as const) {
    await menu.getByRole('link', { name: item }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: title }), item).toBeFocused()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('main')), `${item}: the next Tab is in the page`).toBe(true)
  }
  // A page chosen with the mouse: the title takes the focus too, with no ring (the pointer's).
  await menu.getByRole('link', { name: strings.menu.home }).click()
  await expect(page.getByTestId('total-balance')).toBeVisible()
  expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible') ?? false)).toBe(false)
})

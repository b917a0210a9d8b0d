// The staff console in the screenshot set (issue 51: "the staff console at 390 and 1280 px"): a
// cashier's slip queue with a slip open beside its image and the amount the member said, then the
// withdrawals to pay. Thai, as a Thai operator's console opens. Not part of `npm test`:
//   npm run build && SHOTS_OUT=docs/screens/after npx playwright test -c playwright.shots.config.ts console
import { mkdirSync } from 'node:fs'
import { expect, test } from '../fixtures'
import { newStaff, signInToConsole } from '../opsStaff'
import { fund, memberHeaders, registerMember, uploadSlip } from '../walletMembers'

const OUT = process.env.SHOTS_OUT ?? 'test-results/shots/screens'
const PNG = process.env.SHOTS_PNG === '1'
const SIZES = [[390, 844], [1280, 800]] as const

test('screens: staff console', async ({ page, request, baseURL }) => {
  mkdirSync(OUT, { recursive: true })
  const member = await registerMember(request, 'KBANK', 'SOMCHAI TESTER', { name: 'สมชาย ใจดี' })
  await fund(request, member, 1000)
  await uploadSlip(request, member, '500')
  expect((await request.post('/api/wallet/withdrawAll', { headers: memberHeaders(member.token), data: { amount: 400 } })).ok()).toBeTruthy()
  await signInToConsole(page, await newStaff(baseURL!, request, 'cashier'))
  await page.getByRole('combobox', { name: /^(ภาษา|Language)$/ }).selectOption('th')
  const shot = (name: string, width: number) =>
    page.screenshot({ path: `${OUT}/console-light-th-${width}-${name}.${PNG ? 'png' : 'jpg'}`, ...(PNG ? { type: 'png' } : { type: 'jpeg', quality: 60 }), scale: 'css' })
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height })
    await page.getByRole('button', { name: /สมชาย ใจดี/ }).first().click()
    await expect(page.getByTestId('slip-claimed')).toBeVisible()
    await expect(page.locator('img.slip-image')).toBeVisible()
    await shot('slips--slip-open', width)
    await page.getByRole('link', { name: /ถอน/ }).or(page.getByRole('button', { name: /ถอน/ })).first().click()
    await expect(page.getByText(/สมชาย ใจดี/).first()).toBeVisible()
    await shot('withdrawals', width)
    await page.getByRole('link', { name: /สลิป/ }).or(page.getByRole('button', { name: /สลิป/ })).first().click()
  }
})

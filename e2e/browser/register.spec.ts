import { bankStep, countApiCalls, devPost, expect, freshPhone, localItem, phoneStepToProfile, profileStep, test } from '../fixtures'

import th from '../../contract/locales/th.json' with { type: 'json' }

import la from '../../contract/locales/la.json' with { type: 'json' }
import en from '../../contract/locales/en.json' with { type: 'json' }

test('?code= fills the inviter field read-only and stores the code', async ({ page, open, request }) => {
  await devPost(request, '/dev/settings', { registerOTP: false })
  await open('/register?code=PR123')
  await expect(page.getByText(th.register.invitedBy.replace('{{code}}', 'PR123'))).toBeVisible()
  expect(await localItem(page, 'code')).toBe('PR123')

  await phoneStepToProfile(page, th, freshPhone())
  const inviter = page.getByLabel(th.fields.inviteCode)
  await expect(inviter).toHaveValue('PR123')
  await expect(inviter).toHaveJSProperty('readOnly', true)
  await expect(page.getByText(th.register.inviterFromLink)).toBeVisible()
})

test('a 9-digit phone is refused in the Thai variant without calling the server', async ({ page, open }) => {
  await open('/register')
  await expect(page.getByLabel(th.fields.phone)).toBeVisible()
  const posts = countApiCalls(page)
  await page.getByLabel(th.fields.phone).fill('081234567')
  await page.getByRole('button', { name: th.common.next }).click()
  await expect(page.getByText(th.validation.phone10)).toBeVisible()
  await expect(page.getByRole('heading', { name: th.register.step1Title })).toBeVisible()
  expect(posts()).toBe(0)

  // Typing clears the message; ten digits go through.
  await page.getByLabel(th.fields.phone).fill('0812345670')
  await expect(page.getByText(th.validation.phone10)).toBeHidden()
})

test.describe('Lao variant', () => {
  // A host language that is none of ours, so the variant's default applies.
  test.use({ locale: 'fr-FR' })

  test('defaults to Lao and offers LAK/BAHT and Lao banks at step 4', async ({ page, open, request }) => {
    await devPost(request, '/dev/config', { variant: 'la' })
    await devPost(request, '/dev/settings', { registerOTP: false })
    await page.clock.install()
    await open('/register')
    await expect(page.getByRole('heading', { name: la.register.step1Title })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('lo')
    expect(await localItem(page, 'locale')).toBeNull()

    const phone = `20${String(Date.now() % 1e8).padStart(8, '0')}`
    await phoneStepToProfile(page, la, phone)
    await profileStep(page, la)

    const currencies = page.getByRole('group', { name: la.fields.currency })
    await expect(currencies.getByRole('radio')).toHaveCount(2)
    await expect(currencies.getByRole('radio', { name: la.currency.LAK })).toBeVisible()
    await expect(currencies.getByRole('radio', { name: la.currency.BAHT })).toBeVisible()
    const bank = page.getByLabel(la.fields.bank, { exact: true })
    await expect(bank.locator('option[value="BCEL"]')).toHaveCount(1)
    await expect(bank.locator('option').nth(1)).toHaveAttribute('value', 'BCEL')

    await currencies.getByRole('radio', { name: la.currency.LAK }).check()
    await bankStep(page, la, phone, 'BCEL', { stop: true })
    await expect(page.getByRole('status').filter({ hasText: la.register.successTitle })).toBeVisible()
  })
})

test.describe('the language a browser starts in (issue 17)', () => {
  test('a Lao-variant player whose phone is in Thai starts in Lao', async ({ page, open, request }) => {
    await devPost(request, '/dev/config', { variant: 'la' })
    await open('/login')
    await expect(page.getByRole('heading', { name: la.login.title })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('lo')
  })

  test.describe('a phone in English', () => {
    test.use({ locale: 'en-US' })
    test('replaces the variant default with English, and the player’s own choice wins over it', async ({ page, open }) => {
      await open('/login')
      await expect(page.getByRole('heading', { name: en.login.title })).toBeVisible()
      await page.getByRole('combobox', { name: en.common.language }).selectOption('th')
      await expect(page.getByRole('heading', { name: th.login.title })).toBeVisible()
      await page.reload()
      await expect(page.getByRole('heading', { name: th.login.title })).toBeVisible()
    })
  })
})

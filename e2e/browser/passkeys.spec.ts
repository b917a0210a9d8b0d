// Quick unlock by a passkey in a plain browser (issue 31), against the real server, with
// Chromium's virtual authenticator standing in for the device's fingerprint or screen lock.
import { devPost, expect, hostStrings, logOut, signIn, test } from '../fixtures'
import { registerMember } from '../walletMembers'

const strings = hostStrings('browser')

test('set up from the profile, signed out, signed in with the passkey to home, then turned off', async ({ page, request, baseURL }) => {
  await devPost(request, '/dev/identity', { webauthnOrigin: new URL(baseURL!).origin })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', { options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true } })
  const member = await registerMember(request)

  await page.goto('/login')
  await signIn(page, strings, { phone: member.phone, password: member.password, remember: true })
  await expect(page).toHaveURL(/\/user\/home/)
  await page.goto('/user/profile')
  const section = page.getByRole('region', { name: strings.identity.passkeysTitle })
  await section.getByRole('button', { name: strings.identity.passkeyAdd }).click()
  await expect(section.getByText(strings.identity.passkeyName.replace('{{number}}', '1'))).toBeVisible()

  await logOut(page, strings)
  await expect(page).toHaveURL(/\/login$/)
  await page.getByRole('button', { name: strings.identity.passkeySignIn }).click()
  await expect(page).toHaveURL(/\/user\/home/)
  await expect(page.getByTestId('total-balance')).toBeVisible()

  await page.goto('/user/profile')
  await section.getByRole('button', { name: strings.identity.passkeysOff }).click()
  await page.getByRole('alertdialog', { name: strings.identity.passkeysOffTitle }).getByRole('button', { name: strings.identity.passkeysOffConfirm, exact: true }).click()
  await expect(section.getByText(strings.identity.passkeysEmpty)).toBeVisible()
})

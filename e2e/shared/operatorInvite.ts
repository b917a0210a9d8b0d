// Invite codes as operators issue them (spec 2: 'PR' plus the member id, ids are strings such as a
// 24-character hexadecimal id), arriving the way each host delivers a deep link: what every host's
// operatorInvite.spec.ts starts from and checks at its end.
import type { Page } from '@playwright/test'
import { devPost, expect, freshPhone, localItem, phoneStepToProfile, test, type Strings } from '../fixtures'

export const HEX_CODE = 'PR5f8d0d55b54764421b7156c9'

/** Registration without the OTP step, on a server the page fixture has just reset. */
export function registerWithoutOtp(): void {
  test.beforeEach(async ({ page, request }) => {
    expect(page.url()).toBe('about:blank') // the page fixture reset the server first
    await devPost(request, '/dev/settings', { registerOTP: false })
  })
}

/** The wizard opened on the invite: the code said, kept, and locked in the profile step's field as issued. */
export async function expectLockedInviter(page: Page, strings: Strings & { register: { invitedBy: string } }): Promise<void> {
  await expect(page).toHaveURL(/\/register/)
  await expect(page.getByText(strings.register.invitedBy.replace('{{code}}', HEX_CODE))).toBeVisible()
  expect(await localItem(page, 'code')).toBe(HEX_CODE)
  await phoneStepToProfile(page, strings, freshPhone())
  const inviter = page.getByLabel(strings.fields.inviteCode)
  await expect(inviter).toHaveValue(HEX_CODE)
  await expect(inviter).toHaveJSProperty('readOnly', true)
}

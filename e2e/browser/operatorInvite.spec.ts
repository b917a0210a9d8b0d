// Invite codes as operators issue them (spec 2: 'PR' plus the member id, ids are strings such as a
// 24-character hexadecimal id), arriving the way each host delivers a deep link.
import type { Page } from '@playwright/test'

import { devPost, expect, freshPhone, localItem, phoneStepToProfile, test, type Strings } from '../fixtures'

const HEX_CODE = 'PR5f8d0d55b54764421b7156c9'

test.beforeEach(async ({ page, request }) => {
  expect(page.url()).toBe('about:blank') // the page fixture reset the server first
  await devPost(request, '/dev/settings', { registerOTP: false })
})

async function expectLockedInviter(page: Page, strings: Strings & { register: { invitedBy: string } }) {
  await expect(page).toHaveURL(/\/register/)
  await expect(page.getByText(strings.register.invitedBy.replace('{{code}}', HEX_CODE))).toBeVisible()
  expect(await localItem(page, 'code')).toBe(HEX_CODE)
  await phoneStepToProfile(page, strings, freshPhone())
  const inviter = page.getByLabel(strings.fields.inviteCode)
  await expect(inviter).toHaveValue(HEX_CODE)
  await expect(inviter).toHaveJSProperty('readOnly', true)
}

test('browser: a lower-case prefix is read as PR and the id keeps its case', async ({ page, open, strings }) => {
  await open(`/register?code=pr${HEX_CODE.slice(2)}`)
  await expectLockedInviter(page, strings)
})

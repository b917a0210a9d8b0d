// Invite codes as operators issue them (e2e/shared/operatorInvite.ts), arriving the way this host
// delivers a deep link.
import { test } from '../fixtures'
import { expectLockedInviter, HEX_CODE, registerWithoutOtp } from '../shared/operatorInvite'

registerWithoutOtp()

test('browser: a lower-case prefix is read as PR and the id keeps its case', async ({ page, open, strings }) => {
  await open(`/register?code=pr${HEX_CODE.slice(2)}`)
  await expectLockedInviter(page, strings)
})

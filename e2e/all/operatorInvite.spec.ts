// Invite codes as operators issue them (e2e/shared/operatorInvite.ts), arriving the way this host
// delivers a deep link.
import { test } from '../fixtures'
import { expectLockedInviter, HEX_CODE, registerWithoutOtp } from '../shared/operatorInvite'

registerWithoutOtp()

test('a register link with a hexadecimal member id keeps the code as issued', async ({ page, open, strings }) => {
  await open(`/register?code=${HEX_CODE}`)
  await expectLockedInviter(page, strings)
})

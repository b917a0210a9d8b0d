// Invite codes as operators issue them (e2e/shared/operatorInvite.ts), arriving the way this host
// delivers a deep link.
import { test } from '../fixtures'
import { expectLockedInviter, HEX_CODE, registerWithoutOtp } from '../shared/operatorInvite'

registerWithoutOtp()

test('LINE: a hexadecimal code packed in liff.state reaches the register wizard', async ({ page, open, strings }) => {
  await open(`/?liff.state=${encodeURIComponent(`/register?code=${HEX_CODE}`)}`)
  await expectLockedInviter(page, strings)
})

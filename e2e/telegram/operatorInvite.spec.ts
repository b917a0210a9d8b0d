// Invite codes as operators issue them (e2e/shared/operatorInvite.ts), arriving the way this host
// delivers a deep link.
import { telegramHash, test } from '../fixtures'
import { expectLockedInviter, HEX_CODE, registerWithoutOtp } from '../shared/operatorInvite'

registerWithoutOtp()

test('Telegram: a hexadecimal start_param opens the register wizard', async ({ page, strings }) => {
  await page.goto(`/${telegramHash({ startParam: HEX_CODE })}`)
  await expectLockedInviter(page, strings)
})

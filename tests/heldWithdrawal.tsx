// The screen tests of the password asked again (issue 31): a withdrawal the server holds for it
// (STEP_UP_REQUIRED once, then the withdrawal), with the shell's prompt beside the withdraw modal,
// taken to the point where the prompt is open. Each way of answering it (the password, a passkey,
// quick unlock) starts from here.
import { screen, within } from '@testing-library/react'
import { useSnapshot } from 'valtio'
import { stepUpPrompt } from '../src/api/identity/stepUp'
import StepUpPrompt from '../src/features/identity/StepUpPrompt'
import { WithdrawModal } from '../src/features/wallet/withdraw/WithdrawModal'
import { renderScreen, text, type Routes, type ScreenOptions } from './renderScreen'

/** The shell's part: the prompt while the store says it is open. */
export function PromptHost() {
  const { open } = useSnapshot(stepUpPrompt)
  return open ? <StepUpPrompt /> : null
}

/** The server's answer to the withdrawal once the password was given again. */
export const withdrawn = (amount: number) => ({
  message: 'SUCCESS',
  withdrawal: { id: 'w1', amount, currency: 'THB', status: 'requested', createdAt: '2026-01-01T00:00:00Z', destination: { bankCode: 'KBANK', bankAccountName: 'DEMO PLAYER', bankAccountNo: '1234567890' } },
  wallet: { amount: 500 - amount, currency: 'THB' },
})

/** 300 asked for out of 500; the withdrawal held once, then made. `more`: the prompt's own routes. */
export async function withdrawHeld(options: Pick<ScreenOptions, 'config' | 'setup' | 'platform'>, more: Routes) {
  let asked = 0
  const screenApi = await renderScreen(<><WithdrawModal open onClose={() => undefined} /><PromptHost /></>, {
    path: '/user/home',
    ...options,
    config: { idempotencyKeys: true, ...options.config },
    api: {
      'GET /api/wallet': { profile: { _id: '7', name: 'Somchai', username: '0812345678', coin: 0 }, bankAccount: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI', bankAccountNo: '1234567890', bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' } }, wallet: { amount: 500, currency: 'THB' }, invite: { amount: 0, success: 0, fail: 0 }, slots: [] },
      'GET /api/lookup/withdraw': { withdrawMin: 100, withdrawMax: 2000 },
      'GET /api/bonus/check/active': { status: false, type: null },
      'POST /api/wallet/withdrawAll': () => (asked++ === 0 ? [403, { message: 'STEP_UP_REQUIRED' }] : withdrawn(300)),
      ...more,
    },
  })
  const { user } = screenApi
  const modal = await screen.findByRole('dialog', { name: text('withdraw.title') })
  await within(modal).findByText(text('withdraw.enterAmount'))
  await user.type(within(modal).getByLabelText(text('withdraw.amount')), '300')
  await user.click(within(modal).getByRole('button', { name: text('withdraw.next') }))
  await user.click(within(modal).getByRole('button', { name: text('withdraw.confirm') }))
  const prompt = await screen.findByRole('dialog', { name: text('stepUp.title') })
  return { ...screenApi, modal, prompt }
}

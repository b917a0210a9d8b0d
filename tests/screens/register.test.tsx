// The register wizard as a player goes through it (spec 2 "Register", 4, 5, 8), one step at a
// time: step 1 phone, step 2 OTP, step 3 profile, step 4 bank.
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { RegisterScreen } from '../../src/app/register'
import { type Call, operatorOnly, renderScreen, text, type Routes, type Screen, type ScreenOptions } from '../renderScreen'

const BANKS = [
  { code: 'KBANK', nameTH: 'กสิกรไทย', nameEN: 'Kasikorn' },
  { code: 'KTB', nameTH: 'กรุงไทย', nameEN: 'Krung Thai' },
  { code: 'BCEL', nameTH: 'BCEL', nameEN: 'BCEL' },
]

/** The reference server's happy answers; a test overrides the one it is about. */
const happy = (registerOTP: boolean): Routes => ({
  'GET /api/lookup/registerOTP': { registerOTP },
  'GET /api/lookup/sources': [{ code: 'FB', description: 'Facebook' }],
  'GET /api/lookup/banks': BANKS,
  'POST /api/otp/send': { code: 'OK', otpRef: 'ABCD', otpToken: 'otp-token' },
  'POST /api/otp/verify': { code: 'OTP_CODE_VALID' },
  'POST /api/account/validate': { message: 'OK' },
  'POST /api/account': { message: 'OK' },
})

async function openWizard(options: ScreenOptions & { registerOTP?: boolean } = {}): Promise<Screen> {
  const { registerOTP = false, api, ...rest } = options
  return renderScreen(<RegisterScreen />, { path: '/register', ...rest, api: { ...happy(registerOTP), ...api } })
}

const heading = (key: string) => screen.findByRole('heading', { name: text(key) })
const field = (key: string) => screen.getByLabelText(text(key), { selector: 'input, select' })
const next = (wizard: Screen) => wizard.user.click(screen.getByRole('button', { name: text('common.next') }))
const posted = (wizard: Screen, url: string) => wizard.calls.filter((call) => call.method === 'POST' && call.url === url)
const noToast = () => expect(document.querySelectorAll('.toast')).toHaveLength(0)

async function phoneStep(wizard: Screen, phone = '0812345678') {
  await heading('register.step1Title')
  await wizard.user.type(field('fields.phone'), phone)
  await next(wizard)
}

/** Fills step 3 as a player would, and sends it for the server's check. */
async function sendProfile(wizard: Screen) {
  await heading('register.step3Title')
  await wizard.user.type(field('fields.name'), 'somchai')
  await wizard.user.type(field('fields.password'), 'secret99')
  await wizard.user.type(field('fields.confirmPassword'), 'secret99')
  await next(wizard)
}

async function profileStep(wizard: Screen) {
  await sendProfile(wizard)
  await heading('register.step4Title')
  // The bank step is ready once its list of banks has come.
  await waitFor(() => expect(field('fields.bank')).not.toHaveTextContent(text('common.loading')))
}

describe('step 1: phone', () => {
  it('wants 10 digits in the Thai variant before any call', async () => {
    const wizard = await openWizard({ registerOTP: true })
    await phoneStep(wizard, '081234567')
    expect(await screen.findByText(text('validation.phone10'))).toBeVisible()
    expect(posted(wizard, '/api/otp/send')).toEqual([])
  })

  it('states the Lao rule (8 to 15 digits) before the call, with a Lao example', async () => {
    const wizard = await openWizard({ registerOTP: true, variant: 'la' })
    await heading('register.step1Title')
    expect(field('fields.phone')).toHaveAttribute('placeholder', '020 5xxx xxxx')
    expect(screen.getByText(text('register.phoneHint.la'))).toBeVisible()
    await phoneStep(wizard, '0205551')
    expect(await screen.findByText(text('validation.phoneLao'))).toBeVisible()
    expect(posted(wizard, '/api/otp/send')).toEqual([])
    await wizard.user.type(field('fields.phone'), '2')
    await next(wizard)
    await heading('register.step2Title')
    expect(posted(wizard, '/api/otp/send')[0].body).toEqual({ phoneNumber: '02055512' })
  })

  it('shows a refusal under the field, without a toast', async () => {
    const wizard = await openWizard({ registerOTP: true, api: { 'POST /api/otp/send': [409, { message: 'EXISTING_USER' }] } })
    await phoneStep(wizard)
    expect(await screen.findByText(text('errors.EXISTING_USER'))).toBeVisible()
    expect(screen.getByRole('heading', { name: text('register.step1Title') })).toBeVisible()
    noToast()
  })

  it('stays on step 1 when a 200 answer carries an error code', async () => {
    const wizard = await openWizard({ registerOTP: true, api: { 'POST /api/otp/send': operatorOnly({ code: 'REQUEST_LIMIT_1MIN', otpRef: '', otpToken: '' }, 'an operator may answer 200 with an error code in the body') } })
    await phoneStep(wizard)
    expect(await screen.findByText(text('errors.REQUEST_LIMIT_1MIN'))).toBeVisible()
    expect(screen.getByRole('heading', { name: text('register.step1Title') })).toBeVisible()
  })

  it('skips the code for a number verified already (any case)', async () => {
    const wizard = await openWizard({ registerOTP: true, api: { 'POST /api/otp/send': operatorOnly({ code: 'otp_verified', otpRef: '', otpToken: '' }, 'an operator may send the code in lower case') } })
    await phoneStep(wizard)
    await heading('register.step3Title')
  })

  it('goes straight to the profile when OTP registration is off', async () => {
    const wizard = await openWizard({ registerOTP: false })
    await phoneStep(wizard)
    await heading('register.step3Title')
    expect(posted(wizard, '/api/otp/send')).toEqual([])
  })
})

describe('step 2: OTP', () => {
  async function toOtp(api: Routes = {}) {
    const wizard = await openWizard({ registerOTP: true, api })
    await phoneStep(wizard)
    await heading('register.step2Title')
    expect(screen.getByTestId('otp-ref')).toHaveTextContent('ABCD')
    return wizard
  }

  it('offers a new code after 60 s: sent, its reference replaces the old one, the code field is emptied and takes the focus, and the wait starts again', async () => {
    // The countdown's clock only (the answers and user-event keep real timers).
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    try {
      let sends = 0
      const wizard = await toOtp({
        'POST /api/otp/send': () => (++sends === 1 ? { code: 'OK', otpRef: 'ABCD', otpToken: 'otp-token' } : { code: 'OK', otpRef: 'EFGH', otpToken: 'otp-token-2' }),
      })
      expect(screen.getByRole('button', { name: text('register.resendIn', { seconds: 60 }) })).toRefusePresses()
      await wizard.user.type(field('fields.otp'), '12')
      act(() => vi.advanceTimersByTime(60_000))
      const resend = screen.getByRole('button', { name: text('register.resend') })
      expect(resend).not.toRefusePresses()
      // From the keyboard: the button waits once pressed, and the player is taken to the code field.
      resend.focus()
      await wizard.user.keyboard('{Enter}')
      await waitFor(() => expect(screen.getByTestId('otp-ref')).toHaveTextContent('EFGH'))
      expect(posted(wizard, '/api/otp/send').map((call) => call.body)).toEqual([{ phoneNumber: '0812345678' }, { phoneNumber: '0812345678', otpToken: 'otp-token' }])
      expect(screen.getByRole('status')).toHaveTextContent(text('register.otpResent'))
      expect(field('fields.otp')).toHaveValue('')
      expect(field('fields.otp')).toHaveFocus()
      expect(screen.getByRole('button', { name: text('register.resendIn', { seconds: 60 }) })).toRefusePresses()
    } finally {
      vi.useRealTimers()
    }
  })

  it('asks for the code', async () => {
    const wizard = await toOtp()
    await wizard.user.click(screen.getByRole('button', { name: text('register.verify') }))
    expect(screen.getByText(text('validation.required'))).toBeVisible()
    expect(posted(wizard, '/api/otp/verify')).toEqual([])
  })

  it('treats a 200 answer carrying OTP_CODE_INVALID as a wrong code', async () => {
    const wizard = await toOtp({ 'POST /api/otp/verify': operatorOnly({ code: 'OTP_CODE_INVALID' }, 'an operator may answer 200 with an error code in the body') })
    await wizard.user.type(field('fields.otp'), '000000')
    await wizard.user.click(screen.getByRole('button', { name: text('register.verify') }))
    expect(await screen.findByText(text('errors.OTP_CODE_INVALID'))).toBeVisible()
    expect(screen.getByRole('heading', { name: text('register.step2Title') })).toBeVisible()
    expect(posted(wizard, '/api/otp/verify')[0].body).toEqual({ otpToken: 'otp-token', otpCode: '000000' })
    noToast()
  })

  it('treats a 200 answer with no code as a failure', async () => {
    const wizard = await toOtp({ 'POST /api/otp/verify': operatorOnly({}, 'an operator may answer 200 without a code') })
    await wizard.user.type(field('fields.otp'), '123456')
    await wizard.user.click(screen.getByRole('button', { name: text('register.verify') }))
    expect(await screen.findByText(text('errors.OTP_VERIFY_FAIL'))).toBeVisible()
    expect(screen.getByRole('heading', { name: text('register.step2Title') })).toBeVisible()
  })

  it('shows an expired code under the field', async () => {
    const wizard = await toOtp({ 'POST /api/otp/verify': [400, { message: 'OTP_EXPIRED' }] })
    await wizard.user.type(field('fields.otp'), '123456')
    await wizard.user.click(screen.getByRole('button', { name: text('register.verify') }))
    expect(await screen.findByText(text('errors.OTP_EXPIRED'))).toBeVisible()
  })

  it('moves on when the code is valid (any case)', async () => {
    const wizard = await toOtp({ 'POST /api/otp/verify': operatorOnly({ code: 'otp_code_valid' }, 'an operator may send the code in lower case') })
    await wizard.user.type(field('fields.otp'), '123456')
    await wizard.user.click(screen.getByRole('button', { name: text('register.verify') }))
    await heading('register.step3Title')
  })
})

describe('the verified OTP token (issue 27: it registers the phone)', () => {
  async function verifyCode(wizard: Screen) {
    await heading('register.step2Title')
    await wizard.user.type(field('fields.otp'), '123456')
    await wizard.user.click(screen.getByRole('button', { name: text('register.verify') }))
    await heading('register.step3Title')
  }

  it('goes with the profile check and the registration', async () => {
    const wizard = await openWizard({ registerOTP: true })
    await phoneStep(wizard)
    await verifyCode(wizard)
    await profileStep(wizard)
    expect(posted(wizard, '/api/account/validate')[0].body).toMatchObject({ username: '0812345678', otpToken: 'otp-token' })
    await wizard.user.selectOptions(field('fields.bank'), 'KBANK')
    await wizard.user.type(field('fields.bankAccountNo'), '1234567890')
    await wizard.user.type(field('fields.firstName'), 'somchai')
    await wizard.user.type(field('fields.lastName'), 'jaidee')
    await wizard.user.click(screen.getByRole('button', { name: text('register.submit') }))
    await screen.findByRole('heading', { name: text('register.successTitle') })
    expect(posted(wizard, '/api/account')[0].body).toMatchObject({ username: '0812345678', otpToken: 'otp-token' })
  })

  it('is kept over a reload: step 1 sends it, and the verified phone skips the code', async () => {
    const wizard = await openWizard({
      registerOTP: true,
      api: {
        // Only the holder of the verified token skips the code, as the reference server answers.
        'POST /api/otp/send': ({ body }: Call) => (body as { otpToken?: string }).otpToken === 'otp-token' && posted(wizard, '/api/otp/verify').length > 0
          ? { code: 'OTP_VERIFIED', otpRef: '', otpToken: '' }
          : { code: 'OK', otpRef: 'ABCD', otpToken: 'otp-token' },
      },
    })
    await phoneStep(wizard)
    expect(posted(wizard, '/api/otp/send')[0].body).toEqual({ phoneNumber: '0812345678' })
    await verifyCode(wizard)
    wizard.remount()
    await heading('register.step1Title')
    expect(field('fields.phone')).toHaveValue('0812345678')
    await next(wizard)
    await heading('register.step3Title')
    expect(posted(wizard, '/api/otp/send')[1].body).toEqual({ phoneNumber: '0812345678', otpToken: 'otp-token' })
    expect(posted(wizard, '/api/otp/verify')).toHaveLength(1)
    await profileStep(wizard)
    expect(posted(wizard, '/api/account/validate')[0].body).toMatchObject({ otpToken: 'otp-token' })
  })
})

describe('step 3: profile', () => {
  it('asks for the name and passwords, and a matching confirmation', async () => {
    const wizard = await openWizard()
    await phoneStep(wizard)
    await heading('register.step3Title')
    await next(wizard)
    expect(screen.getAllByText(text('validation.required'))).toHaveLength(3)
    await wizard.user.type(field('fields.name'), 'somchai')
    expect(field('fields.name')).toHaveValue('SOMCHAI')
    await wizard.user.type(field('fields.password'), 'secret99')
    await wizard.user.type(field('fields.confirmPassword'), 'secret98')
    await next(wizard)
    expect(screen.getByText(text('validation.passwordMismatch'))).toBeVisible()
    expect(posted(wizard, '/api/account/validate')).toEqual([])
  })

  it('wants a password of at least 8 characters before any call, under the field, keeping what was typed (issue 27)', async () => {
    const wizard = await openWizard()
    await phoneStep(wizard)
    await heading('register.step3Title')
    await wizard.user.type(field('fields.name'), 'somchai')
    await wizard.user.type(field('fields.password'), 'secret9')
    await wizard.user.type(field('fields.confirmPassword'), 'secret9')
    await next(wizard)
    const error = await screen.findByText(text('errors.PASSWORD_TOO_SHORT'))
    expect(error).toBeVisible()
    expect(field('fields.password')).toHaveAttribute('aria-describedby', error.id)
    expect(field('fields.password')).toHaveValue('secret9')
    expect(field('fields.confirmPassword')).toHaveValue('secret9')
    expect(posted(wizard, '/api/account/validate')).toEqual([])
    // One more character and the step goes on.
    await wizard.user.type(field('fields.password'), '9')
    expect(screen.queryByText(text('errors.PASSWORD_TOO_SHORT'))).not.toBeInTheDocument()
    await wizard.user.type(field('fields.confirmPassword'), '9')
    await next(wizard)
    await heading('register.step4Title')
    expect(posted(wizard, '/api/account/validate')[0].body).toMatchObject({ password: 'secret99' })
  })

  it.each(['th', 'la'] as const)('says the password rule in %s', async (language) => {
    const wizard = await openWizard({ language })
    await phoneStep(wizard)
    await heading('register.step3Title')
    await wizard.user.type(field('fields.password'), 'abc')
    await next(wizard)
    expect(await screen.findByText(text('errors.PASSWORD_TOO_SHORT'))).toBeVisible()
    expect(text('errors.PASSWORD_TOO_SHORT')).toContain('8')
    expect(text('errors.PASSWORD_TOO_SHORT')).not.toMatch(/[A-Za-z]/)
  })

  it("shows the server's PASSWORD_TOO_SHORT under the password", async () => {
    const wizard = await openWizard({ api: { 'POST /api/account/validate': [400, { message: 'PASSWORD_TOO_SHORT' }] } })
    await phoneStep(wizard)
    await sendProfile(wizard)
    const error = await screen.findByText(text('errors.PASSWORD_TOO_SHORT'))
    expect(field('fields.password')).toHaveAttribute('aria-describedby', error.id)
    noToast()
  })

  it('shows the server refusal on the form, without a toast', async () => {
    const wizard = await openWizard({ api: { 'POST /api/account/validate': [409, { message: 'EXISTING_USER' }] } })
    await phoneStep(wizard)
    await sendProfile(wizard)
    expect(await screen.findByRole('alert')).toHaveTextContent(text('errors.EXISTING_USER'))
    noToast()
  })

  it('locks the inviter from an invite link, and unlocks it when the server does not know it', async () => {
    const wizard = await openWizard({ path: '/register?code=PR123', api: { 'POST /api/account/validate': [400, { message: 'INVALID_USER_INFO' }] } })
    await heading('register.step1Title')
    expect(screen.getByText(text('register.invitedBy', { code: 'PR123' }))).toBeVisible()
    await phoneStep(wizard)
    await heading('register.step3Title')
    const inviter = field('fields.inviteCode')
    expect(inviter).toHaveValue('PR123')
    expect(inviter).toHaveAttribute('readonly')
    expect(screen.getByText(text('register.inviterFromLink'))).toBeVisible()
    await wizard.user.type(inviter, '9')
    expect(inviter).toHaveValue('PR123')

    await sendProfile(wizard)
    expect(await screen.findByText(text('errors.INVALID_USER_INFO'))).toBeVisible()
    expect(posted(wizard, '/api/account/validate')[0].body).toMatchObject({ inviteCode: 'PR123', username: '0812345678' })
    expect(field('fields.inviteCode')).not.toHaveAttribute('readonly')
    await wizard.user.clear(field('fields.inviteCode'))
    expect(field('fields.inviteCode')).toHaveValue('')
  })
})

describe('step 4: bank', () => {
  async function toBank(options: ScreenOptions = {}) {
    const wizard = await openWizard(options)
    await phoneStep(wizard, options.variant === 'la' ? '02055512345' : '0812345678')
    await profileStep(wizard)
    return wizard
  }

  it('asks for every bank field', async () => {
    const wizard = await toBank()
    await wizard.user.click(screen.getByRole('button', { name: text('register.submit') }))
    expect(screen.getAllByText(text('validation.required'))).toHaveLength(4)
    expect(posted(wizard, '/api/account')).toEqual([])
  })

  it('states the account-number rule (6 to 20 digits) before the call', async () => {
    const wizard = await toBank()
    await wizard.user.selectOptions(field('fields.bank'), 'KBANK')
    await wizard.user.type(field('fields.bankAccountNo'), '12345')
    await wizard.user.type(field('fields.firstName'), 'somchai')
    await wizard.user.type(field('fields.lastName'), 'jaidee')
    await wizard.user.click(screen.getByRole('button', { name: text('register.submit') }))
    expect(screen.getByText(text('validation.accountNumberLength'))).toBeVisible()
    expect(posted(wizard, '/api/account')).toEqual([])
    await wizard.user.type(field('fields.bankAccountNo'), '6')
    expect(screen.queryByText(text('validation.accountNumberLength'))).not.toBeInTheDocument()
    await wizard.user.click(screen.getByRole('button', { name: text('register.submit') }))
    await waitFor(() => expect(posted(wizard, '/api/account')).toHaveLength(1))
  })

  it('takes up to 20 digits, as the server does', async () => {
    const wizard = await toBank()
    await wizard.user.type(field('fields.bankAccountNo'), '1234567890123456789012')
    expect(field('fields.bankAccountNo')).toHaveValue('12345678901234567890')
  })

  it('needs an English account name for KTB', async () => {
    const wizard = await toBank()
    await wizard.user.selectOptions(field('fields.bank'), 'KTB')
    expect(screen.getByText(text('register.englishNameHint'))).toBeVisible()
    await wizard.user.type(field('fields.bankAccountNo'), '1234567890')
    await wizard.user.type(field('fields.firstName'), 'สมชาย')
    await wizard.user.type(field('fields.lastName'), 'ใจดี')
    await wizard.user.click(screen.getByRole('button', { name: text('register.submit') }))
    expect(screen.getByText(text('validation.bankNameEnglish'))).toBeVisible()
    expect(posted(wizard, '/api/account')).toEqual([])
  })

  it('shows a used bank account on the form, without a toast', async () => {
    const wizard = await toBank({ api: { 'POST /api/account': [409, { message: 'EXISTING_BANK' }] } })
    await wizard.user.selectOptions(field('fields.bank'), 'KBANK')
    await wizard.user.type(field('fields.bankAccountNo'), '1234567890')
    await wizard.user.type(field('fields.firstName'), 'somchai')
    await wizard.user.type(field('fields.lastName'), 'jaidee')
    await wizard.user.click(screen.getByRole('button', { name: text('register.submit') }))
    expect(await screen.findByRole('alert')).toHaveTextContent(text('errors.EXISTING_BANK'))
    noToast()
  })

  it('registers in the Lao variant with the chosen currency, then goes to /login after 2 s', async () => {
    const wizard = await toBank({ variant: 'la' })
    await wizard.user.selectOptions(field('fields.bank'), 'BCEL')
    await wizard.user.type(field('fields.bankAccountNo'), '010120001234567890')
    await wizard.user.type(field('fields.firstName'), 'nok')
    await wizard.user.type(field('fields.lastName'), 'sy')
    await wizard.user.click(screen.getByRole('radio', { name: text('currency.BAHT') }))
    // The page's timers on a clock the test moves (user-event keeps its own): the success stays its
    // 2 s to the millisecond on any machine, and the test waits none of it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      fireEvent.click(screen.getByRole('button', { name: text('register.submit') }))
      // The timers already due run (TanStack Query tells its observers on one), the clock standing still.
      while (!screen.queryByRole('heading', { name: text('register.successTitle') })) await act(() => vi.advanceTimersByTimeAsync(0))
      expect(posted(wizard, '/api/account')[0].body).toEqual({
        name: 'SOMCHAI', username: '02055512345', password: 'secret99', sourceCode: '', inviteCode: '',
        bankCode: 'BCEL', bankAccountName: 'NOK SY', bankAccountNo: '010120001234567890', currency: 'BAHT',
      })
      // Spec 9: two seconds, not a moment less (the way back through the steps not even begun).
      const back = vi.spyOn(window.history, 'go')
      await act(() => vi.advanceTimersByTimeAsync(1999))
      expect(back).not.toHaveBeenCalled()
      expect(wizard.location()).toBe('/register')
      await act(() => vi.advanceTimersByTimeAsync(1))
      // It unwinds the wizard's steps first: history.go, whose popstate jsdom sends on a timer of its own.
      await vi.waitFor(() => expect(wizard.location()).toBe('/login'), { interval: 5 })
      back.mockRestore()
    } finally {
      vi.useRealTimers()
    }
  })
})

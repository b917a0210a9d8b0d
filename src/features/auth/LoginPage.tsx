import { storageKeys } from '../../lib/storage'
import { Suspense, useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { subscribe } from 'valtio'
import { Link, useLocation, useSearchParams } from 'wouter'
import { getConfig } from '../../api/config'
import { errorMessage } from '../../api/errors'
import { paths } from '../../../contract/lib/paths'
import { useSubmit } from '../../api/useSubmit'
import { phoneRule, required } from '../../../contract/lib/validation'
import { forgetEndedReason, session, signIn } from '../../state/session'
import { Button } from '../../ui/Button'
import { PasswordField, PhoneField } from '../../ui/Field'
import { Spinner } from '../../ui/Loader'
import { HeldWhileChecking } from '../../ui/ReservedSkeleton'
import { useLogin } from './api'
import { REGISTERED_PHONE, safeRedirect } from './redirect'
import { passkeysOffered } from '../../api/identity/passkeysOffered'
import { ownQuickUnlockId, quickUnlockOffered } from '../../api/identity/quickUnlockOffered'
import type { LoginResponse } from '../../../contract/auth'
import type { MessengerProvider } from '../../../contract/identity'
import type { PhoneOffer } from './register/stepProps'
import { usePlatform } from '../../platform'
import type { BiometricVault } from '../../platform/types'
import { useTakeOverPrerendered } from '../../ui/prerendered'

/** The messenger signing the player in before the form (issue 31), as identity's hook tells it. */
export interface MessengerSignIn {
  /** The messenger being asked while the form waits behind it; null once the form is the player's. */
  waitingFor: MessengerProvider | null
  /** The player typed, or signed in with the password: a late answer is ignored. */
  abandon: () => void
}

/** The ways in besides the password (issue 31), drawn by the identity feature and handed in by the
 *  app (src/app/identity.tsx): a passkey where passkeys are offered, quick unlock inside Telegram
 *  where it is offered (each lazy, so /login's first load carries neither nor WebAuthn), the
 *  messenger's own sign-in (`useMessenger`, a hook: the same one at every render), and the
 *  Telegram phone offer. */
export interface SignInWays {
  Passkey: ComponentType<{ onSignedIn: (answer: LoginResponse) => void }>
  QuickUnlock: ComponentType<{ biometry: BiometricVault; onSignedIn: (answer: LoginResponse) => void; first?: boolean }>
  useMessenger: (landing: () => string) => MessengerSignIn
  PhoneOffer: PhoneOffer
}

/** The phone the registration wizard handed over in the history state, or ''. */
function registeredPhoneInHistory(): string {
  const state: unknown = window.history.state
  const phone = state && typeof state === 'object' && REGISTERED_PHONE in state ? (state as Record<string, unknown>)[REGISTERED_PHONE] : ''
  return typeof phone === 'string' ? phone : ''
}

export function LoginPage({ ways }: { ways: SignInWays }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [params] = useSearchParams()
  const { variant } = getConfig()
  useTakeOverPrerendered(paths.login)
  // Straight from registration (issue 29): the phone filled in, the password field focused.
  const [registeredPhone] = useState(registeredPhoneInHistory)
  const [phone, setPhone] = useState(registeredPhone)
  const [password, setPassword] = useState('')
  const passwordInput = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const input = passwordInput.current
    if (!registeredPhone || !input) return
    // The form is inert while the guard checks the service (LoginGuard): focused once it is not.
    const holder = input.closest('[inert]')
    if (!holder) return input.focus()
    const shown = new MutationObserver(() => {
      if (holder.hasAttribute('inert')) return
      shown.disconnect()
      input.focus()
    })
    shown.observe(holder, { attributes: true, attributeFilter: ['inert'] })
    return () => shown.disconnect()
  }, [registeredPhone])
  // Unchecked on a device never signed in on; else the choice of the last sign-in here (issue 17).
  const [remember, setRemember] = useState(() => localStorage.getItem(storageKeys.rememberMe) === '1')
  const [fieldErrors, setFieldErrors] = useState<{ phone?: string; password?: string }>({})
  const loginMutation = useLogin()
  const submit = useSubmit(loginMutation)
  const messenger = ways.useMessenger(() => safeRedirect(params.get('redirect')))
  const waitingFor = messenger.waitingFor
  const { host, platform, ready: platformReady } = usePlatform()
  // Issue 31: a phone that turned quick unlock on (its own record says so) is offered it first, in a
  // place held from the first paint so nothing moves when Telegram answers; elsewhere the offer
  // waits below the form for Telegram to say a secret is kept.
  const [quickUnlockFirst] = useState(() =>
    host === 'telegram' && getConfig().identity?.telegram === true && ownQuickUnlockId() !== null)
  const quickUnlock = !waitingFor && platformReady && quickUnlockOffered(platform.kind, platform.biometry) ? platform.biometry : null
  // Why the server ended the last session (spec 8): shown once, until the player types or tries
  // again. Taken from the store, so neither a later visit nor a reload shows it again.
  const [endedReason, setEndedReason] = useState(() => session.endedReason)
  useEffect(() => {
    forgetEndedReason()
    return subscribe(session, () => {
      if (!session.endedReason) return
      setEndedReason(session.endedReason)
      forgetEndedReason()
    })
  }, [])

  const clearErrors = () => {
    messenger.abandon()
    setFieldErrors({})
    setEndedReason(null)
    if (loginMutation.error) loginMutation.reset()
  }

  // A password or a passkey: the session is kept the same way, as the remember-me box says.
  const signedIn = ({ token, passwordChangeRequired }: LoginResponse) => {
    signIn(token, remember, { passwordChangeRequired: passwordChangeRequired === true })
    localStorage.setItem(storageKeys.rememberMe, remember ? '1' : '0')
    navigate(safeRedirect(params.get('redirect')), { replace: true })
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    messenger.abandon()
    setEndedReason(null)
    const phoneError = phoneRule(phone, variant)
    const passwordError = required(password)
    if (phoneError || passwordError) {
      setFieldErrors({ phone: phoneError ? t(phoneError) : undefined, password: passwordError ? t(passwordError) : undefined })
      return
    }
    submit(
      { username: phone, password },
      {
        onSuccess: signedIn,
      },
    )
  }

  return (
    <section className="card" aria-labelledby="login-title">
      <h1 id="login-title" className="auth-title">{t('login.title')}</h1>
      <p className="muted small auth-subtitle">{t('login.subtitle')}</p>
      {endedReason && <p className="notice notice--error" role="status">{errorMessage(endedReason)}</p>}
      {quickUnlockFirst && (
        <div className="button-slot auth-quick-unlock">
          {quickUnlock && <Suspense fallback={null}><ways.QuickUnlock biometry={quickUnlock} onSignedIn={signedIn} first /></Suspense>}
        </div>
      )}
      {/* The form's place is held while the guard checks the service (spec 2); the title shows at once. */}
      <HeldWhileChecking>
      {/* The messenger signing the player in (issue 31) holds the form's place: nothing moves when it shows. */}
      <div className={waitingFor ? 'reserved reserved--waiting' : 'reserved'} aria-busy={waitingFor ? true : undefined}>
      <form className="stack reserved__content auth-form" noValidate onSubmit={onSubmit} inert={!!waitingFor} aria-hidden={waitingFor ? true : undefined}>
        <PhoneField
          variant={variant}
          name="username"
          autoComplete="username"
          value={phone}
          error={fieldErrors.phone}
          onPhone={(typed) => {
            setPhone(typed)
            clearErrors()
          }}
        />
        <ways.PhoneOffer
          onPhone={({ phone: shared }) => {
            setPhone(shared)
            clearErrors()
          }}
        />
        <PasswordField
          ref={passwordInput}
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          // A refused sign-in is said in the line kept under the password (issue 29): nothing moves when it appears.
          error={fieldErrors.password ?? loginMutation.error?.message ?? null}
          onChange={(event) => {
            setPassword(event.target.value)
            clearErrors()
          }}
        />
        {/* One row, as a bank's sign-in has them: the form's button stays above the menu on a short phone. */}
        <div className="auth-options">
          <label className="checkbox">
            <input type="checkbox" checked={remember} onChange={(event) => {
              messenger.abandon()
              setRemember(event.target.checked)
            }} />
            <span>{t('login.remember')}</span>
          </label>
          <Link href={paths.contact} className="auth-forgot">{t('login.forgot')}</Link>
        </div>
        <Button type="submit" block pending={loginMutation.isPending}>
          {t('login.submit')}
        </Button>
      </form>
      {!waitingFor && platformReady && passkeysOffered(platform.kind) && (
        <Suspense fallback={null}><ways.Passkey onSignedIn={signedIn} /></Suspense>
      )}
      {!quickUnlockFirst && quickUnlock && (
        <Suspense fallback={null}><ways.QuickUnlock biometry={quickUnlock} onSignedIn={signedIn} /></Suspense>
      )}
      {waitingFor && (
        <div className="reserved__skeleton auth-messenger" role="status">
          <Spinner />
          <p>{t('login.messengerSigningIn', { messenger: t(`common.messenger.${waitingFor}`) })}</p>
          <Button type="button" variant="secondary" onClick={messenger.abandon}>{t('login.messengerUsePassword')}</Button>
        </div>
      )}
      </div>
      </HeldWhileChecking>
      <p className="center auth-switch">
        {t('login.noAccount')} <Link href={paths.register}>{t('login.toRegister')}</Link>
      </p>
    </section>
  )
}

import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearchParams } from 'wouter'
import { getConfig } from '../../api/config'
import { paths } from '../../app/paths'
import { useSubmit } from '../../api/useSubmit'
import { phoneInput, phoneRule, required } from '../../lib/validation'
import { signIn } from '../../state/session'
import { Button } from '../../ui/Button'
import { PasswordField, TextField } from '../../ui/Field'
import { useLogin } from './api'
import { safeRedirect } from './redirect'

export function LoginPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [params] = useSearchParams()
  const { variant } = getConfig()
  const [phone, setPhone] = useState('')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(true)
  const [fieldErrors, setFieldErrors] = useState<{ phone?: string; password?: string }>({})
  const loginMutation = useLogin()
  const submit = useSubmit(loginMutation)

  const clearErrors = () => {
    setFieldErrors({})
    if (loginMutation.error) loginMutation.reset()
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const phoneError = phoneRule(phone, variant)
    const passwordError = required(password)
    if (phoneError || passwordError) {
      setFieldErrors({ phone: phoneError ? t(phoneError) : undefined, password: passwordError ? t(passwordError) : undefined })
      return
    }
    submit(
      { username: phone, password },
      {
        onSuccess: ({ token }) => {
          signIn(token, remember)
          navigate(safeRedirect(params.get('redirect')), { replace: true })
        },
      },
    )
  }

  return (
    <section className="card" aria-labelledby="login-title">
      <h1 id="login-title" className="auth-title">{t('login.title')}</h1>
      <p className="muted small auth-subtitle">{t('login.subtitle')}</p>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('fields.phone')}
          name="username"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          placeholder={t('fields.phonePlaceholder')}
          value={phone}
          error={fieldErrors.phone}
          onChange={(event) => {
            setPhone(phoneInput(event.target.value, variant))
            clearErrors()
          }}
        />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          error={fieldErrors.password}
          onChange={(event) => {
            setPassword(event.target.value)
            clearErrors()
          }}
        />
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span>{t('login.remember')}</span>
        </label>
        <p className="notice notice--error" role="alert" hidden={!loginMutation.error}>
          {loginMutation.error?.message}
        </p>
        <Button type="submit" block pending={loginMutation.isPending}>
          {t('login.submit')}
        </Button>
      </form>
      <p className="center auth-switch">
        {t('login.noAccount')} <Link href={paths.register}>{t('login.toRegister')}</Link>
      </p>
    </section>
  )
}

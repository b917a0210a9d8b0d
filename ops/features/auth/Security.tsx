// A staff member's own sign-in (issue 47): the password they choose after an admin's reset, the
// code from an authenticator app their role needs (set up once, by scanning a QR code or typing
// the secret), and a password change at any time. Until a setup the server asks for is done, the
// console shows only it (Staff.setup).
import { useId, useState, type FormEvent } from 'react'
import { OPS_PASSWORD_MIN_LENGTH, type Staff } from '../../../contract/ops'
import { say } from '../../lib/i18n'
import { useChangePassword, useConfirmTotp, useMe, useQrPath, useTotpSetup } from './api'
import { failureText } from '../../api/queryClient'


/** The setup the server asks for before anything else: the staff member's own password, then their code. */
export function Setup({ staff, onDone, onSignOut }: { staff: Staff; onDone: (staff: Staff) => void; onSignOut: () => void }) {
  const me = useMe()
  const reread = async () => onDone(await me.mutateAsync())
  return (
    <main className="login setup">
      <h1>{say('title')}</h1>
      <p>{say('signedInAs', { name: staff.name, role: say(`role_${staff.role}`) })}</p>
      {staff.setup === 'password' && (
        <>
          <h2>{say('setupPasswordTitle')}</h2>
          <p>{say('setupPasswordText')}</p>
          <PasswordChange onChanged={() => void reread()} />
        </>
      )}
      {staff.setup === 'totp' && <TotpEnrolment staff={staff} onEnrolled={onDone} />}
      <button type="button" className="secondary" onClick={onSignOut}>{say('signOut')}</button>
    </main>
  )
}

/**
 * The QR code of the authenticator's otpauth:// address, drawn as the app draws its own codes. Its
 * encoder is fetched with the setup only (a staff member sees it once), not with the console.
 */
function TotpQr({ uri }: { uri: string }) {
  const drawn = useQrPath(uri)
  if (!drawn.data) return <div className="totp-qr" aria-busy={!drawn.error || undefined} />
  const { size, d } = drawn.data
  return (
    <svg className="totp-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={say('totpQr')} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  )
}

/** Four letters a group, so the secret can be typed from the screen. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

function TotpEnrolment({ staff, onEnrolled }: { staff: Staff; onEnrolled: (staff: Staff) => void }) {
  // A new secret each time this is shown (the server keeps the last one shown until it is confirmed).
  const shown = useTotpSetup()
  const confirming = useConfirmTotp()
  const setup = shown.data
  const [code, setCode] = useState('')
  const [failed, setError] = useState<string>()
  const error = failed ?? (shown.error ? failureText(shown.error) : undefined)
  const [pending, setPending] = useState(false)
  const ids = { code: useId(), error: useId(), secret: useId() }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    const typed = code.replace(/\s/g, '')
    if (!/^[0-9]{6}$/.test(typed)) return setError(say('codeInvalid'))
    setPending(true)
    setError(undefined)
    try {
      onEnrolled(await confirming.mutateAsync(typed))
    } catch (failure) {
      // What was typed stays, to be corrected.
      setError(failureText(failure))
      setPending(false)
    }
  }

  return (
    <section aria-labelledby={`${ids.code}-title`}>
      <h2 id={`${ids.code}-title`}>{say('totpTitle')}</h2>
      <p>{say(staff.role === 'admin' ? 'totpTextAdmin' : 'totpTextEveryone')}</p>
      <ol className="steps">
        <li>{say('totpStepApp')}</li>
        <li>{say('totpStepScan')}</li>
        <li>{say('totpStepCode')}</li>
      </ol>
      {!setup && !shown.error && <p aria-busy="true">{say('loading')}</p>}
      {!setup && shown.error && <button type="button" onClick={() => void shown.refetch()}>{say('retry')}</button>}
      {setup && (
        <>
          <TotpQr uri={setup.uri} />
          <p id={ids.secret}>{say('totpSecret')} <code className="secret">{grouped(setup.secret)}</code></p>
        </>
      )}
      {error && <p className="error" role="alert" id={ids.error}>{error}</p>}
      <form onSubmit={submit} noValidate>
        <label htmlFor={ids.code}>{say('totpCode')}</label>
        <input id={ids.code} inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)}
          aria-describedby={error ? ids.error : undefined} disabled={!setup} />
        <button type="submit" disabled={pending || !setup} aria-busy={pending || undefined}>{say('totpConfirm')}</button>
      </form>
    </section>
  )
}

/** The staff member's own password: the current one, and a new one twice. */
export function PasswordChange({ onChanged }: { onChanged: () => void }) {
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', again: '' })
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const changing = useChangePassword()
  const ids = { old: useId(), new: useId(), again: useId(), error: useId() }
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((before) => ({ ...before, [key]: event.target.value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    if (!form.oldPassword) return setError(say('error_KEY_MISSING'))
    if (form.newPassword.length < OPS_PASSWORD_MIN_LENGTH) return setError(say('passwordShort', { length: OPS_PASSWORD_MIN_LENGTH }))
    if (form.newPassword !== form.again) return setError(say('passwordsDiffer'))
    setPending(true)
    setError(undefined)
    try {
      await changing.mutateAsync({ oldPassword: form.oldPassword, newPassword: form.newPassword })
      setForm({ oldPassword: '', newPassword: '', again: '' })
      setPending(false)
      onChanged()
    } catch (failure) {
      setError(failureText(failure))
      setPending(false)
    }
  }

  const described = error ? ids.error : undefined
  return (
    <form onSubmit={submit} className="decision" noValidate>
      {error && <p className="error" role="alert" id={ids.error}>{error}</p>}
      <label htmlFor={ids.old}>{say('currentPassword')}</label>
      <input id={ids.old} type="password" autoComplete="current-password" value={form.oldPassword} onChange={set('oldPassword')} aria-describedby={described} />
      <label htmlFor={ids.new}>{say('newPassword')}</label>
      <input id={ids.new} type="password" autoComplete="new-password" value={form.newPassword} onChange={set('newPassword')} aria-describedby={described} />
      <label htmlFor={ids.again}>{say('newPasswordAgain')}</label>
      <input id={ids.again} type="password" autoComplete="new-password" value={form.again} onChange={set('again')} aria-describedby={described} />
      <button type="submit" disabled={pending} aria-busy={pending || undefined}>{say('changePassword')}</button>
    </form>
  )
}

/** The console's own view of the signed-in staff member: their second factor and a password change. */
export function MySecurity({ me, notify }: { me: Staff; notify: (text: string, kind?: 'ok' | 'error') => void }) {
  return (
    <section aria-labelledby="security-title">
      <h2 id="security-title">{say('security')}</h2>
      <p>{say(me.totp ? 'totpOn' : 'totpOff')}</p>
      <h3>{say('changePassword')}</h3>
      <PasswordChange onChanged={() => notify(say('passwordChanged'))} />
    </section>
  )
}

import { useEffect, useRef, useState, type FormEvent } from 'react'
import { OpsError, session } from '../../api/call'
import { useSignIn } from './api'
import { say } from '../../lib/i18n'

/**
 * Staff sign in with their own username and password (never a member's), and, where they have one,
 * the code from their authenticator app: asked once the server says the password needs it.
 */
export function Login({ onSignedIn }: { onSignedIn: () => void }) {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [askCode, setAskCode] = useState(false)
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const codeInput = useRef<HTMLInputElement>(null)
  const signIn = useSignIn()
  useEffect(() => {
    if (askCode) codeInput.current?.focus()
  }, [askCode])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    const typedCode = code.replace(/\s/g, '')
    if (askCode && !/^[0-9]{6}$/.test(typedCode)) return setError(say('codeInvalid'))
    setPending(true)
    setError(undefined)
    try {
      const { token, staff } = await signIn.mutateAsync({ username: username.trim(), password, ...(askCode ? { code: typedCode } : {}) })
      session.save(token, staff)
      onSignedIn()
    } catch (failure) {
      setPending(false)
      if (failure instanceof OpsError && failure.code === 'TOTP_REQUIRED') {
        setAskCode(true)
        return
      }
      // What was typed stays, to be corrected.
      setError(failure instanceof OpsError ? failure.text : say('error_network'))
    }
  }

  return (
    <main className="login">
      <h1>{say('title')}</h1>
      <form onSubmit={submit} noValidate>
        <label>
          {say('username')}
          <input name="username" autoComplete="username" autoCapitalize="none" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </label>
        <label>
          {say('password')}
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </label>
        {askCode && (
          <label>
            {say('totpCode')}
            <input ref={codeInput} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
            <span className="hint">{say('totpCodeHint')}</span>
          </label>
        )}
        {error && <p className="error" role="alert">{error}</p>}
        <button type="submit" disabled={pending || !username.trim() || !password} aria-busy={pending || undefined}>{say('signIn')}</button>
      </form>
    </main>
  )
}

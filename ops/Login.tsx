import { useState, type FormEvent } from 'react'
import { opsEndpoints } from '../src/api/contract/ops'
import { call, OpsError, session } from './api'
import { say } from './i18n'

/** Staff sign in with their own username and password (never a member's). */
export function Login({ onSignedIn }: { onSignedIn: () => void }) {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    setPending(true)
    setError(undefined)
    try {
      const { token, staff } = await call(opsEndpoints.login, { body: { username: username.trim(), password } })
      session.save(token, staff)
      onSignedIn()
    } catch (failure) {
      // What was typed stays; only the password is asked again.
      setError(failure instanceof OpsError ? failure.text : say('error_network'))
      setPending(false)
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
        {error && <p className="error" role="alert">{error}</p>}
        <button type="submit" disabled={pending || !username.trim() || !password} aria-busy={pending || undefined}>{say('signIn')}</button>
      </form>
    </main>
  )
}

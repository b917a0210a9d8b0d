// Staff (admin): who may use the console and as what, and whether they sign in with a code; a new
// staff member; a role changed, access turned off or on, sessions ended, a sign-in reset (issue 47:
// a temporary password they change at once, their code removed). The server refuses to leave no
// active admin (LAST_ADMIN).
import { useId, useState, type FormEvent } from 'react'
import { OPS_PASSWORD_MIN_LENGTH, STAFF_USERNAME_PATTERN, staffRoles, type Staff, type StaffRole } from '../../../contract/ops'
import { OpsError } from '../../api/call'
import { say } from '../../lib/i18n'
import { CsvButton } from '../../ui/CsvButton'
import { ListState } from '../../ui/ListState'
import { useAddStaff, useChangeStaff, useEndStaffSessions, useResetStaff, useStaffList } from './api'

type Notify = (text: string, kind?: 'ok' | 'error') => void

export function StaffView({ me, notify }: { me: Staff; notify: Notify }) {
  const list = useStaffList()
  const change = useChangeStaff()
  const endSessions = useEndStaffSessions()
  const [resetting, setResetting] = useState<Staff>()
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work()
      notify(done)
    } catch (failure) {
      notify(failure instanceof OpsError ? failure.text : say('error_network'), 'error')
    }
  }
  return (
    <section aria-labelledby="staff-title">
      <h2 id="staff-title">{say('staff')}</h2>
      <ListState loaded={list} />
      <CsvButton file="staff.csv" disabled={!list.data} rows={() => [
        [say('col_id'), say('username'), say('name'), say('role'), say('signInWith'), say('col_active')],
        ...(list.data?.staff ?? []).map((person) => [person.id, person.username, person.name, person.role, person.totp ? 'totp' : 'password', person.active ? 1 : 0]),
      ]} />
      {list.data && (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="staff-title">
          <table className="staff-table">
            <thead><tr><th scope="col">{say('username')}</th><th scope="col">{say('name')}</th><th scope="col">{say('role')}</th><th scope="col">{say('signInWith')}</th><th scope="col">{say('access')}</th><th scope="col"><span className="visually-hidden">{say('actions')}</span></th></tr></thead>
            <tbody>
              {list.data.staff.map((person) => (
                <tr key={person.id}>
                  <td>{person.username}{person.id === me.id ? ` (${say('you')})` : ''}</td>
                  <td>{person.name}</td>
                  <td>
                    <select aria-label={say('roleOf', { name: person.username })} value={person.role}
                      onChange={(event) => void act(() => change.mutateAsync({ id: person.id, change: { role: event.target.value as StaffRole } }), say('saved'))}>
                      {staffRoles.map((role) => <option key={role} value={role}>{say(`role_${role}`)}</option>)}
                    </select>
                  </td>
                  <td>{say(person.totp ? 'withCode' : 'passwordOnly')}{person.setup ? ` · ${say(person.setup === 'password' ? 'mustChangePassword' : 'mustSetUpCode')}` : ''}</td>
                  <td>
                    <button type="button" className={person.active ? 'danger small' : 'small'}
                      onClick={() => void act(() => change.mutateAsync({ id: person.id, change: { active: !person.active } }), say('saved'))}>
                      {say(person.active ? 'deactivate' : 'activate')}
                    </button>
                  </td>
                  <td>
                    <button type="button" className="small" onClick={() => void act(() => endSessions.mutateAsync(person.id), say('sessionsEnded', { name: person.username }))}>
                      {say('endSessions')}
                    </button>{' '}
                    {/* One's own sign-in is not reset here (SELF_RESET): it is changed with the password. */}
                    {person.id !== me.id && <button type="button" className="small" onClick={() => setResetting(person)}>{say('resetSignIn')}</button>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {resetting && (
        <ResetForm key={resetting.id} person={resetting} onClose={() => setResetting(undefined)}
          onReset={() => { notify(say('signInReset', { name: resetting.username })); setResetting(undefined) }} />
      )}
      <NewStaffForm onAdded={(username) => notify(say('staffAdded', { name: username }))} />
    </section>
  )
}

/** A new temporary password for someone who lost theirs or their phone: they choose their own at the next sign-in. */
function ResetForm({ person, onReset, onClose }: { person: Staff; onReset: () => void; onClose: () => void }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const reset = useResetStaff()
  const ids = { password: useId(), title: useId() }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    if (password.length < OPS_PASSWORD_MIN_LENGTH) return setError(say('passwordShort', { length: OPS_PASSWORD_MIN_LENGTH }))
    setPending(true)
    setError(undefined)
    try {
      await reset.mutateAsync({ id: person.id, reset: { password } })
      onReset()
    } catch (failure) {
      setError(failure instanceof OpsError ? failure.text : say('error_network'))
      setPending(false)
    }
  }
  return (
    <form onSubmit={submit} className="decision" aria-labelledby={ids.title} noValidate>
      <h3 id={ids.title}>{say('resetSignInOf', { name: person.username })}</h3>
      <p>{say('resetSignInText')}</p>
      {error && <p className="error" role="alert">{error}</p>}
      <label htmlFor={ids.password}>{say('temporaryPassword')}</label>
      <input id={ids.password} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <div className="row">
        <button type="submit" className="danger" disabled={pending} aria-busy={pending || undefined}>{say('resetSignIn')}</button>
        <button type="button" className="secondary" onClick={onClose}>{say('cancel')}</button>
      </div>
    </form>
  )
}

function NewStaffForm({ onAdded }: { onAdded: (username: string) => void }) {
  const [form, setForm] = useState({ username: '', name: '', role: 'support' as StaffRole, password: '' })
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const add = useAddStaff()
  const ids = { username: useId(), name: useId(), role: useId(), password: useId() }
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((before) => ({ ...before, [key]: event.target.value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    const username = form.username.trim().toLowerCase()
    if (!new RegExp(STAFF_USERNAME_PATTERN).test(username)) return setError(say('usernameInvalid'))
    if (!form.name.trim()) return setError(say('error_KEY_MISSING'))
    if (form.password.length < OPS_PASSWORD_MIN_LENGTH) return setError(say('passwordShort', { length: OPS_PASSWORD_MIN_LENGTH }))
    setPending(true)
    setError(undefined)
    try {
      await add.mutateAsync({ ...form, username, name: form.name.trim() })
      setForm({ username: '', name: '', role: 'support', password: '' })
      onAdded(username)
    } catch (failure) {
      setError(failure instanceof OpsError ? failure.text : say('error_network'))
    }
    setPending(false)
  }

  return (
    <form onSubmit={submit} className="decision" aria-labelledby={`${ids.username}-title`}>
      <h3 id={`${ids.username}-title`}>{say('addStaff')}</h3>
      {error && <p className="error" role="alert">{error}</p>}
      <label htmlFor={ids.username}>{say('username')}</label>
      <input id={ids.username} autoComplete="off" autoCapitalize="none" value={form.username} onChange={set('username')} />
      <label htmlFor={ids.name}>{say('name')}</label>
      <input id={ids.name} autoComplete="off" value={form.name} onChange={set('name')} />
      <label htmlFor={ids.role}>{say('role')}</label>
      <select id={ids.role} value={form.role} onChange={set('role')}>
        {staffRoles.map((role) => <option key={role} value={role}>{say(`role_${role}`)}</option>)}
      </select>
      <label htmlFor={ids.password}>{say('password')}</label>
      <input id={ids.password} type="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
      <button type="submit" disabled={pending} aria-busy={pending || undefined}>{say('addStaff')}</button>
    </form>
  )
}

// The staff console (issue 33): sign-in, then the views the staff member's role may use. Queues
// are read again at each live event (live.ts), when the tab comes back into view, and every
// minute in case an event was missed.
import { useCallback, useEffect, useState } from 'react'
import { opsEndpoints, type Staff } from '../contract/ops'
import { Audit } from './features/audit/Audit'
import { Books } from './features/books/Books'
import { call, session, whenSignedOut } from './api/call'
import { say, setLanguage, useLanguage, type Language } from './lib/i18n'
import { useLive } from './api/live'
import { Inbox } from './features/chat/Inbox'
import { Login } from './features/auth/Login'
import { Members } from './features/members/Members'
import { MySecurity, Setup } from './features/auth/Security'
import { Slips } from './features/slips/Slips'
import { StaffView } from './features/staff/StaffView'
import { Withdrawals } from './features/withdrawals/Withdrawals'

type View = 'inbox' | 'members' | 'slips' | 'withdrawals' | 'books' | 'audit' | 'staff' | 'security'

const VIEWS: Record<Staff['role'], readonly View[]> = {
  support: ['inbox', 'members', 'security'],
  cashier: ['slips', 'withdrawals', 'books', 'security'],
  admin: ['slips', 'withdrawals', 'inbox', 'members', 'books', 'audit', 'staff', 'security'],
}

const REFRESH_MS = 60_000

export function App() {
  useLanguage()
  const [staff, setStaff] = useState(session.staff())
  useEffect(() => whenSignedOut(() => setStaff(null)), [])
  if (!staff) return <><LanguagePicker /><Login onSignedIn={() => setStaff(session.staff())} /></>
  // A setup the server asks for first (issue 47): their own password after a reset, their code.
  if (staff.setup) {
    return (
      <>
        <LanguagePicker />
        <Setup staff={staff} onDone={(next) => { session.update(next); setStaff(next) }} onSignOut={() => void signOut().then(() => setStaff(null))} />
      </>
    )
  }
  return <Console staff={staff} onSignedOut={() => setStaff(null)} />
}

async function signOut(): Promise<void> {
  await call(opsEndpoints.logout).catch(() => undefined)
  session.clear()
}

function LanguagePicker() {
  const language = useLanguage()
  return (
    <label className="language">
      {say('language')}{' '}
      <select value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
        <option value="th">ไทย</option>
        <option value="en">English</option>
      </select>
    </label>
  )
}

function Console({ staff, onSignedOut }: { staff: Staff; onSignedOut: () => void }) {
  const views = VIEWS[staff.role]
  const [view, setView] = useState<View | undefined>(views[0])
  const [version, setVersion] = useState(0)
  const [notice, setNotice] = useState<{ text: string; kind: 'ok' | 'error' }>()
  const refresh = useCallback(() => setVersion((n) => n + 1), [])

  useEffect(() => {
    const visible = () => document.visibilityState === 'visible' && refresh()
    document.addEventListener('visibilitychange', visible)
    const timer = window.setInterval(() => document.visibilityState === 'visible' && refresh(), REFRESH_MS)
    return () => {
      document.removeEventListener('visibilitychange', visible)
      window.clearInterval(timer)
    }
  }, [refresh])

  const connected = useLive(refresh)
  const notify = useCallback((text: string, kind: 'ok' | 'error' = 'ok') => setNotice({ text, kind }), [])

  return (
    <div className="console">
      <header>
        <h1>{say('title')}</h1>
        <p>{say('signedInAs', { name: staff.name, role: say(`role_${staff.role}`) })}</p>
        <span className={connected ? 'ok' : 'warning'}>{say(connected ? 'live' : 'offline')}</span>
        <LanguagePicker />
        <button type="button" onClick={() => void signOut().then(onSignedOut)}>{say('signOut')}</button>
      </header>
      {views.length > 0 && (
        <nav aria-label={say('title')}>
          {views.map((name) => (
            <button key={name} type="button" aria-current={name === view ? 'page' : undefined} onClick={() => setView(name)}>{say(name)}</button>
          ))}
        </nav>
      )}
      <p className={`notice ${notice?.kind ?? ''}`} role="status" aria-live="polite">{notice?.text ?? ''}</p>
      <main>
        {view === 'inbox' && <Inbox version={version} notify={notify} />}
        {view === 'members' && <Members />}
        {view === 'slips' && <Slips version={version} notify={notify} me={staff} />}
        {view === 'withdrawals' && <Withdrawals version={version} notify={notify} me={staff} />}
        {view === 'books' && <Books version={version} />}
        {view === 'audit' && <Audit version={version} />}
        {view === 'staff' && <StaffView version={version} me={staff} notify={notify} />}
        {view === 'security' && <MySecurity me={staff} notify={notify} />}
      </main>
    </div>
  )
}

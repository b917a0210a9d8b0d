// The staff console (issue 33): sign-in, then the views the staff member's role may use. Their
// server state is TanStack Query's (api/queryClient.ts): read again at each live event (live.ts),
// when the tab comes back into view, and the queues every minute in case an event was missed. The
// cache goes with the session: the next staff member at this desk reads nothing of the last one's.
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { opsEndpoints, type Staff } from '../contract/ops'
import { Audit } from './features/audit/Audit'
import { Books } from './features/books/Books'
import { call, session, whenSetupRequired, whenSignedOut } from './api/call'
import { say, setLanguage, useLanguage, type Language } from './lib/i18n'
import { useLive } from './api/live'
import { createOpsQueryClient, readAgainInLanguage, useForgottenWhenSignedOut } from './api/queryClient'
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

export function App() {
  useLanguage()
  const [staff, setStaff] = useState(session.staff())
  const [queryClient] = useState(createOpsQueryClient)
  useEffect(() => whenSignedOut(() => setStaff(null)), [])
  // The server asks for a setup this tab's staff record did not know of: read it again (GET me is
  // open to such a session), and the setup shows instead of a console whose every view is refused.
  useEffect(() => {
    // Views refused at once ask once; an answer for a session signed out meanwhile is dropped.
    let asking = false
    whenSetupRequired(() => {
      const token = session.token()
      if (asking || !token) return
      asking = true
      call(opsEndpoints.me).then((now) => {
        if (session.token() !== token) return
        session.update(now)
        setStaff(now)
      }).catch(() => undefined).finally(() => {
        asking = false
      })
    })
  }, [])
  useForgottenWhenSignedOut(queryClient, staff !== null)
  return <QueryClientProvider client={queryClient}><Screen staff={staff} setStaff={setStaff} /></QueryClientProvider>
}

/** The sign-in, the setup the server asks for first (issue 47: their own password after a reset,
 *  their code), or the console. */
function Screen({ staff, setStaff }: { staff: Staff | null; setStaff: (staff: Staff | null) => void }) {
  if (!staff) return <><LanguagePicker /><Login onSignedIn={() => setStaff(session.staff())} /></>
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
  const client = useQueryClient()
  return (
    <label className="language">
      {say('language')}{' '}
      <select value={language} onChange={(event) => { setLanguage(event.target.value as Language); readAgainInLanguage(client) }}>
        <option value="th">ไทย</option>
        <option value="la">ລາວ</option>
        <option value="en">English</option>
      </select>
    </label>
  )
}

function Console({ staff, onSignedOut }: { staff: Staff; onSignedOut: () => void }) {
  const views = VIEWS[staff.role]
  const [view, setView] = useState<View | undefined>(views[0])
  const [notice, setNotice] = useState<{ text: string; kind: 'ok' | 'error' }>()
  const connected = useLive()
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
        {view === 'inbox' && <Inbox notify={notify} />}
        {view === 'members' && <Members />}
        {view === 'slips' && <Slips notify={notify} me={staff} />}
        {view === 'withdrawals' && <Withdrawals notify={notify} me={staff} />}
        {view === 'books' && <Books />}
        {view === 'audit' && <Audit />}
        {view === 'staff' && <StaffView me={staff} notify={notify} />}
        {view === 'security' && <MySecurity me={staff} notify={notify} />}
      </main>
    </div>
  )
}

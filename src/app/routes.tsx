// The route table of spec 2 (history mode): one <Route> per screen, every path from paths.ts.
// Screens load lazily except login, the first screen most players see.
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { lazy, useState, type ComponentType } from 'react'
import { useSnapshot } from 'valtio'
import { Redirect, Route, Switch } from 'wouter'
import { ChatBubbleSlot } from '../features/chat/ChatBubbleSlot'
import { ensureAllStrings } from '../i18n/i18n'
import { session } from '../state/session'
import { LoginGuard, RequireAuth } from './guards'
import { LoginScreen } from './identity'
import { paths } from '../../contract/lib/paths'
import { PublicLayout } from './PublicLayout'

/** A lazy screen arrives together with its strings (the locale's `rest` part). */
function named<T extends string, P extends object = object>(load: () => Promise<Record<T, ComponentType<P>>>, name: T) {
  return lazy(() => Promise.all([load(), ensureAllStrings()]).then(([module]) => ({ default: module[name] })))
}

const RegisterScreen = named(() => import('./register'), 'RegisterScreen')
const HowtoPage = named(() => import('../features/info/HowtoPage'), 'HowtoPage')
const ContactPage = named(() => import('../features/info/ContactPage'), 'ContactPage')
const TerminatedPage = named(() => import('../features/info/TerminatedPage'), 'TerminatedPage')
const NotFoundPage = named(() => import('../features/info/NotFoundPage'), 'NotFoundPage')
// The member shell and its pages are one lazy group: none of it is needed to show /login.
const MemberLayout = named(() => import('./MemberLayout'), 'MemberLayout')
const HomeScreen = named(() => import('./home'), 'HomeScreen')
const ProfileScreen = named(() => import('./profile'), 'ProfileScreen')
const BonusPage = named(() => import('../features/bonus/BonusPage'), 'BonusPage')
const StatementPage = named(() => import('../features/statement/StatementPage'), 'StatementPage')

/** Home shows the wallet first: it is asked for while the member shell and the screen download,
 *  not after they have rendered (the query then finds it in the cache or on its way). The first
 *  render starts it: the app renders in a transition that commits only once the lazy screen has
 *  come, so an effect would start it no earlier than the screen's own query. */
const prefetchHome = (client: QueryClient) =>
  void import('../api/wallet').then(({ walletQuery }) => client.prefetchQuery(walletQuery()))

function Member({ page: Page, prefetch }: { page: ComponentType; prefetch?: (client: QueryClient) => void }) {
  const client = useQueryClient()
  useState(() => {
    if (session.token) prefetch?.(client)
  })
  return <RequireAuth><MemberLayout><Page /></MemberLayout></RequireAuth>
}

function Public({ page: Page }: { page: ComponentType }) {
  return <PublicLayout><Page /></PublicLayout>
}

/** An unknown address keeps the shell the player is in: a member's tab bar, or a guest's. */
function NotFound() {
  const signedIn = useSnapshot(session).token !== null
  return signedIn ? <MemberLayout><NotFoundPage /></MemberLayout> : <Public page={NotFoundPage} />
}

export function AppRoutes() {
  return (
    <Switch>
      {/* Spec 2: / -> /user -> /user/home, whose guard sends a guest to /login. Keyed, so a
          redirect that lands on another redirect runs again instead of being reused. */}
      <Route path={paths.root}><Redirect key={paths.root} to={paths.member.home} replace /></Route>
      <Route path={paths.member.root}><Redirect key={paths.member.root} to={paths.member.home} replace /></Route>

      <Route path={paths.login}><Public page={GuardedLogin} /></Route>
      <Route path={paths.register}><Public page={RegisterScreen} /></Route>
      <Route path={paths.howto}><Public page={HowtoPage} /></Route>
      <Route path={paths.contact}><Public page={ContactPage} /></Route>

      <Route path={paths.member.home}><Member page={HomeScreen} prefetch={prefetchHome} /></Route>
      <Route path={paths.member.profile}><Member page={ProfileScreen} /></Route>
      <Route path={paths.member.bonus}><Member page={BonusPage} /></Route>
      <Route path={paths.member.statement}><Member page={StatementPage} /></Route>
      <Route path={paths.member.contact}><Member page={ContactPage} /></Route>

      {/* Outside both shells; the chat as a guest's, with the contact, for a player who still has money. */}
      <Route path={paths.terminated}><TerminatedPage /><ChatBubbleSlot /></Route>
      <Route component={NotFound} />
    </Switch>
  )
}

function GuardedLogin() {
  return <LoginGuard><LoginScreen /></LoginGuard>
}

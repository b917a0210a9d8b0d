// The route table of spec 2 (history mode). One line per screen; screens load lazily except
// login, the first screen most players see.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { Redirect, Route, Switch } from 'wouter'
import { LoginPage } from '../features/auth/LoginPage'
import { ensureAllStrings } from '../i18n/i18n'
import { LoginGuard, RequireAuth } from './guards'
import { PublicLayout } from './PublicLayout'

type Page = ComponentType | LazyExoticComponent<ComponentType>
/** A lazy screen arrives together with its strings (the locale's `rest` part). */
function named<T extends string, P extends object = object>(load: () => Promise<Record<T, ComponentType<P>>>, name: T) {
  return lazy(() => Promise.all([load(), ensureAllStrings()]).then(([module]) => ({ default: module[name] })))
}

const RegisterPage = named(() => import('../features/auth/register/RegisterPage'), 'RegisterPage')
const HowtoPage = named(() => import('../features/info/HowtoPage'), 'HowtoPage')
const ContactPage = named(() => import('../features/info/ContactPage'), 'ContactPage')
const TerminatedPage = named(() => import('../features/info/TerminatedPage'), 'TerminatedPage')
const NotFoundPage = named(() => import('../features/info/NotFoundPage'), 'NotFoundPage')
// The member shell and its pages are one lazy group: none of it is needed to show /login.
const MemberLayout = named(() => import('./MemberLayout'), 'MemberLayout')
const HomePage = named(() => import('../features/wallet/HomePage'), 'HomePage')
const ProfilePage = named(() => import('../features/profile/ProfilePage'), 'ProfilePage')
const BonusPage = named(() => import('../features/bonus/BonusPage'), 'BonusPage')
const StatementPage = named(() => import('../features/statement/StatementPage'), 'StatementPage')

function GuardedLogin() {
  return <LoginGuard><LoginPage /></LoginGuard>
}

const publicPages: Record<string, Page> = {
  login: GuardedLogin,
  register: RegisterPage,
  howto: HowtoPage,
  contact: ContactPage,
}

const memberPages: Record<string, Page> = {
  home: HomePage,
  profile: ProfilePage,
  bonus: BonusPage,
  statement: StatementPage,
  contact: ContactPage,
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/"><Redirect to="/user" replace /></Route>
      <Route path="/terminated" component={TerminatedPage} />
      <Route path="/user"><Redirect to="/user/home" replace /></Route>
      <Route path="/user/:page">
        {({ page }) => {
          const Page = memberPages[page]
          return Page ? <RequireAuth><MemberLayout><Page /></MemberLayout></RequireAuth> : <NotFoundPage />
        }}
      </Route>
      <Route path="/:page">
        {({ page }) => {
          const Page = publicPages[page]
          return Page ? <PublicLayout><Page /></PublicLayout> : <NotFoundPage />
        }}
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  )
}

// One table of every screen of the route table (spec 2). The route-table test opens each path
// cold; the accessibility test walks the same screens (and their modals). A new screen is one
// new row here.
import type en from '../src/i18n/locales/en.json'
import { paths } from '../src/app/paths'
import { DEMO } from './fixtures'

export type Locale = typeof en

export type Access =
  /** A guest page: open with or without a token. */
  | 'public'
  /** /login and /register: spec 2 clears a stored token when the public shell opens them. */
  | 'account'
  /** A /user page: a guest goes to /login carrying the path. */
  | 'member'
  /** Outside both shells (/terminated, not-found). */
  | 'open'

export interface Screen {
  name: string
  path: string
  access: Access
  /** The screen's heading, as the player reads it. */
  heading: (strings: Locale) => string
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')

export const SCREENS: readonly Screen[] = [
  { name: 'login', path: paths.login, access: 'account', heading: (s) => s.login.title },
  { name: 'register', path: paths.register, access: 'account', heading: (s) => s.register.title },
  { name: 'howto', path: paths.howto, access: 'public', heading: (s) => s.howto.title },
  { name: 'contact', path: paths.contact, access: 'public', heading: (s) => s.contact.title },
  { name: 'home', path: paths.member.home, access: 'member', heading: (s) => fill(s.home.greeting, { name: DEMO.name }) },
  { name: 'profile', path: paths.member.profile, access: 'member', heading: (s) => s.profile.title },
  { name: 'bonus', path: paths.member.bonus, access: 'member', heading: (s) => s.member.bonus },
  { name: 'statement', path: paths.member.statement, access: 'member', heading: (s) => s.member.statement },
  { name: 'member contact', path: paths.member.contact, access: 'member', heading: (s) => s.contact.title },
  { name: 'terminated', path: paths.terminated, access: 'open', heading: (s) => s.terminated.title },
  { name: 'not found', path: '/no-such-page', access: 'open', heading: (s) => s.notFound.title },
]

/** Paths that only redirect (spec 2): `/` -> `/user` -> `/user/home`. */
export const REDIRECTS: readonly string[] = [paths.root, paths.member.root]

// Every path of the route table (spec 2), written once. A leaf module: anything may import it,
// it imports nothing.

export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  howto: '/howto',
  contact: '/contact',
  terminated: '/terminated',
  member: {
    root: '/user',
    home: '/user/home',
    profile: '/user/profile',
    bonus: '/user/bonus',
    statement: '/user/statement',
    contact: '/user/contact',
  },
} as const

/** /login carrying the URL the guard could not open yet. The member home is where sign-in goes
 *  anyway, so it is not carried. */
export function loginWith(redirect: string): string {
  const path = redirect.length > 1 ? redirect.replace(/\/+$/, '') : redirect
  if (path === paths.member.home || path === paths.member.root || path === paths.root) return paths.login
  return `${paths.login}?redirect=${encodeURIComponent(redirect)}`
}

/** /register with an inviter code, the invite link of spec 2. */
export const registerWith = (code: string): string => `${paths.register}?code=${encodeURIComponent(code)}`

/** The two root screens, and the two paths that only redirect to one (no flash of the button on
 *  the way): the Telegram back button is hidden there unless a modal is open. */
export const ROOT_SCREENS: readonly string[] = [paths.login, paths.member.home, paths.root, paths.member.root]

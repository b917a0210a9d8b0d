import { paths } from '../../../contract/lib/paths'

/** Where to land after sign-in: the wanted URL the guard carried, if it stays on this origin.
 *  (A path such as `/\evil.com` would be read by browsers as another host.) */
export function safeRedirect(wanted: string | null): string {
  if (!wanted || !wanted.startsWith('/')) return paths.member.root
  let target: URL
  try {
    target = new URL(wanted, window.location.origin)
  } catch {
    return paths.member.root
  }
  if (target.origin !== window.location.origin || target.pathname.startsWith(paths.login)) return paths.member.root
  return target.pathname + target.search + target.hash
}

/** The history state's field in which the registration wizard hands the phone it registered to /login. */
export const REGISTERED_PHONE = 'registeredPhone'

/** Where to land after sign-in: the wanted URL the guard carried, if it is one of ours. */
export function safeRedirect(wanted: string | null): string {
  if (!wanted || !wanted.startsWith('/') || wanted.startsWith('//') || wanted.startsWith('/login')) {
    return '/user'
  }
  return wanted
}

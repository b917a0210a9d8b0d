// The prerendered first screens of issue 32, as the build writes them (scripts/prerender.ts), the
// page shows them (src/prerender/show.ts), the server serves them (server/shared/http/static.ts)
// and the app takes them over (src/app/prerendered.ts).
import { paths } from './paths.ts'

/** The `<script type="application/json">` in which the reference server writes the runtime config
 *  into every page it serves (src/api/early.ts reads it). */
export const INLINE_CONFIG_ID = 'runtime-config'

/** The screens prerendered at build time, and the page file that carries each. The member home
 *  is its frame (labels, actions, the game rows' places), shown only with a session. */
export const PRERENDERED_PAGES: Record<string, string> = {
  [paths.login]: 'login.html',
  [paths.register]: 'register.html',
  [paths.member.home]: 'home.html',
}

/** The screen a path opens (spec 2: `/` and `/user` are the member home), and its page file. */
export function prerenderedScreenOf(path: string): string {
  return path === paths.root || path === paths.member.root ? paths.member.home : path
}

/** Where the page shows the prerendered screen, beside #root, until the app takes it over. */
export const PRERENDERED_ID = 'prerendered'

/** Each `<template>` holds one variant and language: `data-prerendered="th-la"`. */
export const TEMPLATE_ATTRIBUTE = 'data-prerendered'
export const templateKey = (variant: string, language: string): string => `${variant}-${language}`

/** Where the operator's app name goes in a template: the page fills it in from the runtime config. */
export const APP_NAME_MARK = '\u2063app-name\u2063'

/** The member home's frame words what the wallet answer and the kept sync time say with these
 *  strings, one set per template (`data-strings`), a mark where each value goes. */
export interface FrameStrings {
  greeting: string
  lastSync: string
}
export const VALUE_MARK = '\u2063value\u2063'

/** The form controls of a screen, in document order: the prerendered and the app's match one to one. */
export const FORM_CONTROLS = 'input, select, textarea'

/** What a page holds for a prerendered screen it does not show (no config in the page, another
 *  screen, a guest's home), taken away. */
export function leavePrerendered(): void {
  document.querySelectorAll(`template[${TEMPLATE_ATTRIBUTE}], #${PRERENDERED_ID}`).forEach((unused) => unused.remove())
}

// Build time only (scripts/prerender.ts runs it through Vite's SSR loader, in a jsdom window): the
// first screens of issue 32 as HTML, for every variant and language, from the app's own components,
// so the prerendered page and the screen React mounts over it are the same. Never in the app bundle.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { setPrerenderConfig } from '../api/config'
import type { RuntimeConfig, Variant } from '../../contract'
import { LoginGuard } from '../app/guards'
import { HomeScreen } from '../app/home'
import { MemberLayout } from '../app/MemberLayout'
import { PublicLayout } from '../app/PublicLayout'
import { LoginScreen } from '../app/identity'
import { RegisterScreen } from '../app/register'
import { changeLanguage, ensureAllStrings, i18n, initI18n } from '../i18n/i18n'
import type { Language } from '../../contract/lib/language'
import { paths } from '../../contract/lib/paths'
import { APP_NAME_MARK, type FrameStrings, VALUE_MARK } from '../../contract/lib/prerender'
import { loadPlatform } from '../platform'

/** The prerendered screens by path, each in its shell as the route draws it. */
export const PRERENDERED: Record<string, ComponentType> = {
  // The form's place held while the service check runs (the page shows the form when it answers).
  [paths.login]: () => <PublicLayout><LoginGuard><LoginScreen /></LoginGuard></PublicLayout>,
  [paths.register]: () => <PublicLayout><RegisterScreen /></PublicLayout>,
  // The frame of the member home: no member's data, so labels, actions and the places of what comes.
  [paths.member.home]: () => <MemberLayout><HomeScreen /></MemberLayout>,
}

let started = false

/** The words the member home's frame fills in later (src/prerender/homeFrame.ts), in the language in use. */
const frameStrings = (): FrameStrings => ({
  greeting: i18n.t('home.greeting', { name: VALUE_MARK }),
  lastSync: i18n.t('home.lastSync', { time: VALUE_MARK }),
})

/** The markup of `path`'s screen in its shell, in `language`, for `variant`; for the member home,
 *  the words its frame fills in later. */
export async function renderPrerendered(path: string, variant: Variant, language: Language): Promise<{ markup: string; strings?: FrameStrings }> {
  const config = { apiBase: '', variant, appName: APP_NAME_MARK, chat: null, line: null, telegram: null } as unknown as RuntimeConfig
  setPrerenderConfig(config)
  if (!started) {
    loadPlatform(config)
    await initI18n(language)
    await ensureAllStrings()
    started = true
  }
  await changeLanguage(language, { store: false })
  const Page = PRERENDERED[path]
  const client = new QueryClient()
  try {
    const markup = renderToString(
      <Router ssrPath={path}>
        <QueryClientProvider client={client}>
          <Page />
        </QueryClientProvider>
      </Router>,
      { identifierPrefix: 'p' },
    )
    // A component that throws on the server leaves its Suspense boundary to the client (React marks
    // it `<!--$!-->`): the page would go out as the bare frame, so the build stops here instead.
    if (markup.includes('<!--$!-->')) throw new Error(`The prerender of ${path} (${variant}, ${language}) fell back to the client: a component threw while rendering it on the server`)
    return { markup, strings: path === paths.member.home ? frameStrings() : undefined }
  } finally {
    // Its queries' garbage-collection timers would hold the build open for minutes.
    client.clear()
  }
}

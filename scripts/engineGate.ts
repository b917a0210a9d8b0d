// The engine gate (issue 48, README "Supported engines"): a classic script written in ES5, inlined
// first in every page's <head> by the prepaint plugin. On an engine older than the app supports
// (Chromium / Android WebView 112, Safari 16.4) it raises window.__walletUnsupported, which keeps
// the prepaint script, the prerendered screen and the app's start line from doing anything, and
// replaces the page with the update page: UPDATE_PAGE, written by the build in Thai, Lao and
// English, with no script at all. The gate is a string rather than a module so that the build
// cannot give it syntax the old engine would not parse, and the words stay out of every page
// (160 bytes a page instead of the 1.1 KB the three languages' words cost gzipped).
import en from '../contract/locales/en.json' with { type: 'json' }
import la from '../contract/locales/la.json' with { type: 'json' }
import th from '../contract/locales/th.json' with { type: 'json' }

/** Where the update page is, from the site's root. */
export const UPDATE_PAGE = 'update.html'

/**
 * What the app needs first, asked of the engine: `color-mix()`, which its balance card, focus rings
 * and loader are drawn with, came in Chromium 111 (not yet in 111's first builds: @sparticuz's
 * 111.0.5555.0 lacks it, 112.0.5614.0 has it) and Safari 16.2; every other feature the app's styles
 * use (`dvh`, `:has()`, `inert`) came before it on both.
 */
export const ENGINE_CHECK = "CSS.supports('color','color-mix(in srgb,red,blue)')"

export function engineGate(base = '/'): string {
  return `(function(){try{if(${ENGINE_CHECK})return}catch(e){}window.__walletUnsupported=1;location.replace('${base}${UPDATE_PAGE}')})()`
}

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** The update page: every language at once (the page has no script to pick one), Thai first. */
export function updatePage(): string {
  const languages = [['th', th.engine], ['lo', la.engine], ['en', en.engine]] as const
  const sections = languages
    .map(([lang, strings]) => `<section lang="${lang}"><h1>${escape(strings.title)}</h1><p>${escape(strings.text)}</p></section>`)
    .join('\n')
  return `<!doctype html>
<html lang="th">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(languages.map(([, strings]) => strings.title).join(' · '))}</title>
<style>
body{margin:0;padding:24px 20px;font:16px/1.6 system-ui,'Noto Sans Thai',Loma,'Noto Sans Lao',sans-serif;background:#f2f4f9;color:#151a2d}
main{max-width:420px;margin:0 auto}
section{padding:16px 0;border-bottom:1px solid #d9deea}
section:last-child{border-bottom:0}
h1{margin:0 0 8px;font-size:1.15rem;line-height:1.4}
p{margin:0}
@media (prefers-color-scheme:dark){body{background:#0e1220;color:#edf0f8}section{border-color:#2d3550}}
</style>
</head>
<body>
<main role="alert">
${sections}
</main>
</body>
</html>
`
}

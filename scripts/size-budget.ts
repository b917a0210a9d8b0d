// The size budgets of docs/design.md, measured on the production build (gzip), from the chunk report
// the build wrote. Fails (exit 1) when a budget is blown or a heavy SDK reaches the first load.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { BUNDLE_REPORT, type ChunkReport } from './bundleReport'

const KB = 1000
const LOGIN_BUDGET = 135 * KB
const HOME_BUDGET = 210 * KB
/** The live chat (socket.io-client and its panel, JS and CSS), fetched when the bubble is first
 *  opened; the bubble itself is in the pages' own budgets above. */
const CHAT_BUDGET = 25 * KB
/** The chat's bubble (issue 33: a chunk of its own, fetched only where the chat is on). */
const BUBBLE_BUDGET = 5 * KB
const LANGUAGES = ['th', 'la', 'en'] as const
/** Never in the first load: they live in lazy chunks (docs/design.md "Budgets"). */
const LAZY_ONLY = /node_modules\/(@line\/|@telegram-apps\/|swiper\/|socket\.io-client\/|engine\.io-client\/|crypto-js\/|jsqr\/)/

const { chunks } = JSON.parse(readFileSync(BUNDLE_REPORT, 'utf8')) as { chunks: Record<string, ChunkReport> }
const gzipped = (file: string) => gzipSync(readFileSync(join('dist', file))).length

function chunkWith(module: string): string {
  const found = Object.entries(chunks).find(([, chunk]) => chunk.modules.some((id) => id.endsWith(module)))
  if (!found) throw new Error(`no chunk holds ${module}`)
  return found[0]
}

/** The chunks and their static imports, transitively: what the browser fetches for them. */
function closure(roots: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    chunks[file].imports.forEach(visit)
  }
  roots.forEach(visit)
  return seen
}

const total = (files: Set<string>, withCss: boolean) => {
  let bytes = 0
  for (const file of files) {
    bytes += gzipped(file)
    if (withCss) for (const css of chunks[file].css) bytes += gzipped(css)
  }
  return bytes
}

/** index.html's inline scripts (src/prepaint.ts) run on every first load too. */
const inlineScripts = [...readFileSync(join('dist', 'index.html'), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .reduce((bytes, [, code]) => bytes + gzipSync(code).length, 0)

const entry = Object.keys(chunks).find((file) => chunks[file].isEntry)!
const browserAdapter = chunkWith('src/platform/browser.ts')
let failed = false
const rows: string[] = []

for (const language of LANGUAGES) {
  const login = closure([entry, browserAdapter, chunkWith(`virtual:locale/${language}/core`)])
  const loginBytes = total(login, false) + inlineScripts
  // The member home calls the API at once: the HTTP client (axios, loaded lazily) counts there.
  // The game carousels render as soon as the wallet answers, so their lazy swiper chunk counts too.
  const home = closure([
    ...login, chunkWith('src/app/MemberLayout.tsx'), chunkWith('src/features/wallet/HomePage.tsx'), chunkWith(`virtual:locale/${language}/rest`),
    chunkWith('node_modules/axios/index.js'), chunkWith('src/features/games/Carousel.tsx'),
  ])
  const homeBytes = total(home, true)
  const heavy = [...login].flatMap((file) => chunks[file].modules.filter((id) => LAZY_ONLY.test(id)))
  // crypto-js (gift links) waits for the deposit modal, the chat's socket for the bubble: never in what home needs.
  heavy.push(...[...home].flatMap((file) => chunks[file].modules.filter((id) => /node_modules\/(crypto-js|socket\.io-client|engine\.io-client)\//.test(id))))
  if (loginBytes > LOGIN_BUDGET || homeBytes > HOME_BUDGET || heavy.length) failed = true
  rows.push(`${language}: /login first-load JS ${(loginBytes / KB).toFixed(1)} KB (budget ${LOGIN_BUDGET / KB}), /user/home JS+CSS ${(homeBytes / KB).toFixed(1)} KB (budget ${HOME_BUDGET / KB})${heavy.length ? `, SDK in first load: ${heavy.join(', ')}` : ''}`)
}

// The chat on a page that has everything else: the bubble's chunk, fetched once the chat is on
// (ChatBubbleSlot), then what opening it adds: the panel's chunk and what only it imports.
{
  const home = closure([entry, browserAdapter, chunkWith('src/app/MemberLayout.tsx'), chunkWith('src/features/wallet/HomePage.tsx'), chunkWith('node_modules/axios/index.js')])
  const bubble = new Set([...closure([chunkWith('src/features/chat/ChatBubble.tsx')])].filter((file) => !home.has(file)))
  const panel = [...closure([chunkWith('src/features/chat/ChatPanel.tsx')])].filter((file) => !home.has(file) && !bubble.has(file))
  const bubbleBytes = total(bubble, true)
  const chatBytes = total(new Set(panel), true)
  if (bubbleBytes > BUBBLE_BUDGET || chatBytes > CHAT_BUDGET) failed = true
  rows.push(`chat bubble (lazy, once the chat is on): JS+CSS ${(bubbleBytes / KB).toFixed(1)} KB (budget ${BUBBLE_BUDGET / KB})`)
  rows.push(`chat (lazy, on opening the bubble): JS+CSS ${(chatBytes / KB).toFixed(1)} KB (budget ${CHAT_BUDGET / KB})`)
}

// The schemas (TypeBox) are the server's: the app imports the descriptors beside them, and the
// build must drop every schema (contract/shared.ts says how). Not a byte of TypeBox ships.
{
  const schemaCode = Object.entries(chunks).flatMap(([file, chunk]) =>
    chunk.modules.some((id) => /node_modules\/typebox\//.test(id)) ? [file] : [])
  if (schemaCode.length) {
    failed = true
    rows.push(`TypeBox (the server's schemas) reached the app's chunks: ${schemaCode.join(', ')}`)
  }
}

console.log(`Size budgets (gzip, browser path):\n  ${rows.join('\n  ')}`)
if (failed) {
  console.error('Size budget exceeded.')
  process.exit(1)
}

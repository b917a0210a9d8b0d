// Diagnostic (not committed): load /user/home signed in under CPU throttling and summarize long tasks from a trace.
import { chromium } from '@playwright/test'
import { spawn } from 'node:child_process'
const PORT = Number(process.env.PORT ?? 9811)
const RATE = Number(process.env.RATE ?? 4)
const ROUTE = process.env.ROUTE ?? '/user/home'
const DIST = process.env.DIST ?? ''
const origin = `http://127.0.0.1:${PORT}`
const server = spawn('node', ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, APP_MODE: 'test', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: `/tmp/trace-data-${PORT}`, ...(DIST ? { DIST_DIR: DIST } : {}) }, stdio: 'ignore', cwd: process.env.CWD ?? process.cwd() })
try {
  for (let i = 0; i < 100; i++) { try { if ((await fetch(`${origin}/config.json`)).ok) break } catch {} ; await new Promise((r) => setTimeout(r, 200)) }
  const login = await (await fetch(`${origin}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'wallet-user' }, body: JSON.stringify({ username: '0812345678', password: 'demo1234' }) })).json() as { token: string }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'] })
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'th-TH' })
  const page = await context.newPage()
  await page.goto(`${origin}/config.json`)
  await page.evaluate((t) => { localStorage.setItem('token', t); localStorage.setItem('remember-agreement', 'true') }, login.token)
  if (process.env.BLOCK_ART) await page.route(/\/games\/art-/, (route) => route.abort())
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE })
  const events: any[] = []
  cdp.on('Tracing.dataCollected', (d: any) => events.push(...d.value))
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading', transferMode: 'ReportEvents' })
  await page.goto(`${origin}${ROUTE}`)
  await page.waitForTimeout(Number(process.env.WAIT ?? 10000))
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r))
  await cdp.send('Tracing.end'); await done
  await browser.close()
  // Main thread of the renderer: the thread with the most RunTask on the page's pid named CrRendererMain.
  const names = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const mains = new Set(names.map((e) => `${e.pid}:${e.tid}`))
  const main = events.filter((e) => mains.has(`${e.pid}:${e.tid}`) && e.ph === 'X')
  const tasks = main.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts)
  const t0 = Math.min(...events.filter((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser').map((e) => e.ts))
  let tbt = 0
  const long = tasks.filter((t) => t.dur / 1000 > 50)
  const byKind = new Map<string, number>()
  for (const t of long) {
    tbt += t.dur / 1000 - 50
    const inside = main.filter((e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t && e.name !== 'RunTask')
    // top-level children: not contained in another child
    const top = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur))
    const desc = top.sort((a, b) => b.dur - a.dur).slice(0, 4).map((e) => {
      const d = e.args?.data ?? {}
      const what = d.url ? d.url.replace(origin, '') : d.functionName ? d.functionName : d.type ?? ''
      return `${e.name}${what ? '(' + String(what).slice(0, 50) + ')' : ''} ${(e.dur / 1000).toFixed(0)}`
    })
    for (const e of top) { const d = e.args?.data ?? {}; const k = `${e.name} ${d.url ? d.url.replace(origin, '').replace(/-[\w-]{8}\.js/, '.js') : d.type ?? ''}`; byKind.set(k, (byKind.get(k) ?? 0) + e.dur / 1000) }
    console.log(`${((t.ts - t0) / 1000).toFixed(0).padStart(6)} ms  ${(t.dur / 1000).toFixed(0).padStart(4)} ms  ${desc.join(' | ')}`)
  }
  const busy = tasks.reduce((s, t) => s + t.dur / 1000, 0)
  console.log(`long tasks ${long.length}, TBT-like ${tbt.toFixed(0)} ms, main busy ${busy.toFixed(0)} ms, tasks ${tasks.length}`)
  // What all tasks (not only long ones) spend, by top-level event kind, and how many tasks per second.
  const all = new Map<string, [number, number]>()
  for (const t of tasks) {
    const inside = main.filter((e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t && e.name !== 'RunTask')
    const top = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur))
    for (const e of top) { const d = e.args?.data ?? {}; const k = `${e.name} ${d.url ? d.url.replace(origin, '').replace(/-[\w-]{8}\.js/, '.js') : d.type ?? d.functionName ?? ''}`; const v = all.get(k) ?? [0, 0]; v[0] += e.dur / 1000; v[1] += 1; all.set(k, v) }
  }
  console.log('all tasks, by kind (ms, count):'); for (const [k, [v, n]] of [...all].sort((a, b) => b[1][0] - a[1][0]).slice(0, 25)) console.log(`  ${v.toFixed(0).padStart(6)} ${String(n).padStart(5)} ${k}`)
  const perSecond = new Map<number, number>(); for (const t of tasks) { const s = Math.floor((t.ts - t0) / 1e6); perSecond.set(s, (perSecond.get(s) ?? 0) + 1) }
  const docs = main.filter((e) => e.name === 'ParseHTML' || e.name === 'DocumentLoader::CommitNavigation' || e.name === 'EventDispatch' && e.args?.data?.type === 'load').map((e) => `${e.name}:${e.args?.data?.type ?? ''}:${(e.args?.beginData?.url ?? e.args?.data?.url ?? '').replace(origin, '').slice(0, 60)}@${e.pid}`)
  console.log('documents:', [...new Map(docs.map((d) => [d, docs.filter((x) => x === d).length]))].slice(0, 30))
  if (process.env.DETAIL) {
    const pick = main.filter((e) => e.name === process.env.DETAIL).sort((a, b) => b.dur - a.dur).slice(0, 15)
    for (const e of pick) {
      const inside = main.filter((o) => o.ts >= e.ts && o.ts + o.dur <= e.ts + e.dur && o !== e && o.dur > 500).sort((a, b) => b.dur - a.dur).slice(0, 5)
      console.log(`  ${process.env.DETAIL} at ${((e.ts - t0) / 1000).toFixed(0)} ms ${(e.dur / 1000).toFixed(1)} ms ${JSON.stringify(e.args?.data ?? e.args?.beginData ?? {}).slice(0, 160)} :: ${inside.map((o) => `${o.name}(${(o.args?.data?.url ?? o.args?.data?.functionName ?? '').toString().replace(origin, '').slice(0, 40)}) ${(o.dur / 1000).toFixed(1)}`).join(' | ')}`)
    }
  }
  console.log('tasks per second:', [...perSecond].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}:${n}`).join(' '))
  console.log('in long tasks, by kind:'); for (const [k, v] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${v.toFixed(0).padStart(6)} ${k}`)
} finally { server.kill() }

import { chromium } from 'playwright'
const base = 'http://127.0.0.1:8895'
const login = await fetch(base + '/api/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'wallet-user' }, body: JSON.stringify({ username: process.env.PHONE, password: process.env.PASSWORD }) }).then((r) => r.json())
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] })
const width = Number(process.env.W ?? 390)
const page = await browser.newPage({ viewport: { width, height: 844 }, locale: process.env.LOC ?? 'th-TH' })
page.on('pageerror', (e) => console.log('pageerror', e.message))
page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()))
let release
const held = new Promise((r) => (release = r))
await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => { await held; await route.continue() })
await page.addInitScript((token) => {
  localStorage.setItem('token', token)
  window.__shifts = []
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push(e.value + ' ' + e.sources.map((s) => (s.node?.className ?? s.node?.nodeName) + JSON.stringify(s.previousRect) + JSON.stringify(s.currentRect)).join('|')) }).observe({ type: 'layout-shift', buffered: true })
}, login.token)
await page.goto(base + '/user/home', { waitUntil: 'commit' })
await page.locator('#prerendered .balance-card').waitFor()
await page.locator('#prerendered [data-testid=total-balance]').waitFor()
await page.screenshot({ path: '/tmp/home-before.png' })
release()
await page.waitForFunction(() => !document.getElementById('prerendered'))
await page.locator('[data-testid=total-balance]').waitFor()
await page.waitForTimeout(1500)
await page.screenshot({ path: '/tmp/home-after.png' })
console.log('shifts', JSON.stringify(await page.evaluate(() => window.__shifts)))
await browser.close()

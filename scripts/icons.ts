// The web app manifest's PNG icons (issue 31), drawn from the brand's public/icon.svg by Chromium
// (the browser tests' own, scripts/chromium.ts): `node --import tsx scripts/icons.ts` writes
// public/icons/. Run again when the logo changes; the PNGs are committed.
//   icon-192.png, icon-512.png   the logo as it is (rounded square, transparent corners): purpose any
//   maskable-512.png             the gradient to the edges and the glyph at 80 % (it stays inside the central
//                                circle of 80 % that every launcher mask keeps)
import { mkdirSync, readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { chromiumPath } from './chromium'

const logo = readFileSync('public/icon.svg', 'utf8')
// The glyph alone: the same SVG without its rounded background square.
const glyph = logo.replace(/<rect[^>]*\/>/, '')
const gradient = /<defs>[\s\S]*<\/defs>/.exec(logo)?.[0] ?? ''

const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" fill="url(#g)"/>`
  + `<g transform="translate(6.4 6.4) scale(0.8)">${glyph.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '').replace(/<defs>[\s\S]*<\/defs>/, '')}</g></svg>`

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'maskable-512.png', size: 512, svg: maskable },
]

mkdirSync('public/icons', { recursive: true })
const browser = await chromium.launch({ executablePath: chromiumPath() })
const page = await browser.newPage({ deviceScaleFactor: 1 })
for (const { file, size, svg } of icons) {
  await page.setViewportSize({ width: size, height: size })
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `)
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`)
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: true })
  console.log(`public/icons/${file} ${size}x${size}`)
}
await browser.close()

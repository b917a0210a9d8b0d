// Generates the reference server's game card art (issue 18): a background scene per game and a
// logo badge, drawn as SVG from the game's code, so the carousels look like a lobby rather than
// placeholders. Run after changing the seeded games:  node --import tsx scripts/game-art.ts
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { seedGames, type SeedGame } from '../server/games/gamesData'

const OUT = join('public', 'games')
const W = 300
const H = 211

/** A stable number per code: the same game always gets the same colours and scene. */
function seed(code: string): number {
  let hash = 2166136261
  for (const char of code) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
  return hash >>> 0
}

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${Math.round(hue) % 360},${saturation}%,${lightness}%)`

/** A five-pointed star in the 100x100 box the suits are drawn in. */
const STAR = Array.from({ length: 10 }, (_, i) => {
  const radius = i % 2 ? 19 : 48
  const angle = (Math.PI / 5) * i - Math.PI / 2
  return `${(50 + radius * Math.cos(angle)).toFixed(1)} ${(52 + radius * Math.sin(angle)).toFixed(1)}`
}).join(' ')

/**
 * The card suits and the star as shapes in a 100x100 box, not as characters: drawn as an image (the
 * card's background), an SVG's text takes the device's fonts, and these symbols are in none of the ones named, so the
 * browser searched every font on the machine for them on each card, on the main thread while the
 * home came up (issue 51: the home's blocking time), and a phone could draw them as colour emoji.
 */
const SHAPES: Record<string, string> = {
  '♥': '<path d="M50 90C22 68 6 52 6 32 6 17 17 7 30 7c9 0 16 5 20 13 4-8 11-13 20-13 13 0 24 10 24 25 0 20-16 36-44 58z"/>',
  '♦': '<path d="M50 3 88 50 50 97 12 50z"/>',
  '♠': '<path d="M50 5C78 30 94 45 94 62c0 13-10 22-22 22-8 0-15-4-19-11l5 23H42l5-23c-4 7-11 11-19 11C16 84 6 75 6 62 6 45 22 30 50 5z"/>',
  '♣': '<circle cx="50" cy="29" r="19"/><circle cx="28" cy="60" r="19"/><circle cx="72" cy="60" r="19"/><path d="M45 52h10l7 44H38z"/>',
  '★': `<polygon points="${STAR}"/>`,
}

/** `symbol` (a suit, the star, or letters and digits) of height `size`, centred on (x, y). */
function symbolAt(symbol: string, x: number, y: number, size: number, fill: string): string {
  const shape = SHAPES[symbol]
  if (shape) {
    const scale = size / 100
    return `<g transform="translate(${(x - 50 * scale).toFixed(1)} ${(y - 50 * scale).toFixed(1)}) scale(${scale})" fill="${fill}">${shape}</g>`
  }
  return `<text x="${x}" y="${y}" dy="0.35em" text-anchor="middle" font-family="Georgia,serif" font-weight="900" font-size="${size}" fill="${fill}">${symbol}</text>`
}

/** Casino tables among the sport category's games: cards and chips rather than a pitch. */
const CASINO = new Set(['SEXYGAME', 'ASKMEBET', 'CIRCUS'])

function sparkles(random: () => number): string {
  return Array.from({ length: 14 }, () => {
    const x = (random() * W).toFixed(0)
    const y = (random() * H).toFixed(0)
    const r = (0.8 + random() * 1.8).toFixed(1)
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.25 + random() * 0.5).toFixed(2)}"/>`
  }).join('')
}

function slotScene(hue: number, random: () => number): string {
  const symbols = ['7', '★', '♦', '♥', 'BAR', '♣']
  const pick = () => symbols[Math.floor(random() * symbols.length)]
  const reel = (x: number) => {
    const symbol = pick()
    const size = symbol.length > 1 ? 20 : SHAPES[symbol] ? 32 : 40
    return `<rect x="${x}" y="70" width="58" height="74" rx="8" fill="#fff"/><rect x="${x}" y="70" width="58" height="74" rx="8" fill="url(#shade)"/>`
      + symbolAt(symbol, x + 29, 107, size, hsl(hue + 180, 75, 42))
  }
  return `<circle cx="150" cy="105" r="120" fill="url(#glow)"/>${sparkles(random)}`
    + `<rect x="48" y="58" width="204" height="98" rx="16" fill="${hsl(hue + 30, 80, 55)}" stroke="#ffe08a" stroke-width="4"/>`
    + reel(60) + reel(121) + reel(182)
    + `<circle cx="56" cy="52" r="5" fill="#ffe08a"/><circle cx="244" cy="52" r="5" fill="#ffe08a"/><circle cx="150" cy="46" r="6" fill="#fff6c8"/>`
}

function sportScene(hue: number, random: () => number): string {
  const ball = `<g transform="translate(${200 + random() * 40} ${60 + random() * 30})"><circle r="26" fill="#fff" stroke="#222" stroke-width="2"/>`
    + `<path d="M0-9 8.6-2.8 5.3 7.3h-10.6L-8.6-2.8z" fill="#222"/><path d="M0-9V-26M8.6-2.8 24.7-8M5.3 7.3 15.3 21M-5.3 7.3-15.3 21M-8.6-2.8-24.7-8" stroke="#222" stroke-width="2"/></g>`
  return `<rect y="120" width="${W}" height="91" fill="${hsl(130 + (hue % 20), 55, 32)}"/>`
    + `<path d="M0 120h${W}M150 120v91M60 211l30-91M240 211l-30-91" stroke="#fff" stroke-opacity=".45" stroke-width="2"/>`
    + `<ellipse cx="150" cy="160" rx="42" ry="16" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="2"/>`
    + `<path d="M30 0 80 120H0zM270 0 220 120h80z" fill="#fff" opacity=".08"/>${sparkles(random)}${ball}`
}

function casinoScene(hue: number, random: () => number): string {
  const card = (x: number, rotate: number, suit: string, red: boolean) => `<g transform="translate(${x} 60) rotate(${rotate})"><rect width="58" height="82" rx="7" fill="#fff" stroke="#ddd"/>`
    + `${symbolAt(suit, 29, 44, 30, red ? '#c8102e' : '#111')}<text x="8" y="18" font-family="Georgia,serif" font-weight="700" font-size="14" fill="${red ? '#c8102e' : '#111'}">A</text></g>`
  const chip = (x: number, y: number, colour: string) => `<g transform="translate(${x} ${y})"><circle r="18" fill="${colour}"/><circle r="18" fill="none" stroke="#fff" stroke-width="5" stroke-dasharray="6 6"/><circle r="10" fill="none" stroke="#fff" stroke-opacity=".7"/></g>`
  return `<ellipse cx="150" cy="230" rx="230" ry="120" fill="${hsl(150, 60, 24)}" stroke="#c9a227" stroke-width="6"/>${sparkles(random)}`
    + card(92, -12, '♠', false) + card(150, 10, '♥', true)
    + chip(70, 165, hsl(hue, 75, 45)) + chip(108, 176, '#1e1e1e') + chip(232, 168, hsl(hue + 120, 75, 45))
}

function lottoScene(hue: number, random: () => number): string {
  const balls = Array.from({ length: 7 }, (_, i) => {
    const x = 70 + i * 27 + random() * 6
    const y = 92 + (i % 2) * 30 + random() * 10
    const number = String(1 + Math.floor(random() * 49)).padStart(2, '0')
    return `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)})"><circle r="17" fill="${hsl(hue + i * 47, 80, 55)}"/><circle r="10" fill="#fff"/>`
      + `<text dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="800" font-size="10" fill="#222">${number}</text><circle cx="-6" cy="-7" r="4" fill="#fff" opacity=".5"/></g>`
  }).join('')
  return `<circle cx="150" cy="108" r="84" fill="#fff" opacity=".12" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>${sparkles(random)}${balls}`
    + `<rect x="110" y="186" width="80" height="16" rx="4" fill="#ffe08a"/>`
}

function background(game: SeedGame): string {
  const n = seed(game.code)
  let state = n
  const random = () => {
    state = Math.imul(state ^ (state >>> 15), 2246822507) >>> 0
    state = (state ^ (state >>> 13)) >>> 0
    return (state % 10_000) / 10_000
  }
  const hue = n % 360
  const scene = game.category === 'slot' ? slotScene(hue, random)
    : game.category === 'lotto' ? lottoScene(hue, random)
      : CASINO.has(game.code) ? casinoScene(hue, random) : sportScene(hue, random)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">`
    + `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 38)}"/><stop offset="1" stop-color="${hsl(hue + 40, 75, 14)}"/></linearGradient>`
    + `<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`
    + `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity=".25"/><stop offset=".25" stop-color="#000" stop-opacity="0"/><stop offset=".75" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".25"/></linearGradient></defs>`
    + `<rect width="${W}" height="${H}" fill="url(#bg)"/>${scene}</svg>\n`
}

function logo(game: SeedGame): string {
  const hue = seed(game.code) % 360
  const words = game.name.toUpperCase()
  const size = words.length > 12 ? 11 : words.length > 8 ? 13 : 16
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60" width="120" height="60">`
    + `<defs><linearGradient id="l" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 20, 85, 60)}"/><stop offset="1" stop-color="${hsl(hue, 85, 38)}"/></linearGradient></defs>`
    + `<rect x="3" y="5" width="114" height="52" rx="14" fill="#000" opacity=".3"/>`
    + `<rect x="2" y="2" width="116" height="52" rx="14" fill="url(#l)" stroke="#ffe08a" stroke-width="3"/>`
    + `<text x="60" y="29" dy="0.35em" text-anchor="middle" font-family="Arial Black,Arial,sans-serif" font-weight="900" font-size="${size}" fill="#fff" stroke="#000" stroke-opacity=".35" stroke-width="0.8">${words}</text></svg>\n`
}

for (const game of seedGames) {
  writeFileSync(join(OUT, `${game.code.toLowerCase()}.svg`), logo(game))
  writeFileSync(join(OUT, `art-${game.code.toLowerCase()}.svg`), background(game))
}
console.log(`${seedGames.length} games: logos and art in ${OUT}`)

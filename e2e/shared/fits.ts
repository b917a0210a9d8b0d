// What a 320 px phone in Lao shows badly (issue 51: "nothing clipped, wrapped mid-word"): text that
// runs off the screen, out of its card or is cut by its box, a figure broken across lines, and text
// that wraps to leave one word alone on its last line. Read from what is laid out, in the open sheet (or the page when none is open). Rows that
// scroll sideways by design (the chips, the game cards) are not the screen's edge.
import type { Page } from '@playwright/test'

export async function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialogs = [...document.querySelectorAll<HTMLElement>('dialog[open], [role="dialog"], [role="alertdialog"]')].filter((dialog) => dialog.getClientRects().length > 0)
    const root: HTMLElement = dialogs.at(-1) ?? document.querySelector('main') ?? document.body
    const screen = document.documentElement.clientWidth
    const language = document.documentElement.lang
    const words = new Intl.Segmenter(language, { granularity: 'word' })
    const found: string[] = []
    const label = (element: Element) => `${element.tagName.toLowerCase()}${[...element.classList].map((name) => `.${name}`).join('')} "${(element.textContent ?? '').trim().slice(0, 48)}"`
    const sideways = (element: Element) => Boolean(element.closest('.chips, .games, .banner-carousel'))
    const shown = (element: HTMLElement) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
    /** Whether the element itself holds words (not only elements that do). */
    const ownText = (element: Element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '')

    /** Where an element's own words are drawn: a line that cannot wrap runs past the element's box
     *  (a figure kept on one line in a column too narrow for it). Words an ellipsis ends, or that a
     *  clipping box around them cuts, are not drawn past it (the "cut" check says when that loses
     *  words); a box that scrolls does not count as one: its words are off its edge until swiped. */
    const wordsBox = (element: HTMLElement) => {
      const own = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      if (style.textOverflow === 'ellipsis' || style.overflowX === 'hidden' || style.overflowX === 'clip') return own
      let { left, right } = own
      for (const node of element.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || node.textContent!.trim() === '') continue
        const range = document.createRange()
        range.selectNodeContents(node)
        const words = range.getBoundingClientRect()
        left = Math.min(left, words.left)
        right = Math.max(right, words.right)
      }
      for (let up = element.parentElement; up && up !== root; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX
        if (overflow !== 'hidden' && overflow !== 'clip') continue
        const clip = up.getBoundingClientRect()
        return { left: Math.max(left, clip.left), right: Math.min(right, clip.right) }
      }
      return { left, right }
    }

    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      if (!shown(element) || sideways(element) || element.closest('svg, [aria-hidden="true"], .visually-hidden')) continue
      if (ownText(element)) {
        const box = wordsBox(element)
        // Its words stay on the screen, in a list's item (a slip's card, a statement's row) or a
        // box drawn round figures (a confirmation's), and on a sheet's panel (a figure pushed past
        // a 304 px sheet is still on a 320 px screen).
        const within = [
          ['off the screen', { left: 0, right: screen }],
          ['out of its card', element.closest('li, .money-confirm')?.getBoundingClientRect()],
          ['out of its sheet', element.closest('.modal__panel')?.getBoundingClientRect()],
        ] as const
        for (const [fault, edges] of within) {
          if (edges && (box.left < edges.left - 1 || box.right > edges.right + 1)) found.push(`${fault}: ${label(element)}`)
        }
      }
      // A figure (an amount, a date, a time, a masked number) broken across lines: it breaks at a
      // hyphen or a slash where a word would not.
      for (const node of element.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue
        for (const figure of node.textContent!.matchAll(/[^\s]*\d[^\s]*/g)) {
          const range = document.createRange()
          range.setStart(node, figure.index)
          range.setEnd(node, figure.index + figure[0].length)
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0)
          if (rects.length > 1 && Math.abs(rects[0].top - rects[rects.length - 1].top) > 2) found.push(`figure broken across lines: ${label(element)}`)
        }
      }
      const style = getComputedStyle(element)
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip'
      if (ownText(element) && hides && element.scrollWidth > element.clientWidth + 1 && style.textOverflow !== 'ellipsis') found.push(`cut: ${label(element)}`)

      // One word alone on the last line: each word's line read from where the engine put it.
      const texts = [...element.childNodes].filter((node): node is Text => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '')
      if (texts.length !== 1 || element.childNodes.length !== 1) continue
      const text = texts[0]
      const tops: number[] = []
      for (const segment of words.segment(text.data)) {
        if (!segment.isWordLike) continue
        const range = document.createRange()
        range.setStart(text, segment.index)
        range.setEnd(text, segment.index + segment.segment.length)
        const rects = range.getClientRects()
        if (rects.length === 0) continue
        // A word broken across lines counts on its last line: it was wrapped mid-word.
        if (rects.length > 1 && Math.abs(rects[0].top - rects[rects.length - 1].top) > 2) found.push(`wrapped mid-word: ${label(element)}`)
        tops.push(rects[rects.length - 1].top)
      }
      const lines = [...new Set(tops.map((top) => Math.round(top / 4)))]
      if (lines.length < 2) continue
      const last = Math.max(...lines)
      if (tops.filter((top) => Math.round(top / 4) === last).length === 1) found.push(`one word alone on its last line: ${label(element)}`)
    }
    return [...new Set(found)]
  })
}

/**
 * Words in the other script (issue 51: "nothing in the wrong language"): Thai letters on a Lao
 * screen, Lao letters on a Thai one, either on an English one, in what the screen shows (the open sheet, or the
 * page). Words marked as another language (`lang`: the language picker names each language in
 * itself) are that language's; the baht sign is every language's.
 */
export async function wrongScript(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialogs = [...document.querySelectorAll<HTMLElement>('dialog[open], [role="dialog"], [role="alertdialog"]')].filter((dialog) => dialog.getClientRects().length > 0)
    const root: HTMLElement = dialogs.at(-1) ?? document.body
    const thai = '\u0E01-\u0E3E\u0E40-\u0E5B'
    const lao = '\u0E81-\u0EDF'
    const language = document.documentElement.lang
    const other = new RegExp(`[${language === 'lo' ? thai : language === 'th' ? lao : thai + lao}]+`)
    const found: string[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('[aria-hidden="true"], script, style, noscript') || parent.getClientRects().length === 0) continue
      if (parent.closest('[lang]') !== document.documentElement) continue
      const word = other.exec(node.textContent ?? '')
      if (word) found.push(`${parent.tagName.toLowerCase()}${[...parent.classList].map((name) => `.${name}`).join('')}: "${word[0]}" in "${(node.textContent ?? '').trim().slice(0, 60)}"`)
    }
    return [...new Set(found)]
  })
}

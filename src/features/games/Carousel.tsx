// The swiper carousel of one game category, in its own lazy chunk with swiper and its CSS.
//
// Swiper's own core on markup React renders, not swiper/react: swiper/react starts swiper in the
// commit that puts the slides in the page, so its measuring lays the new slides out there and then,
// inside that one task (issue 32: home's longest after it had painted). Here the slides come in
// the commit, are laid out and painted by the browser's next frame like any markup, and swiper
// starts in a task after that frame, on a layout that is already there. The CSS lays an unstarted
// row's slides out as swiper will (wallet.css), so nothing moves when it starts.
import 'swiper/css'
import Swiper from 'swiper'
import { A11y, Keyboard } from 'swiper/modules'
import { useEffect, useRef, useState } from 'react'
import type { Slot } from '../../../contract'
import { getPlatform } from '../../platform'
import { type CardRow, GameCard } from './GameCard'

/** Three cards in view (spec 2); with more to come, a quarter of the fourth shows at the edge, so a
 *  player sees the row goes on (issue 29). StaticRow in GameCarousels and wallet.css lay cards out the same. */
const perView = (games: number): number => (games > 3 ? 3.25 : 3)
/** The space between two cards, in px (wallet.css's gap of the rows). */
const SPACE_BETWEEN = 10
/** The cards whose art comes with the row: the ones in view and the next, so a first swipe shows
 *  art; the rest come once the player has moved the row (touched, swiped or tabbed into it). */
const ART_BEFORE_MOVING = 5

export default function Carousel({ games, label, ...row }: CardRow & { games: Slot[]; label: string }) {
  const element = useRef<HTMLDivElement>(null)
  const [moved, setMoved] = useState(false)
  // Swiper starts again when the row's games change (a slide in or out), not when a balance does.
  const codes = games.map((game) => game.code).join(' ')
  // A touch or a focus says the player is about to move the row: the art starts coming before the
  // cards slide in. A slide says it for the arrow keys, which move a row in view without focusing it
  // (the Keyboard module, onlyInViewport).
  useEffect(() => {
    const container = element.current
    if (!container || moved) return
    const move = () => setMoved(true)
    container.addEventListener('focusin', move)
    container.addEventListener('pointerdown', move)
    return () => {
      container.removeEventListener('focusin', move)
      container.removeEventListener('pointerdown', move)
    }
  }, [moved])
  useEffect(() => {
    const container = element.current
    if (!container) return
    let swiper: Swiper | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    // Inside Telegram a swipe down closes the app: off while the row is dragged sideways, on again
    // when it is let go (docs/design.md), and never left off by a row that goes while dragged.
    let dragging = false
    const release = () => {
      if (!dragging) return
      dragging = false
      getPlatform().setVerticalSwipes(true)
    }
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        swiper = new Swiper(container, {
          modules: [A11y, Keyboard],
          slidesPerView: perView(codes.split(' ').length),
          spaceBetween: SPACE_BETWEEN,
          keyboard: { enabled: true, onlyInViewport: true },
          a11y: { containerMessage: label },
          // A press on a card's art or words is a press on the card, a button: Swiper lets it take
          // focus as a button does (its own list, plus what a button holds). Otherwise Swiper
          // cancels the press, the card is never focused, and the sheet the click opens shows a
          // focus ring as if opened from the keyboard, and gives focus back to nothing on close.
          focusableElements: 'input, select, option, textarea, button, button *, video, label',
          on: {
            sliderFirstMove: () => {
              dragging = true
              getPlatform().setVerticalSwipes(false)
            },
            touchEnd: release,
            slideChange: () => setMoved(true),
          },
        })
      })
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
      swiper?.destroy(true, true)
      release()
    }
  }, [codes, label])
  return (
    <div ref={element} className="swiper game-row game-row--carousel">
      <div className="swiper-wrapper">
        {games.map((game, index) => (
          <div key={game.code} className="swiper-slide">
            <GameCard game={game} {...row} art={row.art !== false && (moved || index < ART_BEFORE_MOVING)} />
          </div>
        ))}
      </div>
    </div>
  )
}

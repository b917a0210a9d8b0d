import { lazy, memo, startTransition, Suspense, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Slot } from '../../../contract'
import { gamesByCategory, type GameCategory } from '../../lib/games'
import { whenIdle } from '../../lib/idle'
import { type CardRow, GameCard } from './GameCard'

/** The carousel's code. Where it cannot come (offline, a flaky network) the static row stays, which
 *  looks the same: a row that cannot swipe, never home replaced by the screen's boundary (issue 48 §2). */
const Carousel = lazy(() => import('./Carousel').catch(() => ({ default: StaticCarousel })))
const CATEGORIES: readonly GameCategory[] = ['slot', 'sport', 'lotto']

/** Until swiper has loaded, the same first cards in the same place (the fourth's edge too): nothing moves. */
function StaticRow({ games, ...row }: CardRow & { games: Slot[] }) {
  return (
    <div className={`game-row game-row--static${games.length > 3 ? ' game-row--more' : ''}`}>
      {games.slice(0, 4).map((game) => <GameCard key={game.code} game={game} {...row} />)}
    </div>
  )
}

/** What stands for a carousel whose code could not come. */
function StaticCarousel({ games, label: _label, ...row }: CardRow & { games: Slot[]; label: string }) {
  return <StaticRow games={games} {...row} />
}

/** A row of more than three games scrolls (swiper); a row of three or fewer is whole as it is. */
const scrolls = (games: readonly Slot[]): boolean => games.length > 3

/** How close below the screen a row's carousel starts to come: on screen, or about to be. */
const NEAR_SCREEN = '0px 0px 64px 0px'

/** The categories whose section is on or near the screen (all of them where there is no
 *  IntersectionObserver), and the ref each section (with its `data-category`) registers with. */
function useNearScreen(): [ReadonlySet<GameCategory>, (section: HTMLElement | null) => (() => void) | undefined] {
  const [near, setNear] = useState<ReadonlySet<GameCategory>>(() => new Set(typeof IntersectionObserver === 'function' ? [] : CATEGORIES))
  const sections = useRef(new Set<HTMLElement>())
  const observer = useRef<IntersectionObserver | undefined>(undefined)
  useEffect(() => {
    if (typeof IntersectionObserver !== 'function') return
    const watching = new IntersectionObserver((entries) => {
      const coming = entries.filter((entry) => entry.isIntersecting).map((entry) => (entry.target as HTMLElement).dataset.category as GameCategory)
      if (coming.length) setNear((before) => (coming.every((category) => before.has(category)) ? before : new Set([...before, ...coming])))
    }, { rootMargin: NEAR_SCREEN })
    observer.current = watching
    sections.current.forEach((section) => watching.observe(section))
    return () => {
      watching.disconnect()
      observer.current = undefined
    }
  }, [])
  // A section that mounts before the observer is made is observed when it is; one after, at once.
  const register = useCallback((section: HTMLElement | null) => {
    if (!section) return
    sections.current.add(section)
    observer.current?.observe(section)
    return () => {
      sections.current.delete(section)
      observer.current?.unobserve(section)
    }
  }, [])
  return [near, register]
}

/** How many of `rows` carousels have come, in order: the next one comes when the page is idle and
 *  its row is on or near the screen, so each row's slides and swiper's measuring are a task of
 *  their own, after home has painted and answered taps (issue 32: the three at once were home's
 *  longest tasks), and a row further down waits until the player scrolls towards it; the static
 *  rows, which look the same, stand in meanwhile. Each comes in a transition: its slides render in
 *  slices that yield to a tap, and the static row stays (no fallback is shown) until the
 *  carousel's code has arrived. */
function useCarouselsOneByOne(rows: readonly GameCategory[], near: ReadonlySet<GameCategory>): number {
  const [come, setCome] = useState(0)
  const next = rows[come]
  const due = next !== undefined && near.has(next)
  useEffect(() => {
    if (!due) return
    return whenIdle(() => startTransition(() => setCome((count) => count + 1)), 1000)
  }, [due, come])
  return come
}

/** The game card an event is on, if any. */
const cardOf = (event: Event): HTMLElement | null => (event.target as Element | null)?.closest?.<HTMLElement>('.games [data-code]') ?? null

/**
 * The card the player is on (tapped, clicked or tabbed to) keeps the focus when its row is built
 * again: the static row becomes the carousel as the player reaches it, so it can be the row they
 * are in, in a transition that commits when it is ready (after a tap that came meanwhile, while
 * the sheet that tap opens is still coming), and the carousel's own fallback is a static row
 * again. The focus is followed as it moves; a card that comes into the page while the focus is on
 * nothing (its card was taken away) and is that game's takes it. Answers the cards' ref.
 */
function useFocusKeptAcrossRows(): (card: HTMLButtonElement | null) => void {
  const focused = useRef<string | undefined>(undefined)
  useEffect(() => {
    const follow = (event: FocusEvent) => {
      focused.current = cardOf(event)?.dataset.code
    }
    // Focus the player moved to nothing (a tap on the page's background) is theirs: a card left
    // the page (taken away, not left) is not.
    const left = (event: FocusEvent) => {
      const card = event.target as Element | null
      setTimeout(() => {
        if (card?.isConnected && (!document.activeElement || document.activeElement === document.body)) focused.current = undefined
      })
    }
    document.addEventListener('focusin', follow)
    document.addEventListener('focusout', left)
    return () => {
      document.removeEventListener('focusin', follow)
      document.removeEventListener('focusout', left)
    }
  }, [])
  return useCallback((card: HTMLButtonElement | null) => {
    const lost = !document.activeElement || document.activeElement === document.body
    if (card && lost && card.dataset.code === focused.current) card.focus({ preventScroll: true })
  }, [])
}

/**
 * A mouse pressed on a card whose row is then built again (the static row becoming the carousel as
 * the player reaches it) and released on the same game's new card: the browser sends no click (the
 * card pressed has left the page), so that press opens the game here, once (a click that does come
 * is left to the card). A touch's tap is hit-tested where it ends, so it reaches the new card itself.
 */
function usePressKeptAcrossRows(openCode: (code: string) => void): void {
  const open = useEffectEvent(openCode)
  useEffect(() => {
    let pressed: HTMLElement | null = null
    let clicked = false
    const down = (event: PointerEvent) => {
      pressed = event.pointerType === 'mouse' && event.isPrimary ? cardOf(event) : null
    }
    const up = (event: PointerEvent) => {
      const card = pressed
      pressed = null
      const code = card?.dataset.code
      if (!card || !code || card.isConnected || cardOf(event)?.dataset.code !== code) return
      // The click, when the browser sends one, comes right after this event, in the same task.
      clicked = false
      setTimeout(() => {
        if (!clicked) open(code)
      })
    }
    const click = (event: MouseEvent) => {
      if (cardOf(event)) clicked = true
    }
    const cancel = () => {
      pressed = null
    }
    document.addEventListener('pointerdown', down, true)
    document.addEventListener('pointerup', up, true)
    document.addEventListener('pointercancel', cancel, true)
    document.addEventListener('click', click, true)
    return () => {
      document.removeEventListener('pointerdown', down, true)
      document.removeEventListener('pointerup', up, true)
      document.removeEventListener('pointercancel', cancel, true)
      document.removeEventListener('click', click, true)
    }
  }, [])
}

/** Spec 2: the game accounts in three carousels, slot, sport and lotto. Rendered again only when
 *  its games, currency or tap change (not with every answer the home gets). */
export const GameCarousels = memo(function GameCarousels({ slots, currency, onOpen }: CardRow & { slots: Slot[] | undefined }) {
  const { t } = useTranslation()
  const groups = gamesByCategory(slots ?? [])
  const scrolling = slots ? CATEGORIES.filter((category) => scrolls(groups[category])) : []
  const [near, nearRef] = useNearScreen()
  const come = useCarouselsOneByOne(scrolling, near)
  const cardRef = useFocusKeptAcrossRows()
  usePressKeptAcrossRows((code) => {
    const game = slots?.find((slot) => slot.code === code)
    if (game) onOpen(game)
  })
  return (
    <>
      {CATEGORIES.map((category) => {
        const games = groups[category]
        const title = t(`games.category.${category}`)
        const row = { currency, onOpen, art: near.has(category), cardRef }
        if (slots && games.length === 0) return null
        return (
          <section key={category} ref={nearRef} data-category={category} className="games" aria-label={title}>
            <h2 className="games__title">{title}</h2>
            {slots ? (
              scrolling.slice(0, come).includes(category) ? (
                <Suspense fallback={<StaticRow games={games} {...row} />}>
                  <Carousel games={games} label={title} {...row} />
                </Suspense>
              ) : (
                <StaticRow games={games} {...row} />
              )
            ) : (
              <div className="game-row game-row--static" aria-busy="true">
                {[0, 1, 2].map((i) => <span key={i} className="game-card game-card--skeleton skeleton" />)}
              </div>
            )}
          </section>
        )
      })}
      {/* What a card's credits are: said once, under the rows (a title attribute never shows on a touch screen). */}
      {slots && slots.length > 0 && <p className="muted games__note">{t('games.creditsNote')}</p>}
    </>
  )
})

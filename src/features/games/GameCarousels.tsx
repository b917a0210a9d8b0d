import { lazy, startTransition, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Slot } from '../../api/contract'
import { gamesByCategory, type GameCategory } from '../../lib/games'
import { whenIdle } from '../../lib/idle'
import { type CardRow, GameCard } from './GameCard'

const Carousel = lazy(() => import('./Carousel'))
const CATEGORIES: readonly GameCategory[] = ['slot', 'sport', 'lotto']

/** Until swiper has loaded, the same first cards in the same place (the fourth's edge too): nothing moves. */
function StaticRow({ games, ...row }: CardRow & { games: Slot[] }) {
  return (
    <div className={`game-row game-row--static${games.length > 3 ? ' game-row--more' : ''}`}>
      {games.slice(0, 4).map((game) => <GameCard key={game.code} game={game} {...row} />)}
    </div>
  )
}

/** A row of more than three games scrolls (swiper); a row of three or fewer is whole as it is. */
const scrolls = (games: readonly Slot[]): boolean => games.length > 3

/** How many of `rows` carousels may have come: one more each time the page is idle, so each row's
 *  slides and swiper's measuring are a task of their own, after home has painted and answered taps
 *  (issue 32: the three at once were home's longest tasks); the static rows stand in meanwhile.
 *  Each comes in a transition: its slides render in slices that yield to a tap, and the static row
 *  stays (no fallback is shown) until the carousel's code has arrived. */
function useCarouselsOneByOne(rows: number): number {
  const [come, setCome] = useState(0)
  useEffect(() => {
    if (come >= rows) return
    return whenIdle(() => startTransition(() => setCome((count) => count + 1)), 1000)
  }, [come, rows])
  return come
}

/** Spec 2: the game accounts in three carousels, slot, sport and lotto. */
export function GameCarousels({ slots, currency, onOpen }: CardRow & { slots: Slot[] | undefined }) {
  const { t } = useTranslation()
  const groups = gamesByCategory(slots ?? [])
  const scrolling = slots ? CATEGORIES.filter((category) => scrolls(groups[category])) : []
  const come = useCarouselsOneByOne(scrolling.length)
  return (
    <>
      {CATEGORIES.map((category) => {
        const games = groups[category]
        const title = t(`games.category.${category}`)
        if (slots && games.length === 0) return null
        return (
          <section key={category} className="games" aria-label={title}>
            <h2 className="games__title">{title}</h2>
            {slots ? (
              scrolling.slice(0, come).includes(category) ? (
                <Suspense fallback={<StaticRow games={games} currency={currency} onOpen={onOpen} />}>
                  <Carousel games={games} label={title} currency={currency} onOpen={onOpen} />
                </Suspense>
              ) : (
                <StaticRow games={games} currency={currency} onOpen={onOpen} />
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
}

// The swiper carousel of one game category, in its own lazy chunk with swiper and its CSS.
import 'swiper/css'
import { A11y, Keyboard } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import type { Slot } from '../../api/contract'
import { type CardRow, GameCard } from './GameCard'

/** Three cards in view (spec 2); with more to come, a quarter of the fourth shows at the edge, so a
 *  player sees the row goes on (issue 29). StaticRow in GameCarousels lays cards out the same. */
const perView = (games: number): number => (games > 3 ? 3.25 : 3)

export default function Carousel({ games, label, ...row }: CardRow & { games: Slot[]; label: string }) {
  return (
    <Swiper modules={[A11y, Keyboard]} slidesPerView={perView(games.length)} spaceBetween={10} keyboard={{ enabled: true, onlyInViewport: true }} a11y={{ containerMessage: label }} className="game-row">
      {games.map((game) => (
        <SwiperSlide key={game.code}>
          <GameCard game={game} {...row} />
        </SwiperSlide>
      ))}
    </Swiper>
  )
}

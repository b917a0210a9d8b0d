// The swiper carousel of one game category, in its own lazy chunk with swiper and its CSS.
import 'swiper/css'
import { A11y, Keyboard } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import type { Slot } from '../../api/contract'
import { GameCard } from './GameCard'

export default function Carousel({ games, label, onOpen }: { games: Slot[]; label: string; onOpen: (game: Slot) => void }) {
  return (
    <Swiper modules={[A11y, Keyboard]} slidesPerView={3} spaceBetween={10} keyboard={{ enabled: true, onlyInViewport: true }} a11y={{ containerMessage: label }} className="game-row">
      {games.map((game) => (
        <SwiperSlide key={game.code}>
          <GameCard game={game} onOpen={onOpen} />
        </SwiperSlide>
      ))}
    </Swiper>
  )
}

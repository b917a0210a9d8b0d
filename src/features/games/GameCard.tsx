import { useTranslation } from 'react-i18next'
import type { Currency, Slot } from '../../../contract'
import { currentLanguage } from '../../i18n/i18n'
import { cardValue } from '../../lib/games'
import { formatAmount, formatMoney, formatWhole } from '../../../contract/lib/money'

/** What every card of a row shares: the member's currency (of the wallet the cards came from), the
 *  tap, and whether the cards show their art yet. */
export interface CardRow {
  currency: Currency
  onOpen: (game: Slot) => void
  /** False while the row is away from the screen (GameCarousels): each picture (an operator's may be
   *  an SVG, a document of its own on the main thread) is asked for only as the player nears its
   *  row, not on every visit to home (issue 51: the seeded art was 34 documents as home came up,
   *  none of them on screen yet). The card keeps its size and colour meanwhile. */
  art?: boolean
  /** Told of each card as it comes into the page (GameCarousels: a card standing in for one that
   *  had the focus takes it). */
  cardRef?: (card: HTMLButtonElement | null) => void
}

/** Spec 2: background, logo, balance, name, and the balance times the game's ftWalletSlot. The
 *  button is named by what it shows, so a screen reader hears the balance too and a voice user can
 *  say the name they see (WCAG 2.5.3). */
export function GameCard({ game, currency, onOpen, art = true, cardRef }: CardRow & { game: Slot }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <button ref={cardRef} type="button" className="game-card" onClick={() => onOpen(game)} data-code={game.code}>
      <span className="game-card__art" style={art && game.background ? { backgroundImage: `url("${encodeURI(game.background)}")` } : undefined}>
        {art && game.logo && <img className="game-card__logo" src={game.logo} alt="" loading="lazy" decoding="async" width="64" height="64" />}
        {!game.isActive && game.web === null && <span className="game-card__badge">{t('games.inactive')}</span>}
      </span>
      <span className="game-card__name">{game.name}</span>
      <span className="game-card__balance" data-testid={`game-balance-${game.code}`}>{formatMoney(game.amount, language, currency)}</span>
      {/* Spec 2's value (balance × ftWalletSlot) in a player's words: credits, and the rate where it is not one to one. */}
      <span className="game-card__value">{t('games.credits', { value: formatAmount(cardValue(game), language) })}</span>
      {game.ftWalletSlot !== 1 && <span className="game-card__value">{t('games.rate', { one: formatWhole(1, language, currency), rate: formatWhole(game.ftWalletSlot, language) })}</span>}
    </button>
  )
}

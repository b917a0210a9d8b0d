import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SpinCoupon, SpinSlice } from '../../../contract'
import type { Currency } from '../../../contract'
import { currentLanguage } from '../../i18n/i18n'
import { formatDate } from '../../lib/dates'
import { formatMoney } from '../../../contract/lib/money'
import { getPlatform } from '../../platform'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { ErrorDialog } from '../../ui/ErrorDialog'
import { LoadError } from '../../ui/LoadError'
import { Modal } from '../../ui/Modal'
import { Pager } from '../../ui/Pager'
import { SafeHtml } from '../../ui/SafeHtml'
import { COUPONS_PER_PAGE, nameIn, useClaimCoupon, useCoupons, useRefreshWheel, useSpin, useWheel } from './api'
import { Wheel } from './Wheel'
import { extraTurns, landingRotation, turnFrames } from './wheel'
import { prefersReducedMotion } from '../../ui/media'
import './spin.css'

interface SpinModalProps {
  currency: Currency
  /** `saved`: a coupon was claimed (or a coin spent), so home reads the wallet again. */
  onClose: (saved: boolean) => void
}

/** What a spin won: the slice's label and amount, and the slice itself (its colours) when the wheel has it. */
interface Prize {
  label: string
  amount: number
  slice?: SpinSlice
}

/**
 * Spec 2 "Spin modal", spec 4 "Spin": the wheel and the coins, a spin that lands exactly on the
 * prize the server drew, the prize popup, and the coupons 3 a page with a claim behind a confirm.
 */
export default function SpinModal({ currency, onClose }: SpinModalProps) {
  const { t } = useTranslation()
  const wheel = useWheel()
  const refreshWheel = useRefreshWheel()
  const disc = useRef<HTMLDivElement>(null)
  const rotation = useRef(0)
  const frame = useRef(0)
  const saved = useRef(false)
  const [turning, setTurning] = useState(false)
  const [prize, setPrize] = useState<Prize | null>(null)
  const [failure, setFailure] = useState<Error | null>(null)
  const money = (amount: number) => formatMoney(amount, currentLanguage(), currency)

  // The wheel never keeps Telegram's swipe-to-close off after it stops or the modal closes.
  useEffect(() => () => {
    cancelAnimationFrame(frame.current)
    getPlatform().setVerticalSwipes(true)
  }, [])

  /** The wheel has stopped: the prize is shown (a win with the messenger's success haptic, as
   *  the wheel stops; the call's own came when the server answered) and the wheel read again. */
  const landed = (won: Prize) => {
    if (won.amount > 0) getPlatform().haptic('success')
    setPrize(won)
    refreshWheel()
  }

  /** Turns from where the wheel stands to slice `index`, frame by frame, then shows the prize. */
  const turnTo = (index: number, won: Prize) => {
    const slices = wheel.data?.slices.length ?? 0
    const reducedMotion = prefersReducedMotion()
    const to = landingRotation(rotation.current, index, slices, reducedMotion ? 0 : extraTurns(Math.random()))
    const frames = turnFrames(rotation.current, to, { reducedMotion })
    getPlatform().setVerticalSwipes(false)
    let next = 0
    const step = () => {
      rotation.current = frames[next]
      if (disc.current) disc.current.style.transform = `rotate(${rotation.current}deg)`
      next += 1
      if (next < frames.length) {
        frame.current = requestAnimationFrame(step)
        return
      }
      getPlatform().setVerticalSwipes(true)
      setTurning(false)
      landed(won)
    }
    frame.current = requestAnimationFrame(step)
  }

  const spin = useSpin({
    onSuccess: (result) => {
      saved.current = true
      const index = wheel.data?.slices.findIndex((slice) => slice.code === result.code) ?? -1
      // The wheel changed under the player (the operator's new slices): no turn to fake, the prize stands.
      if (index < 0) {
        setTurning(false)
        landed(result)
        return
      }
      turnTo(index, { ...result, slice: wheel.data?.slices[index] })
    },
    onError: (error) => {
      setTurning(false)
      setFailure(error)
    },
  })

  const coins = wheel.data?.coins ?? 0
  const noCoinsId = useId()
  const onSpin = () => {
    // Spec 4: taps are ignored while the wheel turns or when there is no coin.
    if (turning || spin.pending || coins <= 0) return
    setTurning(true)
    spin.submit()
  }

  return (
    <Modal open onClose={() => onClose(saved.current)} title={(wheel.data && nameIn(currentLanguage(), wheel.data.name, wheel.data.names)) || t('spin.title')} wide>
      <div className="stack spin-modal">
        {wheel.isError && <LoadError error={wheel.error} onRetry={() => wheel.refetch()} />}
        {wheel.isPending && <div className="skeleton wheel wheel--skeleton" aria-hidden="true" />}
        {wheel.data === null && <p className="notice" role="status">{t('spin.inactive')}</p>}
        {wheel.data && (
          <>
            <p className="spin__coins" aria-live="polite">{t('spin.coins', { count: coins })}</p>
            <Wheel ref={disc} slices={wheel.data.slices} label={t('spin.wheelLabel', { count: wheel.data.slices.length })} />
            {/* Refusing presses while the wheel turns or with no coin, but never disabled: a disabled
                button gives the focus to the page, so a keyboard player would lose their place at
                every spin (and the prize's popup would have nowhere to give it back). */}
            <Button type="button" block pending={spin.pending} onClick={onSpin} aria-busy={turning || undefined}
              aria-disabled={turning || spin.pending || coins <= 0 || undefined} aria-describedby={coins <= 0 && !turning ? noCoinsId : undefined}>
              {turning ? t('spin.spinning') : t('spin.spin')}
            </Button>
            {coins <= 0 && !turning && <p id={noCoinsId} className="muted spin__hint">{t('spin.noCoins')}</p>}
            <Prizes slices={wheel.data.slices} />
          </>
        )}
        <Coupons currency={currency} onClaimed={() => { saved.current = true }} />
      </div>
      <PrizePopup prize={prize} money={money} onClose={() => setPrize(null)} />
      <ErrorDialog error={failure} onClose={() => setFailure(null)} />
    </Modal>
  )
}

/** What each prize is (spec 3: a slice's htmlDescription), sanitized; only when the wheel has any. */
function Prizes({ slices }: { slices: readonly SpinSlice[] }) {
  const { t } = useTranslation()
  const described = slices.filter((slice) => slice.htmlDescription)
  if (described.length === 0) return null
  return (
    <details className="spin__prizes">
      <summary>{t('spin.prizes')}</summary>
      <dl>
        {described.map((slice, index) => (
          <div key={`${slice.code}-${index}`} className="spin__prize-row">
            <dt>{slice.label}</dt>
            <dd><SafeHtml className="rich-text" html={slice.htmlDescription ?? ''} /></dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

/** The prize, celebrated when there is one: the slice's label in its own colours, the amount won. */
function PrizePopup({ prize, money, onClose }: { prize: Prize | null; money: (amount: number) => string; onClose: () => void }) {
  const { t } = useTranslation()
  const textId = useId()
  const won = prize !== null && prize.amount > 0
  return (
    <Modal open={prize !== null} onClose={onClose} title={t('spin.prizeTitle')} describedBy={textId}>
      <div className="stack">
        {won && (
          <div className="prize-win" aria-hidden="true">
            <span className="prize-win__label" style={prize.slice ? { background: prize.slice.bgColor, color: prize.slice.textColor } : undefined}>{prize.label}</span>
          </div>
        )}
        {won && <p className="prize-win__amount">{money(prize.amount)}</p>}
        <p id={textId} className="spin__prize">
          {prize && (won ? t('spin.prizeWon', { prize: money(prize.amount) }) : t('spin.prizeNone'))}
        </p>
        <Button type="button" block onClick={onClose}>{t('spin.ok')}</Button>
      </div>
    </Modal>
  )
}

/** The coupons won (spec 2: 3 a page), each claimable behind a confirm until it expires. */
function Coupons({ currency, onClaimed }: { currency: Currency; onClaimed: () => void }) {
  const { t } = useTranslation()
  const coupons = useCoupons()
  const [page, setPage] = useState(1)
  const [confirming, setConfirming] = useState<SpinCoupon | null>(null)
  const [failure, setFailure] = useState<Error | null>(null)
  const headingId = useId()
  const language = currentLanguage()
  const money = (amount: number) => formatMoney(amount, language, currency)
  const prizeOf = (coupon: SpinCoupon) => `${coupon.prize?.slice?.label ?? ''} (${money(Number(coupon.amount) || 0)})`
  const claim = useClaimCoupon({
    onSuccess: (answer, coupon) => {
      setConfirming(null)
      onClaimed()
      // The prize the server booked (spec 8), else the coupon as shown (an operator's API may not say).
      const prize = answer?.prize ? `${answer.prize.label} (${money(Number(answer.prize.amount) || 0)})` : prizeOf(coupon)
      showToast(t('spin.claimSuccess', { prize }), 'success')
    },
    onError: (error) => {
      setConfirming(null)
      setFailure(error)
    },
  })
  const all = coupons.data ?? []
  const pages = Math.max(1, Math.ceil(all.length / COUPONS_PER_PAGE))
  const shown = Math.min(page, pages)
  const rows = all.slice((shown - 1) * COUPONS_PER_PAGE, shown * COUPONS_PER_PAGE)
  // When the list was read: a coupon past its time shows as expired (no clock read while rendering).
  const now = coupons.dataUpdatedAt
  return (
    <section className="coupons" aria-labelledby={headingId}>
      <h3 id={headingId} className="coupons__title">{t('spin.coupons')}</h3>
      {coupons.isError && <LoadError error={coupons.error} onRetry={() => coupons.refetch()} />}
      {coupons.isPending && <div className="skeleton coupons__skeleton" aria-hidden="true" />}
      {coupons.data && all.length === 0 && <p className="muted">{t('spin.noCoupons')}</p>}
      {rows.length > 0 && (
        <ul className="coupons__list">
          {rows.map((coupon) => {
            const expired = Date.parse(coupon.expiresAt) <= now
            return (
              <li key={coupon._id} className="coupons__item">
                <span className="coupons__prize">
                  <span className="coupons__amount">{money(Number(coupon.amount) || 0)}</span>
                  <span className="coupons__name">{t('spin.couponOf', { prize: coupon.prize?.slice?.label ?? '', wheel: nameIn(language, coupon.prize?.name, coupon.prize?.names) })}</span>
                  <span className="muted small">{t('spin.until', { date: formatDate(coupon.expiresAt, language) })}</span>
                </span>
                {coupon.claimed ? <span className="coupons__state">{t('spin.claimed')}</span>
                  : expired ? <span className="coupons__state">{t('spin.expired')}</span>
                  : <Button type="button" variant="secondary" onClick={() => setConfirming(coupon)}>{t('spin.claim')}</Button>}
              </li>
            )
          })}
        </ul>
      )}
      <Pager label={t('spin.coupons')} page={shown} pages={pages} onPage={setPage} />
      <Modal open={confirming !== null} onClose={() => setConfirming(null)} title={t('spin.claimTitle')} role="alertdialog">
        <div className="stack">
          <p>{confirming && t('spin.claimText', { prize: prizeOf(confirming) })}</p>
          <Button type="button" block pending={claim.pending} firstClickOnly onClick={() => confirming && claim.submit(confirming)}>{t('spin.claimConfirm')}</Button>
          <Button type="button" variant="secondary" block disabled={claim.pending} onClick={() => setConfirming(null)}>{t('spin.cancel')}</Button>
        </div>
      </Modal>
      <ErrorDialog error={failure} onClose={() => setFailure(null)} />
    </section>
  )
}

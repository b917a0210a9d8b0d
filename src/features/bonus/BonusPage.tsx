import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useBonusActive } from '../../api/bonusActive'
import type { BonusItem } from '../../../contract'
import { errorMessage, isApiError } from '../../api/errors'
import type { Currency } from '../../../contract'
import { useWallet } from '../../api/wallet'
import { currentLanguage } from '../../i18n/i18n'
import { bonusCardState, type BonusCardState } from '../../../contract/lib/bonusLimits'
import { currencyOf, formatMoney } from '../../../contract/lib/money'
import { required } from '../../../contract/lib/validation'
import { showToast } from '../../state/ui'
import { BannerCarousel } from '../../ui/BannerCarousel'
import { Button } from '../../ui/Button'
import { ErrorDialog } from '../../ui/ErrorDialog'
import { TextField } from '../../ui/Field'
import { LoadError } from '../../ui/LoadError'
import { Spinner } from '../../ui/Loader'
import { Modal } from '../../ui/Modal'
import { fillNotice, useActivateBonus, useActivatePromotion, useBonuses, useBonusNotice, useClearBonus, usePromotion } from './api'
import './bonus.css'

/**
 * Spec 2 "Bonus": the bonus held with its cancel button, or the promo code form; then the grid of
 * bonus cards in their spec 4 states, each opening its bonus modal.
 */
export function BonusPage() {
  const { t } = useTranslation()
  const active = useBonusActive()
  const bonuses = useBonuses()
  const wallet = useWallet()
  const currency = currencyOf(wallet.data?.wallet.currency)
  const [openCode, setOpenCode] = useState<string | null>(null)
  const opened = bonuses.data?.find((item) => item.code === openCode)
  // Cards are in their state as of when the list was read (a day bonus opens again after midnight on the next read).
  const now = bonuses.dataUpdatedAt

  return (
    <section aria-labelledby="bonus-title" className="bonus-page">
      <div className="page-head"><h1 id="bonus-title">{t('member.bonus')}</h1></div>
      <div className="bonus-page__top" aria-busy={active.isPending || undefined}>
        {active.isError && <LoadError error={active.error} onRetry={() => active.refetch()} />}
        {active.isPending && <div className="skeleton bonus-page__top-skeleton" />}
        {active.data?.status === true && <HeldBonus name={active.data.name ?? active.data.code ?? ''} kind={active.data.type ?? 'bonus'} turnover={active.data.turnover} currency={currency} />}
        {active.data && active.data.status !== true && <PromoForm />}
      </div>

      <h2 className="bonus-page__subtitle">{t('bonus.cardsTitle')}</h2>
      {bonuses.isError && <LoadError error={bonuses.error} onRetry={() => bonuses.refetch()} />}
      {bonuses.isPending && (
        <ul className="bonus-grid" aria-hidden="true">
          {[0, 1, 2].map((i) => <li key={i} className="skeleton bonus-card bonus-card--skeleton" />)}
        </ul>
      )}
      {bonuses.data && bonuses.data.length === 0 && <p className="card muted">{t('bonus.noCards')}</p>}
      {bonuses.data && bonuses.data.length > 0 && (
        <ul className="bonus-grid">
          {bonuses.data.map((item) => (
            <li key={item.code}>
              <BonusCard item={item} state={bonusCardState(item, now)} onOpen={() => setOpenCode(item.code)} />
            </li>
          ))}
        </ul>
      )}
      {opened && (
        <BonusModal item={opened} state={bonusCardState(opened, now)} currency={currency} onClose={() => setOpenCode(null)} />
      )}
    </section>
  )
}

function BonusCard({ item, state, onOpen }: { item: BonusItem; state: BonusCardState; onOpen: () => void }) {
  const { t } = useTranslation()
  const banner = item.banners[0]?.image
  const label = state === 'current' ? t('bonus.current') : state === 'received' ? t('bonus.received') : t(`bonus.limit.${item.type}`, { count: item.maxReceived })
  return (
    <button type="button" className={`bonus-card bonus-card--${state}`} disabled={state === 'received'} onClick={onOpen}>
      {banner && <img className="bonus-card__art" src={banner} alt="" width={600} height={300} loading="lazy" decoding="async" />}
      <span className="bonus-card__text">
        <span className="bonus-card__name">{item.name}</span>
        <span className={`bonus-card__state bonus-card__state--${state}`}>{label}</span>
      </span>
    </button>
  )
}

/** The bonus modal (spec 2): its banners, the notice with percentFail put in, receive (or OK when it is the one held). */
function BonusModal({ item, state, currency, onClose }: { item: BonusItem; state: BonusCardState; currency: Currency; onClose: () => void }) {
  const { t } = useTranslation()
  const [failure, setFailure] = useState<Error | null>(null)
  const receive = useActivateBonus(item.code, {
    onSuccess: () => {
      showToast(t('bonus.receivedToast', { name: item.name }), 'success')
      onClose()
    },
    onError: setFailure,
  })
  const terms = t('bonus.terms', {
    percent: item.percent,
    max: formatMoney(item.maxBonus, currentLanguage(), currency),
    turnover: item.turnover,
  })
  return (
    <Modal open onClose={onClose} title={item.name}>
      <div className="stack">
        {item.banners.length > 0 && <BannerCarousel banners={item.banners} />}
        {item.percent > 0 && <p className="bonus-modal__terms">{terms}</p>}
        <BonusNotice percentFail={item.percentFail} />
        {state === 'current' ? (
          <Button type="button" block onClick={onClose}>{t('bonus.ok')}</Button>
        ) : (
          <Button type="button" block disabled={state === 'received'} pending={receive.pending} firstClickOnly onClick={() => receive.submit()}>
            {t('bonus.receive')}
          </Button>
        )}
      </div>
      <ErrorDialog error={failure} onClose={() => setFailure(null)} />
    </Modal>
  )
}

/**
 * The notice of a bonus or promotion (spec 2, 7): the operator's text from the notice lookup with
 * the bonus's percentFail put in; the app's own words when the operator has none or it cannot be read.
 */
function BonusNotice({ percentFail }: { percentFail: number }) {
  const { t } = useTranslation()
  const notice = useBonusNotice()
  if (notice.isPending) return <div className="skeleton bonus-notice__skeleton" aria-hidden="true" />
  return (
    <p className="notice" role="note">
      {notice.data ? fillNotice(notice.data, percentFail) : t('bonus.notice', { percentFail })}
    </p>
  )
}

/** Played so far of what the held bonus needs, in words and as a bar (issue 29). */
function TurnoverProgress({ played, target, currency }: { played: number; target: number; currency: Currency }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const labelId = useId()
  const percent = Math.min(100, Math.max(0, Math.floor((played / target) * 100)))
  const words = t('bonus.turnoverPlayed', { played: formatMoney(played, language, currency), target: formatMoney(target, language, currency) })
  return (
    <div className="bonus-held__turnover">
      <p className="bonus-held__turnover-words">
        <span id={labelId}>{t('bonus.turnover')}</span>
        <span>{words}</span>
      </p>
      <div className="bonus-held__bar" role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={words}>
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

/** Spec 1's rule a cancel can break: the balance not yet under the threshold (an operator's API may say it without figures). */
const CANCEL_RULES = new Set(['BONUS_CONDITION'])

/** The bonus held (spec 2): its name and kind, how far its turnover is, and cancelling it behind a
 *  dialog that states spec 1's rules. */
function HeldBonus({ name, kind, turnover, currency }: { name: string; kind: string; turnover?: { played: number; target: number }; currency: Currency }) {
  const { t } = useTranslation()
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<Error | null>(null)
  // A rule of spec 1 that stopped the cancel: said on the card, with its figures, not in a dialog.
  const [refusal, setRefusal] = useState<string | null>(null)
  const rulesId = useId()
  const cancel = useClearBonus({
    onSuccess: (answer) => {
      setConfirming(false)
      setRefusal(null)
      showToast(errorMessage(answer.message || 'BONUS_CLEAR'), 'success')
    },
    onError: (error) => {
      setConfirming(false)
      if (isApiError(error) && CANCEL_RULES.has(error.code)) setRefusal(error.message)
      else setFailure(error)
    },
  })
  return (
    <div className="card bonus-held" data-testid="bonus-held">
      <p className="muted bonus-held__label">{t('bonus.heldTitle')}</p>
      <p className="bonus-held__name">
        <strong>{name}</strong>
        <span className="bonus-held__kind">{t(kind === 'promotion' ? 'bonus.kindPromotion' : 'bonus.kindBonus')}</span>
      </p>
      {turnover && turnover.target > 0 && <TurnoverProgress {...turnover} currency={currency} />}
      {refusal && <p className="notice notice--error" role="alert">{refusal}</p>}
      <Button type="button" variant="secondary" block onClick={() => setConfirming(true)}>{t('bonus.cancel')}</Button>
      <Modal open={confirming} onClose={() => setConfirming(false)} title={t('bonus.cancelTitle')} role="alertdialog" describedBy={rulesId}>
        <div className="stack">
          <div id={rulesId} className="stack bonus-held__rules">
            <p>{t('bonus.cancelRuleThreshold')}</p>
            <p><strong>{t('bonus.cancelRuleGames')}</strong></p>
          </div>
          <Button type="button" variant="danger" block pending={cancel.pending} firstClickOnly onClick={() => cancel.submit()}>{t('bonus.cancelConfirm')}</Button>
          <Button type="button" variant="secondary" block disabled={cancel.pending} onClick={() => setConfirming(false)}>{t('bonus.cancelKeep')}</Button>
        </div>
      </Modal>
      <ErrorDialog error={failure} onClose={() => setFailure(null)} />
    </div>
  )
}

/** The promo code form (spec 2, 5): upper-cased as typed, required, and the search opens the promotion modal. */
function PromoForm() {
  const { t } = useTranslation()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [searched, setSearched] = useState<string | null>(null)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const missing = required(code)
    if (missing) {
      setError(t(missing))
      return
    }
    setSearched(code.trim().toUpperCase())
  }
  return (
    <>
    <form className="card stack bonus-promo" noValidate onSubmit={onSubmit} aria-labelledby="promo-title">
      <h2 id="promo-title" className="bonus-promo__title">{t('bonus.promoTitle')}</h2>
      <div className="bonus-promo__row">
        <TextField label={t('bonus.promoCode')} name="promotion" autoCapitalize="characters" autoComplete="off" spellCheck={false}
          maxLength={32} value={code} error={error}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase())
            setError(undefined)
          }} />
        <Button type="submit">{t('bonus.search')}</Button>
      </div>
    </form>
    {searched && <PromotionModal code={searched} onClose={() => setSearched(null)} />}
    </>
  )
}

/** The promotion modal (spec 2): searching, not found, or the promotion with its receive button. */
function PromotionModal({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation()
  const [failure, setFailure] = useState<Error | null>(null)
  const found = usePromotion(code)
  const receive = useActivatePromotion(code, {
    onSuccess: () => {
      showToast(t('bonus.promoReceived', { code }), 'success')
      onClose()
    },
    onError: setFailure,
  })
  return (
    <Modal open onClose={onClose} title={t('bonus.promoModalTitle', { code })}>
      <div className="stack" aria-live="polite" aria-busy={found.isPending || undefined}>
        {found.isPending && <p className="bonus-promo__searching"><Spinner /> {t('bonus.searching')}</p>}
        {found.isError && <LoadError error={found.error} onRetry={() => found.refetch()} />}
        {found.data === null && <p className="notice" role="status">{t('bonus.promoNotFound')}</p>}
        {found.data && (
          <>
            <p className="bonus-promo__description">{found.data.description}</p>
            <BonusNotice percentFail={found.data.percentFail} />
            <Button type="button" block pending={receive.pending} firstClickOnly onClick={() => receive.submit()}>{t('bonus.receive')}</Button>
          </>
        )}
        {!found.data && !found.isPending && <Button type="button" variant="secondary" block onClick={onClose}>{t('bonus.ok')}</Button>}
      </div>
      <ErrorDialog error={failure} onClose={() => setFailure(null)} />
    </Modal>
  )
}

import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearchParams } from 'wouter'
import { getConfig } from '../../../api/config'
import { paths } from '../../../../contract/lib/paths'
import { stateNumber, stateObject } from '../../../lib/historyState'
import { parseInviteCode } from '../../../lib/inviteCode'
import { storageKeys } from '../../../lib/storage'
import { layerDepth, pushLayer } from '../../../ui/historyLayer'
import { CheckIcon } from '../../../ui/icons'
import { clearDraft, restoreDraft, saveDraft, type Step } from './draft'
import { StepBank } from './StepBank'
import { StepOtp } from './StepOtp'
import { StepPhone } from './StepPhone'
import { StepProfile } from './StepProfile'
import type { PhoneOffer, StepProps } from './stepProps'
import { REGISTERED_PHONE } from '../redirect'
import { useTakeOverPrerendered } from '../../../ui/prerendered'

/** Spec 9: the redirect to /login after a successful registration. */
export const REDIRECT_AFTER_REGISTER_MS = 2000

const STEPS = { 1: StepPhone, 2: StepOtp, 3: StepProfile, 4: StepBank } as const

const stepInHistory = (): Step | undefined => stateNumber('registerStep') as Step | undefined

/** `?code=` is stored as `code` and locks the inviter field (spec 2); so does a stored code.
 *  Read once, when the wizard opens. */
function useInviterCode(): string {
  const [params] = useSearchParams()
  const [code] = useState(() => {
    const fromUrl = parseInviteCode(params.get('code') ?? '')
    if (fromUrl) localStorage.setItem(storageKeys.inviterCode, fromUrl)
    return fromUrl ?? localStorage.getItem(storageKeys.inviterCode) ?? ''
  })
  return code
}

/** The 4-step wizard of spec 2 and 4. Each step after the first is a history entry, so back
 *  (browser, Android, Telegram) returns to the previous step with everything typed kept. */
export function RegisterPage({ PhoneOffer }: { PhoneOffer: PhoneOffer }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const { variant } = getConfig()
  useTakeOverPrerendered(paths.register)
  const inviter = useInviterCode()
  const [draft, setDraft] = useState(() => restoreDraft(variant, inviter))
  const [path, setPath] = useState<Step[]>([1])
  // The phone just registered: /login opens with it filled in (issue 29).
  const [registered, setRegistered] = useState<string | null>(null)
  const [inviterLocked, setInviterLocked] = useState(inviter !== '')
  const step = path[path.length - 1]
  const pathRef = useRef(path)
  useEffect(() => {
    pathRef.current = path
  })

  useEffect(() => saveDraft(draft), [draft])

  useEffect(() => {
    // A step entry left by an earlier visit (a reload, a trip to another screen) means nothing now.
    if (stepInHistory()) window.history.replaceState({ ...stateObject(), registerStep: undefined }, '')
    const onPop = () => {
      const index = pathRef.current.lastIndexOf(stepInHistory() ?? 1)
      if (index >= 0) setPath(pathRef.current.slice(0, index + 1))
      else window.history.back()
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])

  useEffect(() => {
    if (registered === null) return
    const toLogin = () => navigate(paths.login, { replace: true, state: { [REGISTERED_PHONE]: registered } })
    // Unwind the wizard's step entries first, so back from /login does not walk through them.
    const timer = setTimeout(() => {
      const steps = pathRef.current.length - 1
      if (steps === 0) return toLogin()
      window.addEventListener('popstate', toLogin, { once: true })
      window.history.go(-steps)
    }, REDIRECT_AFTER_REGISTER_MS)
    return () => clearTimeout(timer)
  }, [registered, navigate])

  const props: StepProps = {
    PhoneOffer,
    draft,
    update: (patch) => setDraft((current) => ({ ...current, ...patch })),
    next: (target) => {
      pushLayer({ registerStep: target })
      setPath((current) => [...current, target])
    },
    back: () => (layerDepth() > 0 && stepInHistory() ? window.history.back() : setPath([1])),
    done: () => {
      clearDraft()
      setRegistered(draft.phone)
    },
    inviterLocked,
    unlockInviter: () => {
      localStorage.removeItem(storageKeys.inviterCode)
      window.history.replaceState(window.history.state, '', window.location.pathname)
      setInviterLocked(false)
    },
  }

  if (registered !== null) {
    return (
      <section className="card center stack register-done" role="status">
        <span className="success-mark"><CheckIcon /></span>
        <h1>{t('register.successTitle')}</h1>
        <p className="muted">{t('register.successText')}</p>
      </section>
    )
  }

  const Current = STEPS[step]
  return (
    <section className="card" aria-labelledby="register-title">
      <h1 id="register-title" className="auth-title">{t('register.title')}</h1>
      <ol className="steps" aria-label={t('register.progress', { step, total: 4 })}>
        {([1, 2, 3, 4] as const).map((n) => (
          <li key={n} className={n === step ? 'steps__item steps__item--current' : n < step ? 'steps__item steps__item--done' : 'steps__item'}
            aria-current={n === step ? 'step' : undefined}>
            <span className="steps__dot">{n}</span>
            <span className="steps__label">{t(`register.step${n}`)}</span>
          </li>
        ))}
      </ol>
      <h2 className="step-title">{t(`register.step${step}Title`)}</h2>
      {inviterLocked && step === 1 && <p className="notice">{t('register.invitedBy', { code: inviter })}</p>}
      <Current key={step} {...props} />
      {step > 2 && (
        <button type="button" className="link-button step-back" onClick={props.back}>{t('common.back')}</button>
      )}
      <p className="center auth-switch">
        {t('register.haveAccount')} <Link href={paths.login}>{t('register.toLogin')}</Link>
      </p>
    </section>
  )
}

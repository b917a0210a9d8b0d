import { useMutation } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSubmit } from '../../api/useSubmit'
import { currentLanguage } from '../../i18n/i18n'
import { autoLoginParams, type AutoLoginParams } from '../../lib/games'
import { currencyOf, formatMoney } from '../../../contract/lib/money'
import { slotTransferDisabled, WALLET } from '../../lib/walletRules'
import { getPlatform } from '../../platform'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { copyWithToast } from '../../ui/copy'
import { useFocusIfLost } from '../../ui/useFocusIfLost'
import { CopyIcon, EyeIcon, EyeOffIcon } from '../../ui/icons'
import { Modal } from '../../ui/Modal'
import { useWallet } from '../../api/wallet'
import { getConfig } from '../../api/config'
import { safeUrl } from '../../lib/url'
import { alreadyActive, autoLoginLink, useActivateSlot, useCredentials, useResetPassword } from './api'
import { Skeleton } from '../../ui/Loader'

interface SlotAccountModalProps {
  open: boolean
  code: string
  onClose: (saved: boolean) => void
  onTransfer: (from: string, to: string) => void
}

const haptic = (ok: boolean) => getPlatform().haptic(ok ? 'success' : 'error')

/**
 * The auto-login link as it is opened: only http(s), through safeUrl like every other link from
 * the server (a `javascript:` or `data:` link is never opened); a path is on the API that gave it.
 */
function launchUrl(link: string): string | undefined {
  const url = safeUrl(link)
  return url && new URL(url, new URL(getConfig().apiBase || '/', window.location.href)).toString()
}

/** Spec 2 "Slot account detail": activate, the credentials with copy, reset password, auto-login. */
export function SlotAccountModal({ open, code, onClose, onTransfer }: SlotAccountModalProps) {
  const { t } = useTranslation()
  const wallet = useWallet()
  const [saved, setSaved] = useState(false)
  // Which game's password is shown: none once the modal closes, so it opens hidden again.
  const [shownFor, setShownFor] = useState<string | null>(null)
  if (!open && shownFor !== null) setShownFor(null)
  const passwordShown = open && shownFor === code
  const game = wallet.data?.slots.find((slot) => slot.code.toUpperCase() === code.toUpperCase())
  const active = game?.isActive ?? false
  const credentials = useCredentials(code, open && active)
  // The account opened takes the place of the button that opened it: its details take the focus.
  const details = useRef<HTMLDListElement>(null)
  useFocusIfLost(() => details.current, credentials.data !== undefined)

  const activate = useActivateSlot(code, (error, opened) => {
    haptic(!error)
    // Already active is not a failure for the player: the account is there, show it.
    if (opened) setSaved(true)
  })
  const reset = useResetPassword(code, {
    onSuccess: () => {
      haptic(true)
      showToast(t('games.passwordReset'), 'success')
    },
    onError: () => haptic(false),
  })
  const launch = useMutation({
    mutationFn: async (params: AutoLoginParams) => {
      const url = launchUrl((await autoLoginLink(params)).link)
      if (!url) throw new Error(t('games.unsafeLink'))
      return url
    },
    meta: { handlesError: true },
    onSuccess: (url) => {
      haptic(true)
      getPlatform().openExternal(url)
    },
    onError: () => haptic(false),
  })
  const submitActivate = useSubmit(activate)
  const submitReset = useSubmit(reset)
  const submitLaunch = useSubmit(launch)
  const loginParams = credentials.data ? autoLoginParams(code, credentials.data) : null
  const walletEmpty = slotTransferDisabled(wallet.data?.wallet.amount ?? 0)
  const walletEmptyId = useId()
  const failure = activate.error ?? reset.error ?? launch.error ?? credentials.error
  const shownFailure = failure && !alreadyActive(failure) ? failure : null

  return (
    <Modal open={open} onClose={() => onClose(saved)} title={game?.name ?? code}>
      <div className="stack">
        {game && (
          <p className="muted">
            {t('games.balance')} <strong data-testid="slot-balance">{formatMoney(game.amount, currentLanguage(), currencyOf(wallet.data?.wallet.currency))}</strong>
          </p>
        )}
        {shownFailure && <p className="notice notice--error" role="alert">{shownFailure.message}</p>}
        {!active ? (
          <>
            <p>{t('games.activateHint')}</p>
            <Button type="button" block pending={activate.isPending} onClick={() => submitActivate()}>{t('games.activate')}</Button>
          </>
        ) : (
          <>
            {credentials.isPending && <Skeleton height={116} />}
            {credentials.data && (
              <dl ref={details} tabIndex={-1} className="stack" aria-label={t('games.credentials')}>
                {(['username', 'password'] as const).map((field) => {
                  // The password is hidden until asked for (issue 29): a game login is a wallet's key.
                  const hidden = field === 'password' && !passwordShown
                  return (
                    <div key={field} className="credential">
                      <div>
                        <dt>{t(`games.${field}`)}</dt>
                        <dd data-testid={`credential-${field}`}>{hidden ? '•'.repeat(8) : credentials.data[field]}</dd>
                      </div>
                      <span className="credential__actions">
                        {field === 'password' && (
                          <button type="button" className="icon-button" aria-label={t(passwordShown ? 'common.hidePassword' : 'common.showPassword')} aria-pressed={passwordShown} onClick={() => setShownFor(passwordShown ? null : code)}>
                            {passwordShown ? <EyeOffIcon /> : <EyeIcon />}
                          </button>
                        )}
                        <button type="button" className="icon-button" aria-label={t('games.copy', { what: t(`games.${field}`) })} onClick={() => void copyWithToast(credentials.data[field])}>
                          <CopyIcon />
                        </button>
                      </span>
                    </div>
                  )
                })}
              </dl>
            )}
            {loginParams && (
              <Button type="button" block pending={launch.isPending} onClick={() => submitLaunch(loginParams)}>{t('games.play')}</Button>
            )}
            <Button type="button" variant="secondary" block pending={reset.isPending} disabled={!credentials.data} onClick={() => submitReset()}>
              {t('games.resetPassword')}
            </Button>
            <div className="money-row">
              <Button type="button" variant="secondary" disabled={walletEmpty} aria-describedby={walletEmpty ? walletEmptyId : undefined} onClick={() => onTransfer(WALLET, game?.code ?? code)}>{t('games.transferIn')}</Button>
              <Button type="button" variant="secondary" disabled={walletEmpty || !game || !(game.amount > 0)} onClick={() => onTransfer(game?.code ?? code, WALLET)}>{t('games.transferOut')}</Button>
            </div>
            {walletEmpty && <p id={walletEmptyId} className="muted">{t('games.walletEmpty')}</p>}
          </>
        )}
      </div>
    </Modal>
  )
}

export default SlotAccountModal

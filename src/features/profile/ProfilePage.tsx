import { lazy, Suspense, useId, useState, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../i18n/i18n'
import { languages, nativeNames } from '../../../contract/lib/language'
import { bankName } from '../../lib/banks'
import { groupAccountNumber, maskPhone } from '../../../contract/lib/validation'
import { formatDay } from '../../lib/time'
import { getConfig } from '../../api/config'
import { useProfile } from '../../api/profile'
import { chooseLanguage } from '../../state/ui'
import { BankLogo } from '../../ui/BankLogo'
import { ChevronIcon, LockIcon } from '../../ui/icons'
import { LoadError } from '../../ui/LoadError'
import { messageChannels } from '../../api/notifyChannels'
import { passkeysOffered } from '../../api/identity/passkeysOffered'
import { quickUnlockOffered } from '../../api/identity/quickUnlockOffered'
import { usePlatform } from '../../platform'
import type { BiometricVault } from '../../platform/types'
import './profile.css'
import { Skeleton } from '../../ui/Loader'

const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'))
const MessagesSection = lazy(() => import('./MessagesSection'))

/** Spec 2 "Profile": who the member is (name, masked phone as the username, id, since when), the
 *  bank account withdrawals go to, and the settings: a labelled row opens the password change (the
 *  spec's lock), the language, the app's version. */
/** The member's ways in (issue 31), drawn by the identity feature and handed in by the app
 *  (src/app/identity.tsx): linked messengers, and lazily, with their calls, passkeys where they are
 *  offered and quick unlock inside Telegram where it is offered. */
export interface IdentitySections {
  Messengers: ComponentType
  Passkeys: ComponentType
  QuickUnlock: ComponentType<{ biometry: BiometricVault }>
}

export function ProfilePage({ identitySections: sections }: { identitySections: IdentitySections }) {
  const { t } = useTranslation()
  const profile = useProfile()
  const [changing, setChanging] = useState(false)
  const data = profile.data
  const bankAccount = data?.bankAccount
  const language = currentLanguage()
  const languageLabel = useId()
  // An operator's API may leave a field out: the screen shows what came.
  const name = String(data?.profile.name ?? '')
  const identity = getConfig().identity
  const { platform, ready } = usePlatform()
  return (
    <section aria-labelledby="profile-title" className="profile">
      <h1 id="profile-title">{t('profile.title')}</h1>
      {profile.isPending && <Skeleton className="card profile__skeleton" />}
      {profile.isError && <LoadError error={profile.error} onRetry={() => profile.refetch()} />}
      {data && (
        <>
          <div className="card profile__who">
            <span className="profile__avatar" aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>
            <div className="profile__id">
              <p className="profile__name">{name}</p>
              <p className="profile__phone"><span className="visually-hidden">{t('profile.username')} </span>{maskPhone(String(data.profile.username ?? ''))}</p>
            </div>
          </div>
          <dl className="card facts profile__facts">
            <dt>{t('profile.id')}</dt><dd>{data.profile._id}</dd>
            <dt>{t('profile.createdAt')}</dt><dd>{formatDay(data.profile.createdAt)}</dd>
          </dl>
          {bankAccount && (
            <div className="card profile__bank" role="group" aria-labelledby="profile-bank">
              <h2 id="profile-bank" className="profile__heading">{t('profile.bankTitle')}</h2>
              <div className="profile__bank-line">
                <BankLogo code={bankAccount.bankCode} />
                <div>
                  <p className="profile__bank-name"><span className="visually-hidden">{t('profile.bank')} </span>{bankName(bankAccount.bank, language, bankAccount.bankCode)}</p>
                  <p className="profile__holder"><span className="visually-hidden">{t('profile.bankAccountName')} </span>{bankAccount.bankAccountName}</p>
                </div>
              </div>
              <p className="profile__number"><span className="visually-hidden">{t('profile.bankAccountNo')} </span>{groupAccountNumber(bankAccount.bankAccountNo)}</p>
            </div>
          )}
        </>
      )}
      {/* Issue 31: only where the operator switched a messenger's sign-in on. */}
      {(identity?.telegram || identity?.line) && <sections.Messengers />}
      {/* Issue 50: only where the server writes through a messenger. */}
      {messageChannels().length > 0 && <Suspense fallback={null}><MessagesSection /></Suspense>}
      {/* Passkeys only in a plain browser: LINE's and Telegram's webviews do not hold them reliably. */}
      {ready && passkeysOffered(platform.kind) && <Suspense fallback={null}><sections.Passkeys /></Suspense>}
      {ready && quickUnlockOffered(platform.kind, platform.biometry) && <Suspense fallback={null}><sections.QuickUnlock biometry={platform.biometry} /></Suspense>}
      <div className="card profile__settings">
        <button type="button" className="profile__row" aria-haspopup="dialog" onClick={() => setChanging(true)}>
          <span className="profile__row-icon"><LockIcon /></span>
          <span className="profile__row-text">{t('profile.changePassword')}</span>
          <ChevronIcon />
        </button>
        <div className="profile__row profile__row--language" role="radiogroup" aria-labelledby={languageLabel}>
          <span id={languageLabel} className="profile__row-text">{t('common.language')}</span>
          <span className="profile__languages">
            {languages.map((choice) => (
              <label key={choice} lang={choice === 'la' ? 'lo' : choice}>
                <input
                  type="radio"
                  name="profile-language"
                  value={choice}
                  checked={language === choice}
                  onChange={(event) => chooseLanguage(event.target.value, t('common.loadFailed'))}
                />
                <span>{nativeNames[choice]}</span>
              </label>
            ))}
          </span>
        </div>
      </div>
      <p className="center muted small profile__version">{t('contact.version', { version: __APP_VERSION__ })}</p>
      <Suspense fallback={null}>{changing && <ChangePasswordModal onClose={() => setChanging(false)} />}</Suspense>
    </section>
  )
}

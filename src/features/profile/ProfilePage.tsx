import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../i18n/i18n'
import { bankName } from '../../lib/banks'
import { groupAccountNumber } from '../../lib/validation'
import { formatDateTime } from '../../lib/time'
import { useProfile } from '../../api/profile'
import { LockIcon } from '../../ui/icons'
import { LoadError } from '../../ui/LoadError'

const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'))

/** Spec 2 "Profile": who the member is and where withdrawals go; the lock opens the password change. */
export function ProfilePage() {
  const { t } = useTranslation()
  const profile = useProfile()
  const [changing, setChanging] = useState(false)
  const bankAccount = profile.data?.bankAccount
  return (
    <section aria-labelledby="profile-title">
      <div className="page-head">
        <h1 id="profile-title">{t('profile.title')}</h1>
        <button type="button" className="icon-button profile__lock" aria-label={t('profile.changePassword')} aria-haspopup="dialog" onClick={() => setChanging(true)}>
          <LockIcon />
        </button>
      </div>
      <div className="card">
        {profile.isPending && <div className="skeleton" style={{ height: 220 }} aria-label={t('common.loading')} />}
        {profile.isError && <LoadError error={profile.error} onRetry={() => profile.refetch()} />}
        {profile.data && bankAccount && (
          <dl className="facts">
            <dt>{t('profile.name')}</dt><dd>{profile.data.profile.name}</dd>
            <dt>{t('profile.id')}</dt><dd>{profile.data.profile._id}</dd>
            <dt>{t('profile.createdAt')}</dt><dd>{formatDateTime(profile.data.profile.createdAt)}</dd>
            <dt>{t('profile.username')}</dt><dd>{profile.data.profile.username}</dd>
            <dt>{t('profile.bankAccountName')}</dt><dd>{bankAccount.bankAccountName}</dd>
            <dt>{t('profile.bank')}</dt><dd>{bankName(bankAccount.bank, currentLanguage(), bankAccount.bankCode)}</dd>
            <dt>{t('profile.bankAccountNo')}</dt><dd>{groupAccountNumber(bankAccount.bankAccountNo)}</dd>
          </dl>
        )}
      </div>
      <Suspense fallback={null}>{changing && <ChangePasswordModal onClose={() => setChanging(false)} />}</Suspense>
    </section>
  )
}

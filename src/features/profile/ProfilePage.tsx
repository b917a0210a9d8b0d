import { useTranslation } from 'react-i18next'
import { groupAccountNumber } from '../../lib/validation'
import { formatDateTime } from '../../lib/time'
import { useProfile } from '../../api/profile'
import { LoadError } from '../../ui/LoadError'

/** Spec 2 "Profile": who the member is and where withdrawals go. */
export function ProfilePage() {
  const { t } = useTranslation()
  const profile = useProfile()
  return (
    <section aria-labelledby="profile-title">
      <div className="page-head"><h1 id="profile-title">{t('profile.title')}</h1></div>
      <div className="card">
        {profile.isPending && <div className="skeleton" style={{ height: 220 }} aria-label={t('common.loading')} />}
        {profile.isError && <LoadError error={profile.error} onRetry={() => profile.refetch()} />}
        {profile.data && (
          <dl className="facts">
            <dt>{t('profile.name')}</dt><dd>{profile.data.profile.name}</dd>
            <dt>{t('profile.id')}</dt><dd>{profile.data.profile._id}</dd>
            <dt>{t('profile.createdAt')}</dt><dd>{formatDateTime(profile.data.profile.createdAt)}</dd>
            <dt>{t('profile.username')}</dt><dd>{profile.data.profile.username}</dd>
            <dt>{t('profile.bankAccountName')}</dt><dd>{profile.data.bankAccount.bankAccountName}</dd>
            <dt>{t('profile.bank')}</dt><dd>{profile.data.bankAccount.bank.nameTH}</dd>
            <dt>{t('profile.bankAccountNo')}</dt><dd>{groupAccountNumber(profile.data.bankAccount.bankAccountNo)}</dd>
          </dl>
        )}
      </div>
    </section>
  )
}

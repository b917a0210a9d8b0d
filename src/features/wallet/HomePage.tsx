import { useTranslation } from 'react-i18next'
import { useProfile } from '../../api/profile'
import { inviteCodeFor } from '../../lib/inviteCode'
import { usePlatform } from '../../platform'
import { Button } from '../../ui/Button'
import { showCopyResult } from '../../ui/copy'
import { ShareIcon } from '../../ui/icons'
import { LoadError } from '../../ui/LoadError'

/** Home (spec 2). This issue brings the greeting and the invite link; the wallet, balances and
 *  game carousels come with the wallet issue. */
export function HomePage() {
  const { t } = useTranslation()
  const profile = useProfile()
  const member = profile.data?.profile
  const code = member ? inviteCodeFor(member._id) : ''
  // Shares through the host once it has started: LINE's picker, Telegram's share sheet.
  const { platform, ready } = usePlatform()

  // No await before share(): LIFF's shareTargetPicker must run inside the tap (DESIGN.md).
  const share = () => {
    const url = platform.inviteUrl(code)
    void platform.share(t('home.inviteText', { code }), url).then((result) => {
      if (result === 'copied' || result === 'failed') showCopyResult(result === 'copied', url)
      if (result === 'shared') platform.haptic('success')
    })
  }

  return (
    <section aria-labelledby="home-title" className="stack">
      <div className="page-head">
        <h1 id="home-title">{member ? t('home.greeting', { name: member.name }) : t('member.home')}</h1>
      </div>
      {profile.isError && <LoadError error={profile.error} onRetry={() => profile.refetch()} />}
      <div className="card stack">
        <h2>{t('home.inviteTitle')}</h2>
        <p className="muted">{t('home.inviteHint')}</p>
        <p>
          {t('home.inviteCode')} <strong data-testid="invite-code">{code || '—'}</strong>
        </p>
        <Button type="button" block disabled={!member || !ready} onClick={share}>
          <ShareIcon /> {t('home.share')}
        </Button>
      </div>
    </section>
  )
}

import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { useSnapshot } from 'valtio'
import { paths } from '../../../contract/lib/paths'
import { session } from '../../state/session'

/** An address the app does not have, inside the shell the player is in (its tab bar stays): the
 *  way home (the root's redirect finds the member's home or the login) and the way to a person. */
export function NotFoundPage() {
  const { t } = useTranslation()
  const member = useSnapshot(session).token !== null
  return (
    <section className="status-page stack" aria-labelledby="not-found-title">
      <div className="card center stack">
        <p className="status-page__code" aria-hidden="true">404</p>
        <h1 id="not-found-title">{t('notFound.title')}</h1>
        <p className="muted">{t('notFound.text')}</p>
        <Link href={paths.root} className="button button--primary button--block">{t('notFound.home')}</Link>
        <Link href={member ? paths.member.contact : paths.contact} className="button button--secondary button--block">{t('notFound.contact')}</Link>
      </div>
    </section>
  )
}

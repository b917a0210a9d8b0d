import { useTranslation } from 'react-i18next'
import { useDelayedFlag } from './Loader'

/** What a lazily loaded screen shows while its code arrives: nothing for 200 ms, then a skeleton
 *  of the same height as a card, so the layout does not jump. */
export function PageSkeleton() {
  const { t } = useTranslation()
  const shown = useDelayedFlag(true)
  return (
    <div className="page-skeleton" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {shown && <div className="skeleton" style={{ height: 240 }} />}
    </div>
  )
}

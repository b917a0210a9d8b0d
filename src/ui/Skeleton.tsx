import { useTranslation } from 'react-i18next'

/** A block that holds the place of what is loading: a status a screen reader reads as "Loading"
 *  (a name on a plain div is one ARIA does not allow), drawn as a shimmer of `height` or of what
 *  `className` gives it. */
export function Skeleton({ className, height }: { className?: string; height?: number }) {
  const { t } = useTranslation()
  return (
    <div className={className ? `skeleton ${className}` : 'skeleton'} style={height === undefined ? undefined : { height }}
      role="status" aria-label={t('common.loading')} />
  )
}

import { useTranslation } from 'react-i18next'

/** A block that holds the place of what is loading: a status a screen reader reads as "Loading"
 *  (a name on a plain div is one ARIA does not allow), drawn as a shimmer of `height` or of what
 *  `className` gives it. `as`: the element of what comes in its place, so the prerendered frame and
 *  the app lay out the same boxes. */
export function Skeleton({ className, height, as: Element = 'div' }: { className?: string; height?: number; as?: 'div' | 'p' }) {
  const { t } = useTranslation()
  return (
    <Element className={className ? `skeleton ${className}` : 'skeleton'} style={height === undefined ? undefined : { height }}
      role="status" aria-label={t('common.loading')} />
  )
}

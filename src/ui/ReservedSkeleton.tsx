import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useDelayedFlag } from './Loader'

/** Holds a screen's place while a check runs: the screen is laid out but hidden and inert, with
 *  a skeleton over it, so nothing moves when it shows. The children stay mounted throughout. */
export function ReservedSkeleton({ waiting, children }: { waiting: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  const shown = useDelayedFlag(waiting)
  return (
    <div className={waiting ? 'reserved reserved--waiting' : 'reserved'} aria-busy={waiting || undefined}>
      <div className="reserved__content" inert={waiting} aria-hidden={waiting || undefined}>
        {children}
      </div>
      {waiting && (
        <div className="reserved__skeleton" role="status" aria-label={t('common.loading')} data-testid="reserved-skeleton">
          {shown && (
            <>
              <div className="skeleton" style={{ height: 28, width: '45%' }} />
              <div className="skeleton" style={{ height: 16, width: '80%' }} />
              <div className="skeleton" style={{ height: 48 }} />
              <div className="skeleton" style={{ height: 48 }} />
              <div className="skeleton" style={{ height: 48 }} />
            </>
          )}
        </div>
      )}
    </div>
  )
}

import { createContext, useContext, type ReactNode } from 'react'
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
        <div className="reserved__skeleton reserved__skeleton--form" role="status" aria-label={t('common.loading')} data-testid="reserved-skeleton">
          {shown && (
            <>
              <div className="skeleton" style={{ height: 16, width: '40%' }} />
              <div className="skeleton" style={{ height: 48 }} />
              <div className="skeleton" style={{ height: 16, width: '40%' }} />
              <div className="skeleton" style={{ height: 48 }} />
              <div className="skeleton" style={{ height: 48 }} />
            </>
          )}
        </div>
      )}
    </div>
  )
}

/** A check a screen's guard runs before the screen's form may be used (spec 2: /login's service
 *  check): the guard says whether it is still running, the screen holds its form's place meanwhile
 *  (and shows its title at once: issue 32). */
export const CheckRunning = createContext(false)

/** The form's place, held while the screen's guard checks. */
export function HeldWhileChecking({ children }: { children: ReactNode }) {
  return <ReservedSkeleton waiting={useContext(CheckRunning)}>{children}</ReservedSkeleton>
}

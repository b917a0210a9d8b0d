import { Component, Suspense, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageSkeleton } from '../ui/PageSkeleton'
import { dropPrerendered } from '../ui/prerendered'

function LoadFailed() {
  const { t } = useTranslation()
  return (
    <div className="card center stack" role="alert">
      <p>{t('common.loadFailed')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  )
}

/** A screen whose code or strings failed to arrive (a flaky network, a deploy that replaced the
 *  chunks) shows a message with a retry instead of unmounting the whole app. */
export class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    console.error(error)
    // A prerendered screen must not stand over the message (issue 32).
    dropPrerendered()
  }

  render() {
    return this.state.failed ? <LoadFailed /> : this.props.children
  }
}

/** A layout's screen: its skeleton while its code arrives, and its own boundary, new for each path
 *  (`screenKey`), so a failure on one screen is gone on the next. */
export function ScreenSlot({ screenKey, children }: { screenKey: string; children: ReactNode }) {
  return (
    <ScreenBoundary key={screenKey}>
      <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
    </ScreenBoundary>
  )
}

// A modal loaded as a lazy chunk that may fail to arrive (offline, a flaky network): instead of
// the error reaching the screen's boundary and taking the whole screen with it, the modal's place
// shows that it could not be loaded, with a retry (and retries by itself when the device comes
// back online). While the chunk is on its way nothing shows, as before.
import { type ComponentType, lazy, Suspense, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './Button'
import { Modal } from './Modal'

interface ChunkState {
  failed: boolean
  listeners: Set<() => void>
  retry: () => void
}

/**
 * The chunk a failed dynamic import names: Chromium says "Failed to fetch dynamically imported
 * module: <url>", Firefox "error loading dynamically imported module: <url>"; Safari names none,
 * and needs no other URL: WebKit asks again for a module whose import() failed (unless a
 * <link rel=modulepreload> of it failed, which the build does not make for a lazy chunk's scripts:
 * vite.config.ts).
 */
const failedChunk = (error: unknown): string | undefined =>
  /\bhttps?:\/\/[^\s'"]+\.js\b/.exec(error instanceof Error ? error.message : String(error))?.[0]

function chunkState<T>(factory: () => Promise<T>): { state: ChunkState; load: () => Promise<T> } {
  const state: ChunkState = { failed: false, listeners: new Set(), retry: () => undefined }
  const set = (failed: boolean) => {
    state.failed = failed
    state.listeners.forEach((listener) => listener())
  }
  let importer = factory
  let failures = 0
  // The promise React holds stays pending through failures until an attempt succeeds.
  const load = () => new Promise<T>((resolve) => {
    const attempt = () => {
      set(false)
      importer().then(resolve, (error: unknown) => {
        // Chromium before 151 or so (players' WebViews for months to come) keeps a module that
        // failed to arrive as failed for the page's life, and import() of it fails at once without
        // asking again (issue 48): the next attempt asks for the chunk under another URL.
        const chunk = failedChunk(error)
        failures += 1
        if (chunk) {
          const again = `${chunk}?retry=${failures}`
          importer = () => import(/* @vite-ignore */ again) as Promise<T>
        }
        set(true)
      })
    }
    state.retry = attempt
    attempt()
    window.addEventListener('online', () => state.failed && attempt())
  })
  return { state, load }
}

function LoadFailedModal({ state, onClose }: { state: ChunkState; onClose: () => void }) {
  const { t } = useTranslation()
  const failed = useSyncExternalStore((listener) => {
    state.listeners.add(listener)
    return () => state.listeners.delete(listener)
  }, () => state.failed)
  if (!failed) return null
  return (
    <Modal open onClose={onClose} title={t('common.openFailedTitle')}>
      <div className="stack">
        <p role="alert">{t('common.loadFailed')}</p>
        <Button type="button" block onClick={() => state.retry()}>{t('common.retry')}</Button>
      </div>
    </Modal>
  )
}

/** `lazy(factory)` for a modal (its props have onClose), failing inside the modal's place. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function retryableLazy<P extends { onClose: (...args: any[]) => void }>(factory: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const { state, load } = chunkState(factory)
  const Lazy = lazy(load) as unknown as ComponentType<P>
  return function RetryableLazy(props: P) {
    return (
      <Suspense fallback={<LoadFailedModal state={state} onClose={() => props.onClose()} />}>
        <Lazy {...props} />
      </Suspense>
    )
  }
}

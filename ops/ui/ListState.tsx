import type { UseQueryResult } from '@tanstack/react-query'
import { failureText } from '../api/queryClient'
import { say } from '../lib/i18n'

/** What a view says while its data is not there: the error (with a retry), the first loading, or
 *  that there is nothing (`empty`, when `isEmpty`). */
export function ListState({ loaded, empty, isEmpty = false }: { loaded: Pick<UseQueryResult<unknown>, 'data' | 'error' | 'isPending' | 'refetch'>; empty?: string; isEmpty?: boolean }) {
  return (
    <>
      {loaded.error && <p className="error" role="alert">{failureText(loaded.error)} <button type="button" className="small" onClick={() => void loaded.refetch()}>{say('refresh')}</button></p>}
      {loaded.isPending && !loaded.error && <p aria-busy="true">{say('loading')}</p>}
      {empty && loaded.data !== undefined && isEmpty && <p className="empty">{empty}</p>}
    </>
  )
}

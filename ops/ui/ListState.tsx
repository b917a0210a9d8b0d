import { say } from '../lib/i18n'
import type { Loaded } from '../api/load'

/** What a view says while its data is not there: the error (with a retry), the first loading, or
 *  that there is nothing (`empty`, when `isEmpty`). */
export function ListState({ loaded, empty, isEmpty = false }: { loaded: Loaded<unknown>; empty?: string; isEmpty?: boolean }) {
  return (
    <>
      {loaded.error && <p className="error" role="alert">{loaded.error.text} <button type="button" className="small" onClick={loaded.reload}>{say('refresh')}</button></p>}
      {loaded.loading && !loaded.data && <p aria-busy="true">{say('loading')}</p>}
      {empty && loaded.data !== undefined && isEmpty && <p className="empty">{empty}</p>}
    </>
  )
}

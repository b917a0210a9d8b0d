// The audit trail (admin): every action, newest first, older ones a page at a time.
import { failureText } from '../../api/queryClient'
import { when } from '../../lib/format'
import { say } from '../../lib/i18n'
import { ListState } from '../../ui/ListState'
import { useAuditTrail } from './api'
import { CsvButton } from '../../ui/CsvButton'

export function Audit() {
  const trail = useAuditTrail()
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? []
  // A page of older entries that failed: said under the list, the list kept.
  const olderFailed = trail.isFetchNextPageError ? failureText(trail.error) : undefined

  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{say('audit')}</h2>
      <CsvButton file="audit.csv" disabled={entries.length === 0} rows={() => [
        [say('when'), say('who'), say('what'), say('item'), say('col_before'), say('col_after'), say('address')],
        ...entries.map((entry) => [entry.at, entry.staff?.username ?? say('system'), entry.action, entry.item ?? '', entry.before ? JSON.stringify(entry.before) : '', entry.after ? JSON.stringify(entry.after) : '', entry.address]),
      ]} />
      <ListState loaded={{ ...trail, error: trail.isFetchNextPageError ? null : trail.error }} empty={say('emptyAudit')} isEmpty={entries.length === 0} />
      {entries.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="audit-title">
          <table>
            <thead><tr><th scope="col">{say('when')}</th><th scope="col">{say('who')}</th><th scope="col">{say('what')}</th><th scope="col">{say('item')}</th><th scope="col">{say('change')}</th><th scope="col">{say('address')}</th></tr></thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.at)}</td>
                  <td>{entry.staff?.username ?? say('system')}</td>
                  <td>{entry.action}</td>
                  <td>{entry.item ?? ''}{entry.memberId ? ` · ${say('member')} ${entry.memberId}` : ''}</td>
                  <td><code>{entry.before ? JSON.stringify(entry.before) : ''}{entry.before && entry.after ? ' → ' : ''}{entry.after ? JSON.stringify(entry.after) : ''}</code></td>
                  <td>{entry.address}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {olderFailed && <p className="error" role="alert">{olderFailed}</p>}
      {trail.hasNextPage && (
        <button type="button" disabled={trail.isFetchingNextPage} aria-busy={trail.isFetchingNextPage || undefined} onClick={() => void trail.fetchNextPage()}>{say('older')}</button>
      )}
    </section>
  )
}

// What the profile's ways in (issue 31: linked messengers, passkeys, quick unlock) have in common:
// a card that loads its list from the server, rows each with a remove button, and a confirmation
// before anything is removed.
import { useId, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Button } from './Button'
import { LoadError } from './LoadError'
import { Modal } from './Modal'
import { Skeleton } from './Loader'

export interface CredentialRow {
  key: string | number
  /** The row's name, first line. */
  name: string
  /** Its smaller lines (since when, last used); empty ones are left out. */
  details: (string | false | null | undefined)[]
  /** The remove button's text, and its accessible name with the row's name. */
  removeText: string
  onRemove: () => void
}

interface CredentialCardProps {
  title: string
  /** The list's query: a skeleton while it loads, a retry when it failed. */
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>
  rows: CredentialRow[] | undefined
  /** Said when the list has come and is empty. */
  empty: string
  problem: string | null
  /** The card's own buttons, below the list. */
  children?: ReactNode
}

export function CredentialCard({ title, query, rows, empty, problem, children }: CredentialCardProps) {
  const headingId = useId()
  return (
    <section className="card profile__messengers" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile__heading">{title}</h2>
      {query.isPending && <Skeleton className="profile__messengers-skeleton" />}
      {query.isError && query.error && <LoadError error={query.error} onRetry={() => void query.refetch()} />}
      {rows && rows.length === 0 && <p className="muted small">{empty}</p>}
      {rows && rows.length > 0 && (
        <ul className="profile__messenger-list">
          {rows.map((row) => (
            <li key={row.key} className="profile__messenger">
              <div className="profile__row-text">
                <p>{row.name}</p>
                {row.details.filter(Boolean).map((detail) => <p key={String(detail)} className="muted small">{detail}</p>)}
              </div>
              <Button type="button" variant="secondary" aria-haspopup="dialog" aria-label={`${row.removeText} ${row.name}`} onClick={row.onRemove}>
                {row.removeText}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problem && <p className="notice notice--error" role="alert">{problem}</p>}
      {children}
    </section>
  )
}

interface ConfirmRemovalProps {
  /** What is being removed; the dialog is closed while null. */
  open: boolean
  title: string
  text: string
  confirmText: string
  /** The answer that keeps it: a messenger stays linked, a passkey or quick unlock stays on. */
  keepText: string
  pending: boolean
  onConfirm: () => void
  onClose: () => void
}

/** "Remove this?" with the keeping answer first: nothing goes before the player says so. */
export function ConfirmRemoval({ open, title, text, confirmText, keepText, pending, onConfirm, onClose }: ConfirmRemovalProps) {
  const textId = useId()
  return (
    <Modal open={open} onClose={onClose} title={title} role="alertdialog" describedBy={textId}>
      <div className="stack">
        <p id={textId}>{text}</p>
        <div className="button-row">
          <Button type="button" variant="secondary" onClick={onClose}>{keepText}</Button>
          <Button type="button" variant="danger" pending={pending} firstClickOnly onClick={onConfirm}>{confirmText}</Button>
        </div>
      </div>
    </Modal>
  )
}

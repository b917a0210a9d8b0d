import '../../i18n/identityStrings'
import { useId, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { PasskeysResponse } from '../../api/contract/identity'
import { isStepUpCancelled } from '../../api/stepUp'
import { isPasskeyCancelled, passkeyKeys, registerPasskey, removeAllPasskeys, removePasskey, usePasskeys } from '../../api/passkeys'
import { isApiError } from '../../api/errors'
import { formatDateTime } from '../../lib/time'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'
import { LoadError } from '../../ui/LoadError'
import { Modal } from '../../ui/Modal'

/** What is being confirmed: one passkey's removal, or quick unlock off (all of them). */
type Removing = { id: number } | 'all'

/**
 * Issue 31, quick unlock in a plain browser: adds a passkey (the password asked again first when
 * the server wants it), lists the member's passkeys and removes one or all after a confirmation.
 * A closed passkey sheet changes nothing and says nothing.
 */
export default function PasskeysSection() {
  const { t } = useTranslation()
  const client = useQueryClient()
  const passkeys = usePasskeys()
  const [removing, setRemoving] = useState<Removing | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const headingId = useId()
  const confirmText = useId()
  const settled = (answer: PasskeysResponse) => client.setQueryData(passkeyKeys.list(), answer)
  const failed = (error: Error) => {
    if (isPasskeyCancelled(error) || isStepUpCancelled(error)) return
    // The browser's own failures carry no code the app translates.
    setProblem(isApiError(error) ? failureText(error) : t('identity.passkeyFailed'))
  }
  const add = useMutation({
    mutationFn: registerPasskey,
    meta: { handlesError: true },
    onSuccess: (answer) => {
      settled(answer)
      showToast(t('identity.passkeyAdded'), 'success')
    },
    onError: failed,
  })
  const remove = useMutation({
    mutationFn: (what: Removing) => (what === 'all' ? removeAllPasskeys() : removePasskey(what.id)),
    meta: { handlesError: true },
    onSuccess: (answer, what) => {
      settled(answer)
      setRemoving(null)
      showToast(t(what === 'all' ? 'identity.passkeysOffDone' : 'identity.passkeyRemoved'), 'success')
    },
    onError: (error) => {
      setRemoving(null)
      failed(error)
    },
  })
  const list = passkeys.data?.passkeys ?? []

  return (
    <section className="card profile__messengers" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile__heading">{t('identity.passkeysTitle')}</h2>
      {passkeys.isPending && <div className="skeleton profile__messengers-skeleton" aria-label={t('common.loading')} />}
      {passkeys.isError && <LoadError error={passkeys.error} onRetry={() => passkeys.refetch()} />}
      {passkeys.data && list.length === 0 && <p className="muted small">{t('identity.passkeysEmpty')}</p>}
      {list.length > 0 && (
        <ul className="profile__messenger-list">
          {list.map((passkey, index) => (
            <li key={passkey.id} className="profile__messenger">
              <div className="profile__row-text">
                <p>{t('identity.passkeyName', { number: index + 1 })}</p>
                <p className="muted small">{t('identity.passkeyAddedOn', { date: formatDateTime(new Date(passkey.createdAt).toISOString()) })}</p>
                {passkey.lastUsedAt !== null && (
                  <p className="muted small">{t('identity.passkeyUsedOn', { date: formatDateTime(new Date(passkey.lastUsedAt).toISOString()) })}</p>
                )}
              </div>
              <Button
                type="button"
                variant="secondary"
                aria-haspopup="dialog"
                aria-label={`${t('identity.passkeyRemove')} ${t('identity.passkeyName', { number: index + 1 })}`}
                onClick={() => setRemoving({ id: passkey.id })}
              >
                {t('identity.passkeyRemove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problem && <p className="notice notice--error" role="alert">{problem}</p>}
      {passkeys.data && (
        <Button type="button" block pending={add.isPending} onClick={() => { setProblem(null); add.mutate() }}>{t('identity.passkeyAdd')}</Button>
      )}
      {list.length > 0 && (
        <Button type="button" block variant="secondary" aria-haspopup="dialog" onClick={() => setRemoving('all')}>{t('identity.passkeysOff')}</Button>
      )}
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing === 'all' ? t('identity.passkeysOffTitle') : t('identity.passkeyRemoveTitle')}
        role="alertdialog"
        describedBy={confirmText}
      >
        <div className="stack">
          <p id={confirmText}>{removing === 'all' ? t('identity.passkeysOffText') : t('identity.passkeyRemoveText')}</p>
          <div className="button-row">
            <Button type="button" variant="secondary" onClick={() => setRemoving(null)}>{t('identity.keep')}</Button>
            <Button type="button" pending={remove.isPending} onClick={() => removing && remove.mutate(removing)}>
              {removing === 'all' ? t('identity.passkeysOffConfirm') : t('identity.passkeyRemove')}
            </Button>
          </div>
        </div>
      </Modal>
    </section>
  )
}

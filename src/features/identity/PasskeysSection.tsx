import '../../i18n/identityStrings'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isStepUpCancelled } from '../../api/identity/stepUp'
import { isPasskeyCancelled, type PasskeyRemoval, useAddPasskey, usePasskeys, useRemovePasskeys } from '../../api/identity/passkeys'
import { isApiError } from '../../api/errors'
import { formatDateTime } from '../../lib/time'
import { showToast } from '../../state/ui'
import { Button } from '../../ui/Button'
import { failureText } from '../../ui/ErrorDialog'
import { ConfirmRemoval, CredentialCard } from '../../ui/CredentialCard'

/** What is being confirmed: one passkey's removal, or quick unlock off (all of them). */
type Removing = PasskeyRemoval

/**
 * Issue 31, quick unlock in a plain browser: adds a passkey (the password asked again first when
 * the server wants it), lists the member's passkeys and removes one or all after a confirmation.
 * A closed passkey sheet changes nothing and says nothing.
 */
export default function PasskeysSection() {
  const { t } = useTranslation()
  const passkeys = usePasskeys()
  const [removing, setRemoving] = useState<Removing | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const failed = (error: Error) => {
    if (isPasskeyCancelled(error) || isStepUpCancelled(error)) return
    // The browser's own failures carry no code the app translates.
    setProblem(isApiError(error) ? failureText(error) : t('identity.passkeyFailed'))
  }
  const add = useAddPasskey({
    onSuccess: () => showToast(t('identity.passkeyAdded'), 'success'),
    onError: failed,
  })
  const remove = useRemovePasskeys({
    onSuccess: (_answer, what) => {
      setRemoving(null)
      showToast(t(what === 'all' ? 'identity.passkeysOffDone' : 'identity.passkeyRemoved'), 'success')
    },
    onError: (error) => {
      setRemoving(null)
      failed(error)
    },
  })
  const list = passkeys.data?.passkeys
  const nameOf = (index: number) => t('identity.passkeyName', { number: index + 1 })
  const dateOf = (at: number) => formatDateTime(new Date(at).toISOString())

  return (
    <CredentialCard
      title={t('identity.passkeysTitle')}
      query={passkeys}
      empty={t('identity.passkeysEmpty')}
      problem={problem}
      rows={list?.map((passkey, index) => ({
        key: passkey.id,
        name: nameOf(index),
        details: [
          t('identity.passkeyAddedOn', { date: dateOf(passkey.createdAt) }),
          passkey.lastUsedAt !== null && t('identity.passkeyUsedOn', { date: dateOf(passkey.lastUsedAt) }),
        ],
        removeText: t('identity.passkeyRemove'),
        onRemove: () => setRemoving({ id: passkey.id }),
      }))}
    >
      {list && (
        <Button type="button" block pending={add.isPending} onClick={() => { setProblem(null); add.mutate() }}>{t('identity.passkeyAdd')}</Button>
      )}
      {list && list.length > 0 && (
        <Button type="button" block variant="secondary" aria-haspopup="dialog" onClick={() => setRemoving('all')}>{t('identity.passkeysOff')}</Button>
      )}
      <ConfirmRemoval
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing === 'all' ? t('identity.passkeysOffTitle') : t('identity.passkeyRemoveTitle')}
        text={removing === 'all' ? t('identity.passkeysOffText') : t('identity.passkeyRemoveText')}
        confirmText={removing === 'all' ? t('identity.passkeysOffConfirm') : t('identity.passkeyRemove')}
        keepText={t('identity.keepOn')}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </CredentialCard>
  )
}

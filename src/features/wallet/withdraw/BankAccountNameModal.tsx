import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isStepUpCancelled } from '../../../api/identity/stepUp'
import { useSubmit } from '../../../api/useSubmit'
import { currentLanguage } from '../../../i18n/i18n'
import { accountNameEditRule, accountNameInput } from '../rules'
import { problemText } from '../../../lib/walletRules'
import { Button } from '../../../ui/Button'
import { failureText } from '../../../ui/ErrorDialog'
import { TextField } from '../../../ui/Field'
import { Modal } from '../../../ui/Modal'
import { useSaveBankAccountName } from '../api'

interface BankAccountNameModalProps {
  open: boolean
  /** The registered bank's code: spec 7 sends it with the name (the bank itself does not change). */
  bankCode: string
  onClose: () => void
  /** The name as saved; the caller closes this modal and copies again. */
  onSaved: (name: string) => void
}

/** Spec 2 and 5: the account holder's name in English (KTB, TMB, BBL); on success it closes and the caller copies again. */
export function BankAccountNameModal({ open, bankCode, onClose, onSaved }: BankAccountNameModalProps) {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [touched, setTouched] = useState(false)
  const save = useSaveBankAccountName(bankCode, { onSuccess: (_answer, saved) => onSaved(saved.trim()) })
  const submit = useSubmit(save)
  const problem = accountNameEditRule(name)
  const send = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (!problem) submit(name.trim())
  }
  return (
    <Modal open={open} onClose={onClose} title={t('withdraw.nameTitle')}>
      <form className="money-form" onSubmit={send} noValidate>
        <p className="muted">{t('withdraw.nameHint')}</p>
        <TextField
          label={t('withdraw.nameLabel')}
          autoComplete="name"
          autoCapitalize="characters"
          value={name}
          onChange={(event) => setName(accountNameInput(event.target.value))}
          error={touched && problem ? problemText(problem, (key, values) => t(key, values), currentLanguage()) : null}
        />
        {save.error && !isStepUpCancelled(save.error) && <p className="notice notice--error" role="alert">{failureText(save.error)}</p>}
        <Button type="submit" block pending={save.isPending}>{t('withdraw.nameSave')}</Button>
      </form>
    </Modal>
  )
}

export default BankAccountNameModal

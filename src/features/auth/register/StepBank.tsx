import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../../api/config'
import { useSubmit } from '../../../api/useSubmit'
import type { Currency } from '../../../../contract'
import { ACCOUNT_NUMBER_LENGTH, accountNumberRule, bankAccountNameRule, digitsOnly, needsEnglishName, required, upper } from '../../../../contract/lib/validation'
import { Button } from '../../../ui/Button'
import { SelectField, TextField } from '../../../ui/Field'
import { useBanks, useCreateAccount } from '../api'
import { toRegisterRequest } from './draft'
import type { StepProps } from './stepProps'
import { LoadError } from '../../../ui/LoadError'

type Errors = Partial<Record<'bankCode' | 'bankAccountNo' | 'firstName' | 'lastName' | 'form', string>>

const LAO_CURRENCIES = ['LAK', 'BAHT'] as const satisfies readonly Currency[]

/** Step 4: bank account; registers on submit (spec 2, 5). */
export function StepBank({ draft, update, done }: StepProps) {
  const { t } = useTranslation()
  const { variant } = getConfig()
  const banks = useBanks()
  const create = useCreateAccount()
  const submit = useSubmit(create)
  const [errors, setErrors] = useState<Errors>({})

  const edit = (patch: Partial<typeof draft>, field: keyof Errors) => {
    update(patch)
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const found: Errors = {}
    for (const field of ['bankCode', 'firstName', 'lastName'] as const) {
      const rule = required(draft[field])
      if (rule) found[field] = t(rule)
    }
    const accountRule = accountNumberRule(draft.bankAccountNo)
    if (accountRule) found.bankAccountNo = t(accountRule)
    const nameRule = bankAccountNameRule(draft.bankCode, draft.firstName, draft.lastName)
    if (!found.firstName && !found.lastName && nameRule) found.firstName = t(nameRule)
    if (Object.keys(found).length) return setErrors(found)
    submit(toRegisterRequest(draft), { onSuccess: done, onError: (failure) => setErrors({ form: failure.message }) })
  }

  const englishOnly = needsEnglishName(draft.bankCode)
  return (
    <form className="stack" noValidate onSubmit={onSubmit}>
      <SelectField label={t('fields.bank')} name="bank" value={draft.bankCode} error={errors.bankCode}
        hint={variant === 'la' ? undefined : t('register.fastestBanks')}
        onChange={(event) => edit({ bankCode: event.target.value }, 'bankCode')}>
        <option value="">{banks.isPending ? t('common.loading') : t('fields.bankPlaceholder')}</option>
        {banks.data?.map((bank) => (
          <option key={bank.code} value={bank.code}>{bank.nameTH}</option>
        ))}
      </SelectField>
      {banks.isError && <LoadError error={banks.error} onRetry={() => banks.refetch()} />}
      <TextField label={t('fields.bankAccountNo')} name="account-number" inputMode="numeric" maxLength={ACCOUNT_NUMBER_LENGTH.max}
        value={draft.bankAccountNo} error={errors.bankAccountNo}
        onChange={(event) => edit({ bankAccountNo: digitsOnly(event.target.value) }, 'bankAccountNo')} />
      <TextField label={t('fields.firstName')} name="first-name" autoComplete="given-name" value={draft.firstName}
        error={errors.firstName} hint={englishOnly ? t('register.englishNameHint') : undefined}
        onChange={(event) => edit({ firstName: upper(event.target.value) }, 'firstName')} />
      <TextField label={t('fields.lastName')} name="last-name" autoComplete="family-name" value={draft.lastName}
        error={errors.lastName} onChange={(event) => edit({ lastName: upper(event.target.value) }, 'lastName')} />
      {variant === 'la' && (
        <fieldset className="choice-group">
          <legend>{t('fields.currency')}</legend>
          {LAO_CURRENCIES.map((currency) => (
            <label key={currency} className="choice">
              <input type="radio" name="currency" value={currency} checked={draft.currency === currency}
                onChange={() => edit({ currency }, 'form')} />
              <span>{t(`currency.${currency}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p className="notice notice--error" role="alert" hidden={!errors.form}>{errors.form}</p>
      <Button type="submit" block pending={create.isPending}>{t('register.submit')}</Button>
    </form>
  )
}

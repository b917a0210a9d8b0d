import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import type { Variant } from '../../contract'
import { phoneInput } from '../../contract/lib/validation'
import { EyeIcon, EyeOffIcon } from './icons'

interface FieldShellProps {
  id: string
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  children: ReactNode
}

function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && <p className="field__hint" id={`${id}-hint`}>{hint}</p>}
      <p className="field__error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  )
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  /** The input itself (to move the focus to it). */
  ref?: Ref<HTMLInputElement>
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  trailing?: ReactNode
}

export function TextField({ label, error, hint, trailing, className, ...input }: InputProps) {
  const id = useId()
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="field__control">
        <input
          id={id}
          className={className ? `input ${className}` : 'input'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          {...input}
        />
        {trailing}
      </div>
    </FieldShell>
  )
}

type PhoneFieldProps = Omit<InputProps, 'type' | 'inputMode' | 'label' | 'placeholder' | 'onChange'> & {
  variant: Variant
  /** The number as kept: digits only, capped for the variant (a pasted `081-234-5678` too). */
  onPhone: (phone: string) => void
}

/** The phone number field of login and registration: a numeric keypad, the variant's placeholder. */
export function PhoneField({ variant, onPhone, ...props }: PhoneFieldProps) {
  const { t } = useTranslation()
  return (
    <TextField
      {...props}
      label={t('fields.phone')}
      type="tel"
      inputMode="numeric"
      placeholder={t(`fields.phonePlaceholder.${variant}`)}
      onChange={(event) => onPhone(phoneInput(event.target.value, variant))}
    />
  )
}

export function PasswordField(props: Omit<InputProps, 'type' | 'trailing'>) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  )
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
}

export function SelectField({ label, error, hint, children, ...select }: SelectProps) {
  const id = useId()
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="field__control">
        <select
          id={id}
          className="input select"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...select}
        >
          {children}
        </select>
      </div>
    </FieldShell>
  )
}

import { useId } from 'react'
import { ChevronDownIcon } from '../../../ui/icons'

export interface TransferAccount {
  code: string
  label: string
  /** The balance written as money, or undefined while the wallet is not known. */
  balance: string | undefined
}

/** An account in words: its name, and its balance once known (`PG Soft (฿250.00)`). */
export const accountText = (account: TransferAccount): string =>
  account.balance === undefined ? account.label : `${account.label} (${account.balance})`

interface AccountPickerProps {
  label: string
  value: string
  accounts: readonly TransferAccount[]
  onChange: (code: string) => void
  /** The empty choice's words; without it an account is always chosen. */
  placeholder?: string
}

/**
 * One side of a transfer as a card (issue 18): the account's name and its whole balance on the
 * card, where a select would cut the currency off. The card is the device's own select laid over
 * it, so the phone's picker, the keyboard and screen readers work as for any select.
 */
export function AccountPicker({ label, value, accounts, onChange, placeholder }: AccountPickerProps) {
  const id = useId()
  const chosen = accounts.find((account) => account.code === value)
  return (
    <div className="account-pick">
      <label className="account-pick__label" htmlFor={id}>{label}</label>
      <span className={chosen ? 'account-pick__name' : 'account-pick__name muted'} aria-hidden="true">{chosen?.label ?? placeholder}</span>
      <span className="account-pick__balance" aria-hidden="true" data-testid="account-pick-balance">{chosen?.balance ?? ''}</span>
      <span className="account-pick__chevron" aria-hidden="true"><ChevronDownIcon /></span>
      <select id={id} className="account-pick__select" value={value} onChange={(event) => onChange(event.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {accounts.map((account) => (
          <option key={account.code} value={account.code}>
            {accountText(account)}
          </option>
        ))}
      </select>
    </div>
  )
}

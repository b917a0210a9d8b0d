// The one amount field of the wallet (transfer, withdraw, QR deposit): it keeps what the player
// typed, every sign of it (lib/amount.ts reads it in the player's language, and a refusal is said
// under the field), and says under it the amount that will be sent, written in the player's way.
import type { ReactNode } from 'react'
import { AMOUNT_TEXT_MAX } from '../lib/amount'
import { TextField } from './Field'

interface AmountFieldProps {
  label: string
  value: string
  onChange: (text: string) => void
  /** The field's own hint (limits, minimum). */
  hint?: ReactNode
  error: string | null
  /** "You will transfer ฿1,500.00": shown while what is typed reads as an amount above 0. */
  preview: string | null
}

export function AmountField({ label, value, onChange, hint, error, preview }: AmountFieldProps) {
  const lines = hint || preview ? (
    <>
      {hint}
      {preview && <span className="amount-preview" data-testid="amount-preview">{preview}</span>}
    </>
  ) : undefined
  return (
    <TextField
      label={label}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      maxLength={AMOUNT_TEXT_MAX}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={lines}
      error={error}
    />
  )
}

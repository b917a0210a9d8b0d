/**
 * A confirmation's facts under its amount (issue 51 §2): the fee, when the money arrives, what
 * stays. Each value on one line, as wide as it is; a label wraps in what is left (screens.css).
 */
export function ConfirmFacts({ rows }: { rows: readonly (readonly [label: string, value: string])[] }) {
  return (
    <dl className="facts money-confirm__facts">
      {rows.map(([label, value]) => (
        <div key={label} className="facts__row"><dt>{label}</dt><dd>{value}</dd></div>
      ))}
    </dl>
  )
}

// A bank's mark beside its account (issue 18): the bank's colour and its short name, drawn here, so
// a player finds their bank at a glance without an image to fetch. Unknown banks get a neutral mark.

interface Mark {
  /** Background and text colours. */
  colour: string
  ink: string
  text: string
}

const MARKS: Record<string, Mark> = {
  KBANK: { colour: '#138f2d', ink: '#fff', text: 'K' },
  SCB: { colour: '#4e2a84', ink: '#fff', text: 'SCB' },
  BBL: { colour: '#1e4598', ink: '#fff', text: 'BBL' },
  KTB: { colour: '#1ba5e1', ink: '#fff', text: 'KTB' },
  TMB: { colour: '#1f3f99', ink: '#fff', text: 'ttb' },
  TTB: { colour: '#1f3f99', ink: '#fff', text: 'ttb' },
  BAY: { colour: '#fec43b', ink: '#4d3a00', text: 'BAY' },
  GSB: { colour: '#eb198d', ink: '#fff', text: 'GSB' },
  BAAC: { colour: '#4b9b2e', ink: '#fff', text: 'BAAC' },
  BCEL: { colour: '#d71920', ink: '#fff', text: 'BCEL' },
  LDB: { colour: '#0b5fa5', ink: '#fff', text: 'LDB' },
  TRUEWALLET: { colour: '#ff8300', ink: '#fff', text: 'true' },
}

export function BankLogo({ code }: { code: string }) {
  const key = code.trim().toUpperCase()
  const mark = MARKS[key] ?? { colour: 'var(--surface-2)', ink: 'var(--muted)', text: key.slice(0, 4) }
  const size = mark.text.length > 3 ? 11 : mark.text.length > 1 ? 13 : 20
  return (
    <svg className="bank-logo" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill={mark.colour} />
      <text x="20" y="20" dy="0.35em" textAnchor="middle" fontSize={size} fontWeight="800" fontFamily="system-ui, sans-serif" fill={mark.ink}>{mark.text}</text>
    </svg>
  )
}

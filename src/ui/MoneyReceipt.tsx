import type { MouseEvent, ReactNode } from 'react'
import { Button } from './Button'
import { CheckIcon } from './icons'
import { Reference } from './Reference'

/** One line of a receipt: words, or the references the player quotes, each kept on one line. */
export type ReceiptFact = { label: string; value: ReactNode } | { label: string; references: readonly string[] }

interface MoneyReceiptProps {
  /** The amount, large; left out when `state` already names it. */
  amount?: string
  /** What happened, in words. */
  state: string
  facts: readonly ReceiptFact[]
  doneLabel: string
  onDone: () => void
  /** What follows the facts, before Done (a deposit's home-screen offer). */
  children?: ReactNode
}

/**
 * How a money moment ends (issues 18, 29): a mark, the amount, what happened, the facts the player
 * quotes (reference, time), then Done. A transfer, a withdrawal and a deposit that arrived share it.
 */
export function MoneyReceipt({ amount, state, facts, doneLabel, onDone, children }: MoneyReceiptProps) {
  // The second tap of a double tap on the button that sent the money can land here, where the
  // receipt put Done: the browser counts it as the second click of a series (detail 2), and it
  // must not close what the player has not seen yet. Keyboard activation counts 0.
  const done = (event: MouseEvent) => {
    if (event.detail > 1) return
    onDone()
  }
  return (
    <div className="stack money-receipt" role="status">
      <span className="money-receipt__mark" aria-hidden="true"><CheckIcon /></span>
      {amount !== undefined && <p className="money-receipt__amount">{amount}</p>}
      <p className={amount === undefined ? 'money-receipt__state money-receipt__state--big' : 'money-receipt__state'}>{state}</p>
      <dl className="facts">
        {facts.map((fact) => (
          <div key={fact.label} className="facts__row">
            <dt>{fact.label}</dt>
            {'references' in fact && fact.references.length === 1 ? (
              <dd><Reference value={fact.references[0]} /></dd>
            ) : 'references' in fact ? (
              <dd className="facts__references">
                {fact.references.map((reference, index) => <span key={reference}>{index > 0 && ', '}{reference}</span>)}
              </dd>
            ) : <dd>{fact.value}</dd>}
          </div>
        ))}
      </dl>
      {children}
      <Button type="button" block onClick={done}>{doneLabel}</Button>
    </div>
  )
}

import type { ReactNode } from 'react'

/** A queue's or a search's items, each a button that opens it beside the list (the one open is
 *  pressed); nothing when there are none. */
export function PickList<T>({ items, keyOf, open, onOpen, children }: {
  items: readonly T[]
  keyOf: (item: T) => string
  open: string | undefined
  onOpen: (key: string) => void
  children: (item: T) => ReactNode
}) {
  if (items.length === 0) return null
  return (
    <ul className="items">
      {items.map((item) => {
        const key = keyOf(item)
        return (
          <li key={key}>
            <button type="button" className="item" aria-pressed={key === open} onClick={() => onOpen(key)}>{children(item)}</button>
          </li>
        )
      })}
    </ul>
  )
}

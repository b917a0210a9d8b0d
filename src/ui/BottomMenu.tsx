import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'

export interface MenuItem {
  key: string
  label: string
  icon: ReactNode
  /** A route, or an action such as opening the conditions modal. */
  href?: string
  onSelect?: () => void
  big?: boolean
}

export function BottomMenu({ items, label }: { items: MenuItem[]; label: string }) {
  const [location] = useLocation()
  return (
    <nav className="bottom-menu" aria-label={label}>
      {items.map((item) => {
        const className = `bottom-menu__item${item.big ? ' bottom-menu__item--big' : ''}`
        const content = (
          <>
            <span className="bottom-menu__icon">{item.icon}</span>
            <span className="bottom-menu__label">{item.label}</span>
          </>
        )
        return item.href ? (
          <Link key={item.key} href={item.href} className={className}
            aria-current={location === item.href ? 'page' : undefined}>
            {content}
          </Link>
        ) : (
          <button key={item.key} type="button" className={className} onClick={item.onSelect}>
            {content}
          </button>
        )
      })}
    </nav>
  )
}

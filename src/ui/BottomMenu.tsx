import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
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

/**
 * A page chosen in the menu gives its title the focus: the menu closes the page, so from it the
 * next Tab left the page and came round through the top bar to what the player came for. Only when
 * the focus is still on the item chosen (a player who moved on is left where they are), and once
 * the new page's title is shown (a lazy page's comes after its code).
 */
function useTitleFocusedOnArrival(menu: RefObject<HTMLElement | null>, location: string): void {
  const arrived = useRef(location)
  useEffect(() => {
    if (arrived.current === location) return
    arrived.current = location
    const chosen = document.activeElement
    if (!chosen || !menu.current?.contains(chosen)) return
    const focusTitle = (): boolean => {
      // Moved on meanwhile (to another item, or anywhere): left there.
      if (document.activeElement !== chosen) return true
      const title = [...document.querySelectorAll<HTMLElement>('main h1')].find((heading) => heading.getClientRects().length > 0)
      if (!title) return false
      if (!title.hasAttribute('tabindex')) title.tabIndex = -1
      title.focus()
      return true
    }
    if (focusTitle()) return
    const watch = new MutationObserver(() => focusTitle() && watch.disconnect())
    watch.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'hidden'] })
    return () => watch.disconnect()
  }, [menu, location])
}

export function BottomMenu({ items, label }: { items: MenuItem[]; label: string }) {
  const [location] = useLocation()
  const menu = useRef<HTMLElement>(null)
  useTitleFocusedOnArrival(menu, location)
  return (
    <nav ref={menu} className="bottom-menu" aria-label={label}>
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

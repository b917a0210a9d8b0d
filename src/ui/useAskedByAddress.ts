// A screen a notification opens (issue 50): the address asks for something shown over a screen (the
// chat, the wheel's prizes) with a query parameter, e.g. /user/home?chat=1.
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'

/**
 * True in the render where the address asks for `param` and the screen is `ready` to show it, once
 * per asking; the address then forgets it (a reload or a back does not open it again). The caller
 * opens what it names in that render.
 */
export function useAskedByAddress(param: string, ready: boolean): boolean {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const asked = ready && new URLSearchParams(search).has(param)
  const [answered, setAnswered] = useState<string | null>(null)
  const fresh = asked && answered !== search
  if (fresh) setAnswered(search)
  useEffect(() => {
    if (!asked) return
    const rest = new URLSearchParams(search)
    rest.delete(param)
    navigate(`${location}${rest.size > 0 ? `?${rest}` : ''}`, { replace: true })
  }, [asked, param, search, location, navigate])
  return fresh
}

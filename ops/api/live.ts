// The console's live updates (issue 33): the reference server's socket.io, signed in with the
// staff token; it joins the rooms of the queues the role works and is told when an item joins or
// leaves one. Each event marks the console's server state stale (what is shown is read again at
// once, the rest when shown), as does each reconnection: what happened meanwhile is read. Cut by the
// server when the session ends.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { io } from 'socket.io-client'
import { OPS_EVENTS } from '../../contract/ops'
import { session } from './call'

/** Keeps the console's reads up to date with the live events; answers whether the socket is connected. */
export function useLive(): boolean {
  const queryClient = useQueryClient()
  const changed = useCallback(() => void queryClient.invalidateQueries(), [queryClient])
  const [connected, setConnected] = useState(false)
  useEffect(() => {
    const token = session.token()
    if (!token) return
    const socket = io({ path: '/socket.io', auth: { staffToken: token } })
    socket.on('connect', () => {
      setConnected(true)
      // What happened while it was away is read at once.
      changed()
    })
    socket.on('disconnect', () => setConnected(false))
    for (const event of Object.values(OPS_EVENTS)) socket.on(event, changed)
    return () => {
      socket.close()
    }
  }, [changed])
  return connected
}

// The console's live updates (issue 33): the reference server's socket.io, signed in with the
// staff token; it joins the rooms of the queues the role works and is told when an item joins or
// leaves one. Each event reads the queues again. Cut by the server when the session ends.
import { useEffect, useState } from 'react'
import { io } from 'socket.io-client'
import { OPS_EVENTS } from '../../contract/ops'
import { session } from './call'

/** Calls `changed` at each event; answers whether the socket is connected. */
export function useLive(changed: () => void): boolean {
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

// Live updates for staff (issue 33): a slip, a withdrawal or a conversation that joins or leaves a
// queue is told to the signed-in staff consoles of the duty that works it, at once, on every
// instance. The areas that change them (deposit, wallet, chat) call `announce`; the chat's
// socket.io hub (chat/socket.ts) is the feed, so areas never import it (they sit above it).
import { OPS_EVENTS, type OpsChatEvent, type OpsQueueEvent, type StaffRole } from '../../contract/ops'
import type { ServerContext } from '../shared/context'
import { whenDurable } from '../shared/db'
import { type Duty, mayDo } from './roles'

/** The duties whose queues are live. */
export type LiveDuty = keyof typeof OPS_EVENTS

export type LiveEvent<D extends LiveDuty> = D extends 'chat' ? OpsChatEvent : OpsQueueEvent

/** What sends an event to the staff sockets of a duty, here and on every other instance. */
export interface OpsFeed {
  tell<D extends LiveDuty>(duty: D, event: LiveEvent<D>): void
}

declare module '../shared/context' {
  interface ServerContext {
    opsFeed: OpsFeed
  }
}

/** The socket.io room of a duty's staff sockets. */
export const dutyRoom = (duty: LiveDuty): string => `ops:${duty}`

const LIVE_DUTIES = Object.keys(OPS_EVENTS) as LiveDuty[]

/** The rooms a staff socket joins: one per live duty its role may do. */
export const liveRooms = (role: StaffRole): string[] => LIVE_DUTIES.filter((duty) => mayDo(role, duty satisfies Duty)).map(dutyRoom)

/**
 * Tells the duty's consoles, once what changed is committed and on disk: a console that reloads
 * its queue on the event must find the item there. Callers call it after their transaction.
 */
export async function announce<D extends LiveDuty>(ctx: ServerContext, duty: D, event: LiveEvent<D>): Promise<void> {
  await whenDurable(ctx.db)
  ctx.opsFeed.tell(duty, event)
}

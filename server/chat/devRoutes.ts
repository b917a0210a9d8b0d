import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import * as C from '../../contract'
import { findMemberById } from '../shared/members'
import { namedOwner } from './identity'
import { sendAgentMessage } from './service'
import type { ChatHub } from './socket'

/**
 * The agent's stand-in (dev and test modes): POST /dev/chat/reply stores a message of any type from
 * the agent to a guest or a member, no token needed, and sends it to the room's sockets; with
 * `newSession` it first starts a new session (the app shows the end of the conversation between);
 * `name` is the agent's name the player sees.
 */
export const chatDevRoutes = (hub: ChatHub): FastifyPluginAsyncTypebox => async (app) => {
  const ctx = app.serverContext
  app.post('/dev/chat/reply', { schema: { body: C.ChatDevReply, response: { 200: C.ChatItem } } }, async (request) => {
    const owner = await namedOwner((id) => findMemberById(ctx.db, id), request.body)
    return sendAgentMessage(ctx, hub, owner, request.body.message, { newSession: request.body.newSession, name: request.body.name })
  })
}

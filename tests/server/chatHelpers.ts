// Shared by the chat tests: ids, messages, uploads, and socket.io clients that collect what their
// room is sent, awaited by event (no sleeps).
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { io, type Socket } from 'socket.io-client'
import { CHAT_MESSAGING_EVENT, type ChatItem, type ChatOutgoing, type ChatSocketAuth } from '../../contract'
import { call } from './helpers'
import { multipart } from './depositHelpers'

/** A fresh guest id (never all digits: it starts with a letter). */
export const newGuestId = () => `g${randomBytes(12).toString('base64url')}`
/** A fresh client message id (deliver.id). */
export const newClientId = () => randomBytes(12).toString('base64url')

export const textMessage = (payload: string, id = newClientId()): ChatOutgoing => ({ message_type: 'text', payload, deliver: { id } })

export type Who = { guestId: string } | { userId: string; token: string }

const whoBody = (who: Who): Record<string, string> => ('guestId' in who ? { guestId: who.guestId } : { userId: who.userId })
const tokenOf = (who: Who) => ('token' in who ? who.token : undefined)

export const sendMessage = (app: FastifyInstance, who: Who, message: ChatOutgoing) =>
  call(app, 'POST', '/api/chat/send-message', { body: { ...whoBody(who), message }, token: tokenOf(who) })

export const chatHistory = (app: FastifyInstance, who: Who, limit = 10, skip = 0) =>
  call(app, 'POST', '/api/chat/history', { body: { ...whoBody(who), limit, skip }, token: tokenOf(who) })

export const agentReply = (app: FastifyInstance, who: Who, message: { message_type: string; payload: unknown }, newSession?: boolean) =>
  call(app, 'POST', '/dev/chat/reply', { body: { ...whoBody(who), message, ...(newSession === undefined ? {} : { newSession }) } })

export const pngBytes = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)])
export const jpegBytes = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)])
export const gifBytes = () => Buffer.concat([Buffer.from('GIF89a', 'latin1'), randomBytes(64)])
/** An ISO base media file: size, `ftyp`, major brand. */
export const isoMedia = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1'), randomBytes(64)])

/** Uploads `file` as the app does: the form fields (the identity), then the file, in one multipart form. */
export async function upload(app: FastifyInstance, kind: 'image' | 'video', fields: Record<string, string>, file?: Buffer, token?: string) {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, content: Buffer.from(value) })),
    ...(file ? [{ name: 'file', fileName: 'picked.bin', type: 'application/octet-stream', content: file }] : []),
  ])
  const response = await app.inject({
    method: 'POST',
    url: `/api/chat/upload-${kind}`,
    headers: { 'content-type': form.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: form.body,
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

export const uploadAs = (app: FastifyInstance, kind: 'image' | 'video', who: Who, file: Buffer) => upload(app, kind, whoBody(who), file, tokenOf(who))

/** A connected socket and everything its room was sent, in order. */
export interface ChatClient {
  socket: Socket
  received: ChatItem[]
  /** Resolves with the first item (already received or still to come) that matches. */
  next: (match: (item: ChatItem) => boolean) => Promise<ChatItem>
}

/** Connects to a listening server; rejects with the server's refusal (its error code). */
export function connectChat(url: string, auth: ChatSocketAuth | Record<string, unknown>): Promise<ChatClient> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth })
  const received: ChatItem[] = []
  const waiting: { match: (item: ChatItem) => boolean; resolve: (item: ChatItem) => void }[] = []
  socket.on(CHAT_MESSAGING_EVENT, (items: ChatItem[]) => {
    for (const item of items) {
      received.push(item)
      for (const waiter of waiting.filter(({ match }) => match(item))) {
        waiting.splice(waiting.indexOf(waiter), 1)
        waiter.resolve(item)
      }
    }
  })
  const next = (match: (item: ChatItem) => boolean) => {
    const found = received.find(match)
    return found ? Promise.resolve(found) : new Promise<ChatItem>((resolve) => waiting.push({ match, resolve }))
  }
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, received, next }))
    socket.once('connect_error', (error) => {
      socket.close()
      reject(error)
    })
  })
}

/** The refusal a handshake gets, or 'connected'. */
export async function handshake(url: string, auth: Record<string, unknown>): Promise<string> {
  try {
    const client = await connectChat(url, auth)
    client.socket.close()
    return 'connected'
  } catch (error) {
    return (error as Error).message
  }
}

/** The base URL of a server listening on a free port of the loopback. */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('not listening on a port')
  return `http://127.0.0.1:${address.port}`
}

export const byId = (id: string) => (item: ChatItem) => item._id === id

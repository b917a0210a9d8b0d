// Chat routes (spec 7 "Chat"): public, each call naming its guest or member (identity.ts), the
// uploads and the uploaded files, and in dev and test modes the agent's stand-in.
import { stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import * as C from '../../contract'
import { chatEndpoints as E } from '../../contract/chat'
import type { AreaRoutes } from '../shared/http/area'
import { multipartParts } from '../shared/uploads'
import { routeOf } from '../shared/http/endpoint'
import { errorBody, fail } from '../shared/http/errors'
import { chatUploadAddressLimits, takeAttempt } from '../shared/limits'
import { keepJob } from '../shared/job'
import { chatDevRoutes } from './devRoutes'
import { chatOpsRoutes } from './opsRoutes'
import { CHAT_FILE_NAME, chatDirFor } from './files'
import { requestOwner } from './identity'
import * as chat from './service'
import type { ChatHub } from './socket'

const conversationRoutes = (hub: ChatHub): FastifyPluginAsyncTypebox => async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(E.config, { response: { 200: C.ChatConfig } }),
    handler: async () => ({ PREFIX: hub.prefix }),
  })
  app.route({
    ...routeOf(E.send, { body: C.ChatSendRequest, response: { 200: C.ChatItem } }),
    handler: async (request) => chat.sendCustomerMessage(ctx, hub, await requestOwner(ctx, request, request.body), request.body.message, request.ip),
  })
  app.route({
    ...routeOf(E.history, { body: C.ChatHistoryRequest, response: { 200: C.ChatHistoryResponse } }),
    handler: async (request) => chat.chatHistory(ctx, await requestOwner(ctx, request, request.body), request.body.limit, request.body.skip),
  })
  app.route({
    ...routeOf(E.readCustomer, { body: C.ChatWho, response: { 200: C.MessageBody } }),
    handler: async (request) => {
      await chat.markCustomerRead(ctx, await requestOwner(ctx, request, request.body))
      return { message: 'OK' as const }
    },
  })
}

/** Room for the form's own bytes around the file. */
const FORM_OVERHEAD = 64 * 1024

/** The identity fields and the file of an upload's multipart form. */
function uploadForm(body: unknown, contentType: string | undefined): { who: C.ChatWho; file: Buffer | undefined } {
  if (!Buffer.isBuffer(body) || body.length === 0) throw fail(400, 'KEY_MISSING')
  const parts = /^multipart\/form-data/i.test(contentType ?? '') ? multipartParts(body, contentType ?? '') : undefined
  if (!parts) throw fail(400, 'KEY_INVALID')
  const field = (name: string) => {
    const found = parts.filter((part) => part.name === name)
    if (found.length > 1) throw fail(400, 'KEY_INVALID')
    return found[0]?.content
  }
  const text = (name: string) => {
    const value = field(name)?.toString('utf8')
    if (value !== undefined && value.length > 64) throw fail(400, 'KEY_INVALID')
    return value
  }
  const userId = text('userId')
  const guestId = text('guestId')
  return { who: { ...(userId === undefined ? {} : { userId }), ...(guestId === undefined ? {} : { guestId }) }, file: field('file') }
}

/** The body's length as the request declares it; undefined when it comes chunked. */
function declaredLength(request: FastifyRequest): number | undefined {
  const raw = request.headers['content-length']
  const length = raw === undefined ? Number.NaN : Number(raw)
  return Number.isFinite(length) ? length : undefined
}

const uploadRoutes = (dir: string): FastifyPluginAsyncTypebox => async (app) => {
  const ctx = app.serverContext
  /**
   * Before a byte of the body is read (onRequest): a declared length over the route's cap is
   * 413, and the address's limits (files and bytes an address sends, across the guest ids it
   * makes up) are counted, the bytes as declared (a chunked body, which declares none, counts as
   * the cap: the parser stops it there). A refusal closes the connection rather than take in the
   * rest of a body it does not want. The room's own limit needs the form, which names the room
   * (service.ts). While the body is read, the parser stops at the cap (bodyLimit).
   */
  const admit = (cap: number) => async (request: FastifyRequest, reply: FastifyReply) => {
    const declared = declaredLength(request)
    try {
      if (declared !== undefined && declared > cap) throw fail(413, 'CHAT_FILE_TOO_LARGE')
      await takeAttempt(ctx.db, chatUploadAddressLimits(ctx.limits, request.ip, declared ?? cap), ctx.now())
    } catch (error) {
      reply.header('connection', 'close')
      throw error
    }
  }
  const bodyLimit = chat.UPLOAD_MAX_BYTES.video + FORM_OVERHEAD
  // Any body type reaches the handler as bytes, so a wrong one answers in the spec's shape, not 415.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body))
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body))
  const tooLarge = (error: FastifyError) => {
    throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? fail(413, 'CHAT_FILE_TOO_LARGE') : error
  }
  for (const [endpoint, kind] of [[E.uploadImage, 'image'], [E.uploadVideo, 'video']] as const) {
    const cap = chat.UPLOAD_MAX_BYTES[kind] + FORM_OVERHEAD
    app.route({
      ...routeOf(endpoint, { response: { 200: C.ChatUploadResponse } }),
      bodyLimit: cap,
      onRequest: admit(cap),
      errorHandler: tooLarge,
      handler: async (request) => {
        const form = uploadForm(request.body, request.headers['content-type'])
        const owner = await requestOwner(ctx, request, form.who)
        if (!form.file || form.file.length === 0) throw fail(400, 'KEY_MISSING')
        return chat.receiveUpload(ctx, dir, owner, kind, form.file)
      },
    })
  }
}

/**
 * GET /chat-files/<name>: an upload by its unguessable name (an <img> or <video> sends no bearer
 * header), a name of ours alone (CHAT_FILE_NAME); anything else, or a file swept since, is 404
 * NO_DATA. @fastify/static sends it, with ranges for video players; a file it sends (200, 206,
 * 304) is never sniffed and loadable by the app on another origin, an error carries none of that.
 */
const fileRoutes = (dir: string): FastifyPluginAsync => async (app) => {
  const root = resolve(dir)
  await app.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('Cache-Control', 'private, max-age=86400')
      res.setHeader('X-Content-Type-Options', 'nosniff')
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    },
  })
  app.route({
    method: E.file.method,
    url: E.file.path,
    handler: async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
      const name = request.params['*']
      if (!CHAT_FILE_NAME.test(name) || !(await isFile(join(root, name)))) return reply.code(404).send(errorBody('NO_DATA'))
      return reply.sendFile(name)
    },
  })
}

const isFile = (path: string): Promise<boolean> => stat(path).then((found) => found.isFile(), () => false)

export interface ChatOptions {
  /** The server's data folder; uploads go under it (see chatDirFor). */
  dataDir: string
  hub: ChatHub
}

/**
 * GET /api/chat/unread, behind the member hook: the member's agent messages not yet read, for the
 * home's badge without loading the chat (a member who never opened it still has its agent's
 * messages counted: the room is made by the first message of either side).
 */
const unreadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.route({
    ...routeOf(E.unread, { response: { 200: C.ChatUnread } }),
    handler: async (request) => ({ count: await chat.unreadCount(ctx, { kind: 'member', id: String(request.member.id), member: request.member }) }),
  })
}

/** The chat area (spec 7 "Chat"): public, each call naming its guest or member; the member's unread
 *  count; the support inbox of the operator API; the agent's stand-in in dev and test. */
export const chatArea = (options: ChatOptions): AreaRoutes => ({
  open: chatRoutes(options),
  member: unreadRoutes,
  ops: chatOpsRoutes(options.hub),
  dev: chatDevRoutes(options.hub),
})

/** How often the abandoned uploads are swept (chat/service.ts sweepUnsentFiles). */
const FILE_SWEEP_MS = 60 * 60 * 1000

const chatRoutes = (options: ChatOptions): FastifyPluginAsyncTypebox => async (app) => {
  const files = await chatDirFor(options.dataDir)
  // Added before the sweep, so closed after it (Fastify closes last added first).
  app.addHook('onClose', async () => files.dispose())
  keepJob(app, 'chat file sweep', FILE_SWEEP_MS, () => chat.sweepUnsentFiles(app.serverContext, files.dir))
  await app.register(conversationRoutes(options.hub))
  await app.register(uploadRoutes(files.dir))
  await app.register(fileRoutes(files.dir))
}

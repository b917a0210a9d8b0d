// The live chat's connection and state (spec 4 "Chat", spec 7 "Chat"), loaded with the chat panel:
// history ten at a time, the socket (its 500 ms reconnect delay, unlimited attempts, and the 5 s
// check), the outbox that sends what was written offline once, in order, and the read marks. It
// stays connected after the panel closes, so the bubble counts what arrives.
import { io, type Socket } from 'socket.io-client'
import { proxy, ref } from 'valtio'
import { call } from '../../api/call'
import type { ChatDeliverStatus, ChatItem, ChatMediaPayload, ChatOutgoing } from '../../../contract'
import { CHAT_JOIN_EVENT, CHAT_MESSAGING_EVENT, chatEndpoints, type ChatSocketAuth } from '../../../contract/chat'
import { getConfig } from '../../api/config'
import { isApiError } from '../../api/errors'
import { endSession, LONG_TIMEOUT_MS } from '../../api/http'
import { currentToken, sessionEndReason } from '../../state/session'
import { chatBadge, type ChatIdentity, outboxKey, setChatStopper } from './badge'
import { CHAT_PAGE_SIZE, mergeItems, newClientId, nextStatus, RECONNECT_CHECK_MS, RECONNECT_DELAY_MS } from './logic'
import { Outbox, type OutboxEntry } from './outbox'

/** A message as the panel shows it: the server's item, or the player's own still on its way. */
export interface ShownItem extends ChatItem {
  /** Not confirmed by the server yet. */
  local?: boolean
  /** The refusal's code of a failed message. */
  error?: string
  /** A picked file before it is uploaded (kept for a resend), and its preview address. */
  file?: File
  preview?: string
}

// The one piece of server data kept in a valtio store, not the query cache (STYLE "server state"):
// the list shown is one ordered merge (logic.ts mergeItems) of history read ten at a time, messages
// the socket pushes, and the player's own still on their way (files, previews, send states), each
// replacing the other by id; cached pages could only mirror it, so the socket's owner keeps it.
export const chat = proxy({
  items: [] as ShownItem[],
  /** First page on its way (a spinner instead of the invite). */
  loading: true,
  loadFailed: false,
  hasMore: false,
  loadingOlder: false,
  /** The last attempt at an older page failed: it is tried again on the next scroll, not by itself. */
  olderFailed: false,
  connected: false,
  /** The player is at the bottom of the list (the panel says); new messages then show at once. */
  atBottom: true,
  /** New messages that arrived while the player was scrolled up (spec 4). */
  unseen: 0,
  /** The room name (`${PREFIX}-${id}`), once the config answered. */
  room: '',
})

const idOf = (identity: ChatIdentity) => (identity.kind === 'guest' ? identity.guestId : identity.userId)
const who = (identity: ChatIdentity) => (identity.kind === 'guest' ? { guestId: identity.guestId } : { userId: identity.userId })
const keyOf = (identity: ChatIdentity) => `${identity.kind}:${idOf(identity)}`
/** Worth sending again by itself: no answer, the server's own failure, or too many at once (429). */
const isTransient = (error: unknown) => !isApiError(error) || error.status === undefined || error.status >= 500 || error.status === 408 || error.status === 429
const codeOf = (error: unknown) => (isApiError(error) ? error.code : 'INTERNAL_SERVER_ERROR')

const shown = (item: ChatItem): ShownItem => item

/** Replaces the list shown; a picture or video of the player's that left it frees its preview. */
function show(next: ShownItem[]) {
  const kept = new Set(next)
  chat.items.forEach((item) => item.preview && !kept.has(item) && URL.revokeObjectURL(item.preview))
  chat.items = next
}

interface Running {
  key: string
  identity: ChatIdentity
  socket: Socket
  outbox: Outbox
  timers: number[]
  flushing?: Promise<void>
  /** The first page: a reconnect catches up only after it, so history never counts as new. */
  firstPage: Promise<void>
  stopped: boolean
  /** The member's session ended (the handshake refused its token): no reconnect with it again. */
  ended: boolean
  /** The token the last handshake carried (a member's). */
  sentToken: string
  onOnline: () => void
}

let running: Running | undefined

function localItem(identity: ChatIdentity, message: ChatOutgoing, createdAt: string, status: ChatDeliverStatus, extra: Partial<ShownItem> = {}): ShownItem {
  return {
    _id: `local-${message.deliver.id}`,
    sender: 'customer',
    message: { ...message, deliver: { id: message.deliver.id, status } },
    createdAt,
    session_id: '',
    userId: identity.kind === 'member' ? identity.userId : null,
    guestId: identity.kind === 'guest' ? identity.guestId : null,
    local: true,
    ...extra,
  }
}

function findLocal(id: string): ShownItem | undefined {
  return chat.items.find((item) => item.local && item.message.deliver?.id === id)
}

function setStatus(id: string, status: ChatDeliverStatus, extra: Partial<ShownItem> = {}) {
  const item = findLocal(id)
  if (!item?.message.deliver) return
  item.message.deliver.status = status
  Object.assign(item, extra)
}

/** Adds what the server sent: new agent messages count as unseen (scrolled up) or unread (closed). */
function receive(items: ChatItem[], live: boolean) {
  // The player's own message came back (its answer may have been lost): nothing left to send.
  if (running) forgetDelivered(running, items)
  const known = new Set(chat.items.filter((item) => !item.local).map((item) => item._id))
  const fresh = items.filter((item) => !known.has(item._id) && item.sender !== 'customer')
  show(mergeItems(chat.items, items, shown))
  if (!live || !fresh.length) return
  if (!chatBadge.open) chatBadge.unread += fresh.length
  else if (!chat.atBottom) chat.unseen += fresh.length
}

async function loadFirstPage(run: Running) {
  chat.loading = true
  chat.loadFailed = false
  try {
    const page = await call(chatEndpoints.history, { body: { ...who(run.identity), limit: CHAT_PAGE_SIZE, skip: 0 }, background: true })
    if (run.stopped) return
    // The first page replaces what was shown (refresh resets the history, spec 4); the player's
    // messages still on their way stay, and so does what the socket brought while it was asked.
    const newest = page[0]?.createdAt ?? ''
    show(mergeItems(chat.items.filter((item) => item.local || item.createdAt > newest), [...page].reverse(), shown))
    chat.hasMore = page.length === CHAT_PAGE_SIZE
    forgetDelivered(run, page)
  } catch {
    if (!run.stopped) chat.loadFailed = true
  } finally {
    if (!run.stopped) chat.loading = false
  }
}

/** Messages the outbox still holds but the server already has (sent before a reload whose answer was lost). */
function forgetDelivered(run: Running, items: readonly ChatItem[]) {
  for (const item of items) {
    const id = item.message.deliver?.id
    if (id && item.sender === 'customer') run.outbox.remove(id)
  }
}

/** Pages a reconnect reads back before it starts the history afresh instead. */
const CATCH_UP_PAGES = 5

/** Catches up after a reconnect: newest pages, merged, until one meets what is shown (what arrived
 *  while the socket was down, with no hole for a later page to skip over). */
async function catchUp(run: Running) {
  try {
    const known = new Set(chat.items.filter((item) => !item.local).map((item) => item._id))
    for (let index = 0; index < CATCH_UP_PAGES; index++) {
      const page = await call(chatEndpoints.history, { body: { ...who(run.identity), limit: CHAT_PAGE_SIZE, skip: index * CHAT_PAGE_SIZE }, background: true })
      if (run.stopped) return
      receive([...page].reverse(), true)
      if (page.length < CHAT_PAGE_SIZE || page.some((item) => known.has(item._id))) return
    }
    // More came than a catch-up reads: the history starts again from its newest page.
    run.firstPage = loadFirstPage(run)
  } catch {
    // The next reconnect or refresh tries again.
  }
}

/** Sends the outbox, oldest first, one at a time; stops at the first message the network lost
 *  (it goes again on the next connect, 'online' or check), marks a refused one failed. */
function flush(run: Running): Promise<void> {
  if (run.flushing) return run.flushing
  run.flushing = (async () => {
    for (let entry = run.outbox.next(); entry && !run.stopped; entry = run.outbox.next()) {
      const id = entry.message.deliver.id
      try {
        const item = await call(chatEndpoints.send, { body: { ...who(run.identity), message: entry.message }, background: true })
        if (run.stopped) return
        run.outbox.remove(id)
        show(mergeItems(chat.items, [item], shown))
      } catch (error) {
        if (run.stopped || isTransient(error)) return
        run.outbox.update(id, { failed: true, error: codeOf(error) })
        setStatus(id, 'failed', { error: codeOf(error) })
      }
    }
  })().finally(() => {
    run.flushing = undefined
  })
  return run.flushing
}

function connect(run: Running): Socket {
  const url = getConfig().chat ?? undefined
  const { identity } = run
  const auth = (): ChatSocketAuth => {
    if (identity.kind === 'guest') return { guestId: identity.guestId }
    run.sentToken = currentToken() ?? ''
    return { token: run.sentToken }
  }
  const socket = io(url, {
    path: '/socket.io',
    auth: (cb) => cb(auth() as Record<string, string>),
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MS,
  })
  return socket
}

/** Starts the chat for `identity` (again only when it changed). */
export function startChat(identity: ChatIdentity): void {
  const key = keyOf(identity)
  if (running?.key === key) return
  stopChat()
  const outbox = new Outbox(outboxKey(identity))
  const run: Running = {
    key, identity, outbox, timers: [], stopped: false, ended: false, sentToken: '',
    socket: undefined as unknown as Socket,
    firstPage: Promise.resolve(),
    onOnline: () => void flush(run),
  }
  running = run
  Object.assign(chat, { items: [], loading: true, loadFailed: false, hasMore: false, loadingOlder: false, olderFailed: false, connected: false, unseen: 0, room: '' })
  // What was written before a reload shows at once, on its way.
  chat.items = outbox.list().map((entry) => localItem(identity, entry.message, entry.createdAt, entry.failed ? 'failed' : 'sending', { error: entry.error }))

  run.socket = connect(run)
  run.socket.on('connect', () => {
    chat.connected = true
    if (chat.room) run.socket.emit(CHAT_JOIN_EVENT, chat.room, () => undefined)
    void run.firstPage.then(() => catchUp(run)).then(() => flush(run))
  })
  run.socket.on('disconnect', (reason) => {
    chat.connected = false
    // The server cut a member's socket: its session ended (a sign-out elsewhere, a password
    // change, its expiry), or the server is going down. One handshake at once tells which: a
    // refusal ends the session (below), an acceptance carries on.
    if (reason === 'io server disconnect' && identity.kind === 'member') run.socket.connect()
  })
  run.socket.on('connect_error', (error) => {
    chat.connected = false
    // A member's token refused at the handshake ends the session as a refused API call does, once
    // and only while that token is still the session's (a sign-in since then is another session).
    const reason = identity.kind === 'member' ? sessionEndReason(error.message) : undefined
    if (!reason || run.ended || run.sentToken !== currentToken()) return
    run.ended = true
    endSession(reason)
  })
  run.socket.on(CHAT_MESSAGING_EVENT, (items: ChatItem[]) => {
    if (Array.isArray(items)) receive(items, true)
  })
  // Spec 4: a reconnect check every 5 s, for when the socket gave up (a server that closed it).
  run.timers.push(window.setInterval(() => {
    if (!run.socket.connected && !run.socket.active && !run.ended) run.socket.connect()
    if (run.outbox.next()) void flush(run)
  }, RECONNECT_CHECK_MS))
  window.addEventListener('online', run.onOnline)

  void call(chatEndpoints.config, { background: true }).then((config) => {
    if (run.stopped) return
    chat.room = `${config.PREFIX}-${idOf(identity)}`
    if (run.socket.connected) run.socket.emit(CHAT_JOIN_EVENT, chat.room, () => undefined)
  }, () => undefined)
  run.firstPage = loadFirstPage(run)
  void run.firstPage.then(() => flush(run))
  setChatStopper(stopChat)
}

/** Ends the connection (sign-out, another identity); the outbox stays for the next time. */
export function stopChat(): void {
  const run = running
  if (!run) return
  run.stopped = true
  run.timers.forEach((timer) => window.clearInterval(timer))
  window.removeEventListener('online', run.onOnline)
  run.socket.removeAllListeners()
  run.socket.disconnect()
  show([])
  chat.connected = false
  running = undefined
  chatBadge.unread = 0
}

/** Spec 4: refresh resets the history to its first page. */
export function refreshChat(): void {
  if (!running) return
  chat.olderFailed = false
  running.firstPage = loadFirstPage(running)
}

/** Spec 4: the next page when the player scrolls to the top. */
export async function loadOlder(): Promise<void> {
  const run = running
  if (!run || chat.loadingOlder || !chat.hasMore || chat.loading) return
  chat.loadingOlder = true
  try {
    const skip = chat.items.filter((item) => !item.local).length
    const page = await call(chatEndpoints.history, { body: { ...who(run.identity), limit: CHAT_PAGE_SIZE, skip }, background: true })
    if (run.stopped) return
    show(mergeItems(chat.items, [...page].reverse(), shown))
    chat.hasMore = page.length === CHAT_PAGE_SIZE
    chat.olderFailed = false
  } catch {
    // The next scroll to the top tries again.
    if (!run.stopped) chat.olderFailed = true
  } finally {
    chat.loadingOlder = false
  }
}

function queue(run: Running, message: ChatOutgoing, extra: Partial<ShownItem> = {}) {
  const entry: OutboxEntry = { message, createdAt: new Date().toISOString() }
  run.outbox.add(entry)
  const existing = findLocal(message.deliver.id)
  if (existing) setStatus(message.deliver.id, 'sending', { error: undefined, message: { ...message, deliver: { id: message.deliver.id, status: 'sending' } } })
  else chat.items.push(localItem(run.identity, message, entry.createdAt, 'sending', extra))
  void flush(run)
}

/** Sends text (checked by the panel: not blank, at most 2000 characters). */
export function sendText(text: string): void {
  if (running) queue(running, { message_type: 'text', payload: text, deliver: { id: newClientId() } })
}

/** A postback button: its payload goes back, its title shows. */
export function sendPostback(title: string, payload: string): void {
  if (running) queue(running, { message_type: 'postback', payload: { title, payload }, deliver: { id: newClientId() } })
}

/** Uploads a picked file (checked by the panel), then sends it as a media message. */
export function sendFile(file: File, kind: 'image' | 'video'): void {
  const run = running
  if (!run) return
  const id = newClientId()
  const media: ChatMediaPayload = { url: false, fileType: kind, filePath: '', name: file.name }
  const message: ChatOutgoing = { message_type: 'media', payload: media, deliver: { id } }
  chat.items.push(localItem(run.identity, message, new Date().toISOString(), 'uploading_file', {
    file: ref(file), preview: URL.createObjectURL(file),
  }))
  void upload(run, id)
}

async function upload(run: Running, id: string) {
  const item = findLocal(id)
  if (!item?.file || item.message.message_type !== 'media') return
  const kind = (item.message.payload as ChatMediaPayload).fileType
  const form = new FormData()
  Object.entries(who(run.identity)).forEach(([name, value]) => form.append(name, value))
  form.append('file', item.file, item.file.name)
  setStatus(id, 'uploading_file', { error: undefined })
  item.message.deliver!.progress = 0
  try {
    const { path } = await call(kind === 'video' ? chatEndpoints.uploadVideo : chatEndpoints.uploadImage, {
      body: form,
      timeout: LONG_TIMEOUT_MS,
      background: true,
      onUploadProgress: (event) => {
        const shownItem = findLocal(id)
        if (shownItem?.message.deliver && event.total) shownItem.message.deliver.progress = Math.round((event.loaded / event.total) * 100)
      },
    })
    const current = findLocal(id)
    if (run.stopped || !current?.message.deliver) return
    const payload: ChatMediaPayload = { ...(current.message.payload as ChatMediaPayload), filePath: path }
    current.message.payload = payload
    current.message.deliver.status = nextStatus('uploading_file', 'uploaded', true)
    current.file = undefined
    queue(run, { message_type: 'media', payload, deliver: { id } })
  } catch (error) {
    if (!run.stopped) setStatus(id, nextStatus('uploading_file', 'fail', false), { error: codeOf(error) })
  }
}

/** Spec 4: a failed message is sent again (its file uploaded again if it never arrived). */
export function resend(id: string): void {
  const run = running
  const item = findLocal(id)
  if (!run || !item?.message.deliver || item.message.deliver.status !== 'failed') return
  const uploaded = item.message.message_type !== 'media' || !!(item.message.payload as ChatMediaPayload).filePath
  if (!uploaded) {
    void upload(run, id)
    return
  }
  run.outbox.update(id, { failed: false, error: undefined })
  setStatus(id, nextStatus('failed', 'resend', true), { error: undefined })
  void flush(run)
}

/** Spec 4: a failed message is removed. */
export function removeMessage(id: string): void {
  const run = running
  const item = findLocal(id)
  if (!run || !item) return
  if (item.preview) URL.revokeObjectURL(item.preview)
  run.outbox.remove(id)
  chat.items = chat.items.filter((shownItem) => shownItem !== item)
}

/** Spec 7: the read mark, sent about 1 s after the history the player sees changed. */
export function markRead(): void {
  if (running) void call(chatEndpoints.readCustomer, { body: who(running.identity), background: true }).catch(() => undefined)
}

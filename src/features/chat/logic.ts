// The chat's rules without a screen (spec 3, 4, 5 and 9): what a message is, what may be sent,
// where the 'End Conversation' divider goes, and how a message moves through its delivery states.
import { newGuestId } from './badge'
import type { ChatButton, ChatDeliverStatus, ChatGenericCard, ChatItem, ChatMediaPayload } from '../../../contract'
import { CHAT_TEXT_MAX } from '../../../contract/chat'
import { safeUrl } from '../../lib/url'

/** Spec 9: history page size. */
export const CHAT_PAGE_SIZE = 10
/** Spec 9: the reconnect check. */
export const RECONNECT_CHECK_MS = 5_000
/** Spec 9: the socket's reconnect delay (unlimited attempts). */
export const RECONNECT_DELAY_MS = 500
/** Spec 9: mark-as-read delay after history changes. */
export const MARK_READ_DELAY_MS = 1_000
/** The counter shows from here on (spec 5's limit is CHAT_TEXT_MAX). */
export const COUNTER_FROM = CHAT_TEXT_MAX - 200

const MB = 1024 * 1024
/** Spec 5 and 9: 20 MB for video, 10 MB for anything else. */
export const VIDEO_MAX_MB = 20
export const IMAGE_MAX_MB = 10

/** Spec 5's attachment types, by extension, and what each is sent as. */
const ATTACHMENTS: Record<string, 'image' | 'video'> = {
  mp4: 'video', mov: 'video', qt: 'video', png: 'image', jpeg: 'image', jpg: 'image', gif: 'image',
}
const MIME_KINDS: Record<string, 'image' | 'video'> = {
  'video/mp4': 'video', 'video/quicktime': 'video', 'image/png': 'image', 'image/jpeg': 'image', 'image/jpg': 'image', 'image/gif': 'image',
}
/** What the file input offers. */
export const ATTACHMENT_ACCEPT = Object.keys(MIME_KINDS).join(',') + ',.mp4,.mov,.png,.jpeg,.jpg,.gif'

export type AttachmentCheck =
  | { ok: true; kind: 'image' | 'video' }
  | { ok: false; error: 'notSupported' }
  | { ok: false; error: 'tooLarge'; maxMb: number }

/** Spec 5: no extension (or another type) is 'File is not supported'; then the size by kind. */
export function checkAttachment(file: { name: string; size: number; type: string }): AttachmentCheck {
  const dot = file.name.lastIndexOf('.')
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : ''
  const kind = ATTACHMENTS[extension]
  if (!extension || !kind) return { ok: false, error: 'notSupported' }
  // A type the device states must agree; an empty one (some pickers) is judged by the name.
  if (file.type && MIME_KINDS[file.type.toLowerCase()] !== kind) return { ok: false, error: 'notSupported' }
  const maxMb = kind === 'video' ? VIDEO_MAX_MB : IMAGE_MAX_MB
  if (file.size > maxMb * MB) return { ok: false, error: 'tooLarge', maxMb }
  return { ok: true, kind }
}

export type TextCheck = 'empty' | 'tooLong' | null

/** Spec 5: empty or whitespace-only is not sent; at most CHAT_TEXT_MAX characters. */
export function checkText(text: string): TextCheck {
  if (text.trim() === '') return 'empty'
  if ([...text].length > CHAT_TEXT_MAX) return 'tooLong'
  return null
}

/** Characters as the player counts them (a Thai vowel mark or an emoji is one). */
export const textLength = (text: string): number => [...text].length

// ---- Message types (spec 2 "Chat widget", spec 3) ----

export type ChatContent =
  | { type: 'text'; text: string }
  | { type: 'buttons'; text: string; buttons: ChatButton[] }
  | { type: 'media'; media: ChatMediaPayload }
  | { type: 'quick_replies'; text: string; replies: ChatButton[] }
  | { type: 'generic'; cards: ChatGenericCard[] }
  | { type: 'postback'; title: string }
  /** Not in spec 3 (issue 51 §5): a picture shown without a bubble, `{ url, alt? }`. */
  | { type: 'sticker'; url: string; alt?: string }
  | { type: 'unknown' }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

function buttonOf(value: unknown): ChatButton | undefined {
  if (!isRecord(value)) return undefined
  const title = str(value.title)
  if (!title) return undefined
  return { title, type: str(value.type) ?? '', payload: str(value.payload) }
}
const buttonsOf = (value: unknown): ChatButton[] => (Array.isArray(value) ? value.map(buttonOf).filter((b): b is ChatButton => !!b) : [])

function cardOf(value: unknown): ChatGenericCard | undefined {
  if (!isRecord(value) || !str(value.title)) return undefined
  return { title: str(value.title)!, subtitle: str(value.subtitle), image_url: str(value.image_url), buttons: buttonsOf(value.buttons) }
}

/** What a message shows, read defensively: a type or shape the app does not know is `unknown`,
 *  never an exception (an agent's console may send anything). */
export function contentOf(message: ChatItem['message']): ChatContent {
  const { payload } = message
  switch (message.message_type) {
    case 'text': {
      const text = str(payload) ?? (isRecord(payload) ? str(payload.text) : undefined)
      return text !== undefined ? { type: 'text', text } : { type: 'unknown' }
    }
    case 'buttons': {
      if (!isRecord(payload)) return { type: 'unknown' }
      const buttons = buttonsOf(payload.buttons)
      return buttons.length ? { type: 'buttons', text: str(payload.text) ?? '', buttons } : { type: 'unknown' }
    }
    case 'quick_replies': {
      if (!isRecord(payload)) return { type: 'unknown' }
      const replies = buttonsOf(payload.quick_replies)
      return replies.length ? { type: 'quick_replies', text: str(payload.text) ?? '', replies } : { type: 'unknown' }
    }
    case 'generic': {
      const elements = isRecord(payload) ? payload.elements : payload
      const cards = Array.isArray(elements) ? elements.map(cardOf).filter((c): c is ChatGenericCard => !!c) : []
      return cards.length ? { type: 'generic', cards } : { type: 'unknown' }
    }
    case 'media': {
      if (!isRecord(payload)) return { type: 'unknown' }
      const filePath = str(payload.filePath)
      const fileType = payload.fileType === 'image' || payload.fileType === 'video' || payload.fileType === 'file' ? payload.fileType : undefined
      if (!filePath || !fileType) return { type: 'unknown' }
      return { type: 'media', media: { filePath, fileType, url: payload.url === true, name: str(payload.name) ?? '', message: str(payload.message) } }
    }
    case 'postback': {
      const title = isRecord(payload) ? str(payload.title) : str(payload)
      return title ? { type: 'postback', title } : { type: 'unknown' }
    }
    case 'sticker': {
      const url = isRecord(payload) ? safeUrl(str(payload.url)) : undefined
      return url && isRecord(payload) ? { type: 'sticker', url, alt: str(payload.alt)?.trim() || undefined } : { type: 'unknown' }
    }
    default:
      return { type: 'unknown' }
  }
}

/** What a button does when tapped (spec 3): open a link, dial, send its payload back, or send its title. */
export type ButtonAction =
  | { kind: 'web'; url: string }
  | { kind: 'call'; number: string }
  | { kind: 'postback'; title: string; payload: string }
  | { kind: 'text'; text: string }
  /** A web button whose address is not http(s): shown, but it does nothing. */
  | { kind: 'none' }

export function buttonAction(button: ChatButton): ButtonAction {
  const payload = button.payload ?? ''
  if (button.type === 'web') return /^https?:\/\//i.test(payload) ? { kind: 'web', url: payload } : { kind: 'none' }
  if (button.type === 'call') {
    const number = payload.replace(/[^\d+]/g, '')
    if (number) return { kind: 'call', number }
  }
  if (button.type === 'postback') return { kind: 'postback', title: button.title, payload }
  return { kind: 'text', text: button.title }
}

// ---- Timeline ----

type TimelineItem = Pick<ChatItem, '_id' | 'session_id'> & Partial<Pick<ChatItem, 'sender' | 'name'>>

export type TimelineEntry<T extends TimelineItem> =
  /** `signed`: an agent's message that opens a run of theirs, so it carries who answered (issue 51 §5). */
  | { kind: 'message'; item: T; signed: boolean }
  | { kind: 'divider'; key: string }

/** The agent's side: anyone but the player (spec 3). */
const fromAgent = (item: Partial<Pick<ChatItem, 'sender'>>): boolean => item.sender !== undefined && item.sender !== 'customer'

/** Spec 4: a new session id between two messages shows the 'End Conversation' divider. A message
 *  still on its way (no session yet) belongs to the session before it. An agent's message is
 *  signed (name and avatar) when it opens a run: after the player's, after a divider, or when
 *  another agent answers. */
export function timeline<T extends TimelineItem>(items: readonly T[]): TimelineEntry<T>[] {
  const entries: TimelineEntry<T>[] = []
  let session: string | undefined
  let previous: T | undefined
  for (const item of items) {
    if (item.session_id) {
      if (session !== undefined && item.session_id !== session) {
        entries.push({ kind: 'divider', key: `end-${item._id}` })
        previous = undefined
      }
      session = item.session_id
    }
    const signed = fromAgent(item) && !(previous && fromAgent(previous) && (previous.name ?? '') === (item.name ?? ''))
    entries.push({ kind: 'message', item, signed })
    previous = item
  }
  return entries
}

// ---- Delivery (spec 3 statuses, spec 4 "a failed one can be resent or removed") ----

export type DeliveryEvent = 'uploaded' | 'sent' | 'fail' | 'resend'

/**
 * The next status of one of the player's messages. uploading_file → (uploaded) sending →
 * (sent) succeed; either → (fail) failed; failed → (resend) uploading_file when its file never
 * arrived, else sending. Anything else leaves it as it is (a late answer for a removed or
 * already delivered message changes nothing).
 */
export function nextStatus(status: ChatDeliverStatus, event: DeliveryEvent, uploaded: boolean): ChatDeliverStatus {
  switch (event) {
    case 'uploaded': return status === 'uploading_file' ? 'sending' : status
    case 'sent': return status === 'sending' ? 'succeed' : status
    case 'fail': return status === 'uploading_file' || status === 'sending' ? 'failed' : status
    case 'resend': return status === 'failed' ? (uploaded ? 'sending' : 'uploading_file') : status
  }
}

/**
 * Merges items from the server into the list shown: one entry per message (by _id, and a
 * player's message by its client id, which replaces the local copy shown while it was on its
 * way), oldest first; messages still on their way stay last, in the order they were written.
 */
export function mergeItems<T extends ChatItem & { local?: boolean }>(shown: readonly T[], incoming: readonly ChatItem[], make: (item: ChatItem) => T): T[] {
  const byId = new Map<string, T>()
  const pending: T[] = []
  const delivered = new Set(incoming.map((item) => item.message.deliver?.id).filter(Boolean))
  for (const item of shown) {
    if (item.local) {
      if (!delivered.has(item.message.deliver?.id)) pending.push(item)
    } else byId.set(item._id, item)
  }
  for (const item of incoming) byId.set(item._id, make(item))
  const settled = [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || Number(a._id) - Number(b._id))
  return [...settled, ...pending]
}

/** A client message id (the conversation item's `deliver.id`) the server deduplicates on. */
export const newClientId = newGuestId

// The chat's rules (spec 3, 4, 5, 9): attachments, text, message types, buttons, the 'End
// Conversation' divider, the delivery state machine, merging, and the offline outbox.
import { describe, expect, it } from 'vitest'
import type { ChatItem } from '../../contract'
import { CHAT_TEXT_MAX } from '../../contract/chat'
import {
  buttonAction, checkAttachment, checkText, contentOf, mergeItems, nextStatus, timeline,
} from '../../src/features/chat/logic'
import { Outbox } from '../../src/features/chat/outbox'

const MB = 1024 * 1024

describe('attachments (spec 5)', () => {
  it('takes mp4, quicktime, png, jpeg, jpg and gif, by extension and type', () => {
    expect(checkAttachment({ name: 'clip.mp4', size: 1, type: 'video/mp4' })).toEqual({ ok: true, kind: 'video' })
    expect(checkAttachment({ name: 'clip.MOV', size: 1, type: 'video/quicktime' })).toEqual({ ok: true, kind: 'video' })
    for (const name of ['a.png', 'a.jpeg', 'a.jpg', 'a.gif']) expect(checkAttachment({ name, size: 1, type: '' })).toEqual({ ok: true, kind: 'image' })
  })

  it('refuses a file without an extension, another type, or a name that lies about its type', () => {
    expect(checkAttachment({ name: 'photo', size: 1, type: 'image/png' })).toEqual({ ok: false, error: 'notSupported' })
    expect(checkAttachment({ name: 'doc.pdf', size: 1, type: 'application/pdf' })).toEqual({ ok: false, error: 'notSupported' })
    expect(checkAttachment({ name: 'x.png', size: 1, type: 'video/mp4' })).toEqual({ ok: false, error: 'notSupported' })
    expect(checkAttachment({ name: '.png', size: 1, type: '' })).toEqual({ ok: false, error: 'notSupported' })
  })

  it('allows 20 MB of video and 10 MB of anything else, to the byte', () => {
    expect(checkAttachment({ name: 'v.mp4', size: 20 * MB, type: 'video/mp4' }).ok).toBe(true)
    expect(checkAttachment({ name: 'v.mp4', size: 20 * MB + 1, type: 'video/mp4' })).toEqual({ ok: false, error: 'tooLarge', maxMb: 20 })
    expect(checkAttachment({ name: 'p.jpg', size: 10 * MB, type: 'image/jpeg' }).ok).toBe(true)
    expect(checkAttachment({ name: 'p.jpg', size: 10 * MB + 1, type: 'image/jpeg' })).toEqual({ ok: false, error: 'tooLarge', maxMb: 10 })
  })
})

describe('text (spec 5)', () => {
  it('does not send empty or whitespace-only text', () => {
    expect(checkText('')).toBe('empty')
    expect(checkText(' \n\t ')).toBe('empty')
    expect(checkText(' hi ')).toBeNull()
  })

  it('allows 2000 characters, counted as the player sees them', () => {
    expect(checkText('a'.repeat(CHAT_TEXT_MAX))).toBeNull()
    expect(checkText('a'.repeat(CHAT_TEXT_MAX + 1))).toBe('tooLong')
    expect(checkText('😀'.repeat(CHAT_TEXT_MAX))).toBeNull()
  })
})

describe('message types (spec 2, 3)', () => {
  const of = (message_type: string, payload: unknown) => contentOf({ message_type, payload })

  it('reads each known type', () => {
    expect(of('text', 'hello')).toEqual({ type: 'text', text: 'hello' })
    expect(of('buttons', { text: 'Pick', buttons: [{ title: 'Site', type: 'web', payload: 'https://x.test' }] }))
      .toEqual({ type: 'buttons', text: 'Pick', buttons: [{ title: 'Site', type: 'web', payload: 'https://x.test' }] })
    expect(of('quick_replies', { text: 'Q', quick_replies: [{ title: 'Yes', type: 'postback', payload: 'Y' }] }))
      .toEqual({ type: 'quick_replies', text: 'Q', replies: [{ title: 'Yes', type: 'postback', payload: 'Y' }] })
    expect(of('generic', { elements: [{ title: 'Card', subtitle: 's', image_url: 'https://x.test/a.png', buttons: [] }] }))
      .toEqual({ type: 'generic', cards: [{ title: 'Card', subtitle: 's', image_url: 'https://x.test/a.png', buttons: [] }] })
    expect(of('media', { url: false, fileType: 'image', filePath: '/chat-files/a.png', name: 'a.png' }))
      .toEqual({ type: 'media', media: { url: false, fileType: 'image', filePath: '/chat-files/a.png', name: 'a.png', message: undefined } })
    expect(of('postback', { title: 'Yes', payload: 'Y' })).toEqual({ type: 'postback', title: 'Yes' })
    expect(of('sticker', { url: 'https://x.test/ok.png', alt: ' Thanks ' })).toEqual({ type: 'sticker', url: 'https://x.test/ok.png', alt: 'Thanks' })
    expect(of('sticker', { url: '/games/art-joker.svg' })).toEqual({ type: 'sticker', url: '/games/art-joker.svg', alt: undefined })
  })

  it('shows an unknown type, or a known type in a shape it cannot read, as unknown instead of failing', () => {
    expect(of('sticker', { id: 1 })).toEqual({ type: 'unknown' })
    expect(of('sticker', { url: 'javascript:alert(1)' })).toEqual({ type: 'unknown' })
    expect(of('sticker', 'https://x.test/a.png')).toEqual({ type: 'unknown' })
    expect(of('text', { nope: true })).toEqual({ type: 'unknown' })
    expect(of('buttons', 'just text')).toEqual({ type: 'unknown' })
    expect(of('generic', { elements: [{ subtitle: 'no title' }] })).toEqual({ type: 'unknown' })
    expect(of('media', { fileType: 'audio', filePath: '/x' })).toEqual({ type: 'unknown' })
    expect(of('quick_replies', null)).toEqual({ type: 'unknown' })
  })
})

describe('buttons (spec 3)', () => {
  it('web opens its link, call dials, postback sends its payload, anything else sends its title', () => {
    expect(buttonAction({ title: 'Open', type: 'web', payload: 'https://x.test/p' })).toEqual({ kind: 'web', url: 'https://x.test/p' })
    expect(buttonAction({ title: 'Call', type: 'call', payload: '+66 2-123 4567' })).toEqual({ kind: 'call', number: '+6621234567' })
    expect(buttonAction({ title: 'Yes', type: 'postback', payload: 'YES' })).toEqual({ kind: 'postback', title: 'Yes', payload: 'YES' })
    expect(buttonAction({ title: 'Hello', type: 'reply' })).toEqual({ kind: 'text', text: 'Hello' })
  })

  it('a web button with a script or relative address does nothing', () => {
    expect(buttonAction({ title: 'Bad', type: 'web', payload: 'javascript:alert(1)' })).toEqual({ kind: 'none' })
  })
})

describe("the 'End Conversation' divider (spec 4)", () => {
  const item = (_id: string, session_id: string) => ({ _id, session_id })

  it('goes between two messages of different session ids, and nowhere else', () => {
    const entries = timeline([item('1', 'a'), item('2', 'a'), item('3', 'b'), item('4', 'b'), item('5', 'c')])
    expect(entries.map((e) => (e.kind === 'divider' ? '|' : e.item._id)).join('')).toBe('12|34|5')
  })

  it('not before the first message, and a message still on its way belongs to the session before', () => {
    const entries = timeline([item('1', 'a'), item('local', ''), item('2', 'a')])
    expect(entries.every((e) => e.kind === 'message')).toBe(true)
    expect(timeline([item('1', 'b')])).toHaveLength(1)
  })
})

describe("who answered: an agent's run is signed once (issue 51 §5)", () => {
  const said = (_id: string, sender: string, name?: string, session_id = 'a') => ({ _id, session_id, sender, ...(name ? { name } : {}) })

  it("signs the first of an agent's run: after the player, after a divider, and when another agent answers", () => {
    const entries = timeline([
      said('1', 'agent', 'Nok'), said('2', 'agent', 'Nok'), said('3', 'customer'), said('4', 'agent', 'Nok'),
      said('5', 'agent', 'Bee'), said('6', 'agent'), said('7', 'agent'), said('8', 'agent', undefined, 'b'),
    ])
    const signed = entries.flatMap((entry) => (entry.kind === 'message' && entry.signed ? [entry.item._id] : []))
    expect(signed).toEqual(['1', '4', '5', '6', '8'])
  })

  it("never signs the player's own messages", () => {
    expect(timeline([said('1', 'customer'), said('2', 'customer')]).some((entry) => entry.kind === 'message' && entry.signed)).toBe(false)
  })
})

describe('delivery (spec 3 statuses, spec 4 resend or remove)', () => {
  it('a file goes uploading_file → sending → succeed', () => {
    expect(nextStatus('uploading_file', 'uploaded', true)).toBe('sending')
    expect(nextStatus('sending', 'sent', true)).toBe('succeed')
  })

  it('fails from uploading or sending, and a resend starts again where it failed', () => {
    expect(nextStatus('uploading_file', 'fail', false)).toBe('failed')
    expect(nextStatus('sending', 'fail', true)).toBe('failed')
    expect(nextStatus('failed', 'resend', false)).toBe('uploading_file')
    expect(nextStatus('failed', 'resend', true)).toBe('sending')
  })

  it('a late answer changes nothing once delivered or failed', () => {
    expect(nextStatus('succeed', 'fail', true)).toBe('succeed')
    expect(nextStatus('failed', 'sent', true)).toBe('failed')
    expect(nextStatus('succeed', 'resend', true)).toBe('succeed')
  })
})

describe('merging (one entry per message)', () => {
  const server = (id: number, createdAt: string, deliver?: string): ChatItem => ({
    _id: String(id), sender: deliver ? 'customer' : 'agent', createdAt, session_id: 's', userId: null, guestId: 'g1234567890123456',
    message: { message_type: 'text', payload: `m${id}`, deliver: deliver ? { id: deliver, status: 'succeed' } : undefined },
  })
  const local = (deliver: string) => ({ ...server(0, '2026-11-25T10:00:09Z', deliver), _id: `local-${deliver}`, local: true })

  it('orders by time, keeps one copy of each, and the server copy replaces the local one', () => {
    const shown = [server(1, '2026-11-25T10:00:01Z'), local('c1'), local('c2')]
    const merged = mergeItems(shown, [server(3, '2026-11-25T10:00:03Z', 'c1'), server(1, '2026-11-25T10:00:01Z'), server(2, '2026-11-25T10:00:02Z')], (i) => i)
    expect(merged.map((i) => i._id)).toEqual(['1', '2', '3', 'local-c2'])
  })
})

describe('outbox (nothing lost offline, nothing sent twice)', () => {
  const memory = () => {
    const data = new Map<string, string>()
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data }
  }
  const text = (id: string, payload: string) => ({ message: { message_type: 'text' as const, payload, deliver: { id } }, createdAt: '2026-11-25T10:00:00Z' })

  it('keeps messages in the order written, across a new instance (a reload)', () => {
    const store = memory()
    const outbox = new Outbox('k', store)
    outbox.add(text('a1234567890123456', 'one'))
    outbox.add(text('b1234567890123456', 'two'))
    const reloaded = new Outbox('k', store)
    expect(reloaded.list().map((e) => e.message.payload)).toEqual(['one', 'two'])
    expect(reloaded.next()?.message.payload).toBe('one')
  })

  it('adding the same client id again keeps one entry; a refused one is skipped until resent; sent ones leave', () => {
    const store = memory()
    const outbox = new Outbox('k', store)
    outbox.add(text('a1234567890123456', 'one'))
    outbox.add(text('a1234567890123456', 'one'))
    outbox.add(text('b1234567890123456', 'two'))
    expect(outbox.list()).toHaveLength(2)
    outbox.update('a1234567890123456', { failed: true, error: 'REQUEST_LIMIT' })
    expect(outbox.next()?.message.payload).toBe('two')
    outbox.remove('b1234567890123456')
    outbox.update('a1234567890123456', { failed: false })
    expect(outbox.next()?.message.payload).toBe('one')
    outbox.remove('a1234567890123456')
    expect(store.data.size).toBe(0)
  })

  it('storage that refuses writes (full, private mode) loses nothing while the page is open', () => {
    const store = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError') }, removeItem: () => undefined }
    const outbox = new Outbox('k', store)
    outbox.add(text('a1234567890123456', 'one'))
    expect(outbox.next()?.message.payload).toBe('one')
  })

  it('a damaged store reads as empty', () => {
    const store = memory()
    store.setItem('k', '{not json')
    expect(new Outbox('k', store).list()).toEqual([])
  })
})

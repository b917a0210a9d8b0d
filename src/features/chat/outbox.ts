// Messages the player wrote that the server has not confirmed yet, kept in localStorage so a
// reload or a dropped connection loses none of them. Each carries its client id (`deliver.id`):
// sending one again after an answer was lost is safe, the server keeps the first.
import type { ChatOutgoing } from '../../api/contract'

export interface OutboxEntry {
  message: ChatOutgoing
  /** When the player wrote it (ISO), shown until the server's own time arrives. */
  createdAt: string
  /** `failed`: the server refused it; it waits for the player to resend or remove it. */
  failed?: boolean
  /** The refusal's code, shown under the message. */
  error?: string
  /** Media: the local preview's name and type, shown until the server's copy arrives. */
}

interface Store {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** One conversation's outbox, in the order the player wrote. */
export class Outbox {
  constructor(private readonly key: string, private readonly store: Store = window.localStorage) {}

  list(): OutboxEntry[] {
    try {
      const parsed: unknown = JSON.parse(this.store.getItem(this.key) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter((entry: OutboxEntry) => entry?.message?.deliver?.id) : []
    } catch {
      return []
    }
  }

  private write(entries: OutboxEntry[]): void {
    try {
      if (entries.length) this.store.setItem(this.key, JSON.stringify(entries))
      else this.store.removeItem(this.key)
    } catch {
      // Storage full or blocked (private mode): the message still goes out while the page is open.
    }
  }

  add(entry: OutboxEntry): void {
    this.write([...this.list().filter((e) => e.message.deliver.id !== entry.message.deliver.id), entry])
  }

  update(id: string, change: Partial<Pick<OutboxEntry, 'failed' | 'error'>>): void {
    this.write(this.list().map((entry) => (entry.message.deliver.id === id ? { ...entry, ...change } : entry)))
  }

  remove(id: string): void {
    this.write(this.list().filter((entry) => entry.message.deliver.id !== id))
  }

  /** The next message to send: the oldest not refused. */
  next(): OutboxEntry | undefined {
    return this.list().find((entry) => !entry.failed)
  }
}

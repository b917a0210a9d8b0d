// Messages the player wrote that the server has not confirmed yet, kept in localStorage so a
// reload or a dropped connection loses none of them. Each carries its client id (`deliver.id`):
// sending one again after an answer was lost is safe, the server keeps the first.
import type { ChatOutgoing } from '../../../contract'

export interface OutboxEntry {
  message: ChatOutgoing
  /** When the player wrote it (ISO), shown until the server's own time arrives. */
  createdAt: string
  /** `failed`: the server refused it; it waits for the player to resend or remove it. */
  failed?: boolean
  /** The refusal's code, shown under the message. */
  error?: string
}

interface Store {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** One conversation's outbox, in the order the player wrote: held in memory, mirrored to storage. */
export class Outbox {
  private entries: OutboxEntry[]

  constructor(private readonly key: string, private readonly store: Store = window.localStorage) {
    this.entries = this.read()
  }

  private read(): OutboxEntry[] {
    try {
      const parsed: unknown = JSON.parse(this.store.getItem(this.key) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter((entry: OutboxEntry) => entry?.message?.deliver?.id) : []
    } catch {
      return []
    }
  }

  private write(entries: OutboxEntry[]): void {
    this.entries = entries
    try {
      if (entries.length) this.store.setItem(this.key, JSON.stringify(entries))
      else this.store.removeItem(this.key)
    } catch {
      // Storage full or blocked (private mode): the memory copy still sends it while the page is open.
    }
  }

  list(): OutboxEntry[] {
    return [...this.entries]
  }

  add(entry: OutboxEntry): void {
    this.write([...this.entries.filter((e) => e.message.deliver.id !== entry.message.deliver.id), entry])
  }

  update(id: string, change: Partial<Pick<OutboxEntry, 'failed' | 'error'>>): void {
    this.write(this.entries.map((entry) => (entry.message.deliver.id === id ? { ...entry, ...change } : entry)))
  }

  remove(id: string): void {
    if (this.entries.some((entry) => entry.message.deliver.id === id)) this.write(this.entries.filter((entry) => entry.message.deliver.id !== id))
  }

  /** The next message to send: the oldest not refused. */
  next(): OutboxEntry | undefined {
    return this.entries.find((entry) => !entry.failed)
  }
}

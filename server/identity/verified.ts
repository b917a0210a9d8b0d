import type { MessengerProvider } from '../../contract'

/** A messenger account as its credential proved it, and how the credential is remembered once used. */
export interface VerifiedIdentity {
  provider: MessengerProvider
  /** Telegram's user id, LINE's `sub`. */
  subject: string
  /** The name the messenger signed ('' when none). */
  name: string
  /** sha256 of what the messenger signed: one credential, however it is re-encoded. */
  replayKey: string
  /** Epoch ms after which the credential is refused anyway (its memory may go then). */
  validUntil: number
  /** The messenger signed that our bot may write to the player (Telegram's allows_write_to_pm); absent: not said. */
  canMessage?: true
}

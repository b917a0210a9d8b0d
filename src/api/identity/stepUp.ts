// Step-up (issue 31): a withdrawal or a bank-account change that the server refuses with
// STEP_UP_REQUIRED (a session opened by a messenger, or a password given too long ago) waits for
// the password, asked by the shell's prompt (features/identity/StepUpPrompt), and is then sent
// once more, exactly as before: the same body and the same Idempotency-Key.
import { proxy } from 'valtio'
import { ApiError, isApiError } from '../errors'

export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED'
/** The player closed the prompt: nothing was sent again, and the screen has nothing to say. */
const STEP_UP_CANCELLED = 'step-up-cancelled'

/** Whether the shell shows the password prompt, and whether only the password will do (a bank
 *  account change: Telegram's quick unlock proves the player for a withdrawal, never for that). */
export const stepUpPrompt = proxy({ open: false, passwordOnly: false })

let waiting: { resolve: () => void; reject: (error: Error) => void } | null = null

const cancelled = () => new ApiError(STEP_UP_CANCELLED, undefined, true)

export const isStepUpCancelled = (error: unknown): boolean => isApiError(error) && error.code === STEP_UP_CANCELLED

/** Resolves once the prompt has had the right password; rejects (isStepUpCancelled) when closed. */
function askPassword(passwordOnly: boolean): Promise<void> {
  // One prompt at a time: an older wait gives way.
  waiting?.reject(cancelled())
  return new Promise((resolve, reject) => {
    waiting = { resolve, reject }
    stepUpPrompt.passwordOnly = passwordOnly
    stepUpPrompt.open = true
  })
}

function answer(settle: (pending: NonNullable<typeof waiting>) => void): void {
  const pending = waiting
  waiting = null
  stepUpPrompt.open = false
  if (pending) settle(pending)
}

/** The prompt's password was accepted (stepUp answered OK). */
export const stepUpGiven = (): void => answer((pending) => pending.resolve())
/** The prompt was closed without a password. */
export const stepUpDismissed = (): void => answer((pending) => pending.reject(cancelled()))

/**
 * Runs `send`; when the server asks for the password again, asks the player and runs `send` once
 * more (the caller's request, headers included, unchanged). The call stays pending all along, so
 * its button stays locked and a second tap sends nothing. `passwordOnly`: the prompt offers no
 * quick unlock (a bank account change, issue 47).
 */
export async function withStepUp<T>(send: () => Promise<T>, { passwordOnly = false } = {}): Promise<T> {
  try {
    return await send()
  } catch (error) {
    if (!isApiError(error) || error.code !== STEP_UP_REQUIRED) throw error
    await askPassword(passwordOnly)
    return send()
  }
}

import { fail, Refusal } from '../shared/http/errors'

/**
 * A decision on something staff work (a slip, a withdrawal): the area's own "settled already"
 * refusal (409, in the area's code) becomes the operator API's ALREADY_DECIDED, the same for every
 * queue: another staff member, or the demo bank, decided it a moment before.
 */
export async function decidedOnce<T>(decision: Promise<T>): Promise<T> {
  try {
    return await decision
  } catch (error) {
    if (error instanceof Refusal && error.status === 409) throw fail(409, 'ALREADY_DECIDED')
    throw error
  }
}

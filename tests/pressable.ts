// Whether the player can press a button. A button refuses presses when it is `disabled` (not ready:
// an amount to type first) and while it is pending, when it is `aria-disabled` instead, so that it
// keeps the focus (src/ui/Button.tsx). jest-dom's toBeDisabled sees only the first, so a pending
// button would pass `toBeEnabled()`: `toRefusePresses()` sees both.
import { expect } from 'vitest'

interface PressableMatchers<R = unknown> {
  /** Disabled, or busy (aria-disabled): a press does nothing. */
  toRefusePresses: () => R
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type -- vitest's own declaration, extended
  interface Matchers<T = any> extends PressableMatchers<T> {}
}

expect.extend({
  toRefusePresses(received: HTMLElement) {
    const disabled = received.hasAttribute('disabled')
    const busy = received.getAttribute('aria-disabled') === 'true'
    const said = disabled ? 'disabled' : busy ? 'aria-disabled' : 'neither disabled nor aria-disabled'
    return {
      pass: disabled || busy,
      message: () => `expected ${received.outerHTML.slice(0, 160)} ${this.isNot ? 'to take presses' : 'to refuse presses'}, and it is ${said}`,
    }
  },
})

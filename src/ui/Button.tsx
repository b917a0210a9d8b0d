import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react'
import { Spinner, useDelayedFlag } from './Loader'

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>
  /** `danger`: an action that removes or gives something up, in the danger colour and never filled. */
  variant?: 'primary' | 'secondary' | 'danger'
  /** While pending the button refuses presses at once; its spinner shows after the loader delay,
   *  over the label, which keeps its place and stays the button's name: nothing beside it moves. */
  pending?: boolean
  block?: boolean
  /** A button that a step has just put on screen where the player was tapping: the second click of
   *  a double tap (the browser counts it 2) is not a press of it, so it cannot confirm what the
   *  player has not seen. A tap of its own counts 1; the keyboard counts 0. */
  firstClickOnly?: boolean
}

/**
 * A pending button is `aria-disabled`, not `disabled`: a disabled button loses the focus (the
 * browser gives it to the page), so a player who pressed it from the keyboard or a screen reader
 * would be thrown back to the top when the answer comes. It keeps the focus and swallows its clicks,
 * which also stops a form's submit: Enter in a field presses the form's submit button (implicit
 * submission), and that click is refused too, so a second press sends nothing.
 */
export function Button({ variant = 'primary', pending = false, block, firstClickOnly, className, disabled, onClick, children, ...rest }: ButtonProps) {
  const spinning = useDelayedFlag(pending)
  const classes = ['button', `button--${variant}`, block && 'button--block', className].filter(Boolean).join(' ')
  const press = (event: MouseEvent<HTMLButtonElement>): void => {
    if (pending || (firstClickOnly && event.detail > 1)) {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  return (
    <button className={classes} disabled={disabled} aria-disabled={(pending && !disabled) || undefined} aria-busy={pending || undefined} onClick={press} {...rest}>
      {spinning && <Spinner />}
      <span className={spinning ? 'button__label button__label--waiting' : 'button__label'}>{children}</span>
    </button>
  )
}

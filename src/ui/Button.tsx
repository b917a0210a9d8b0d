import type { ButtonHTMLAttributes, Ref } from 'react'
import { Spinner, useDelayedFlag } from './Loader'

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>
  /** `danger`: an action that removes or gives something up, in the danger colour and never filled. */
  variant?: 'primary' | 'secondary' | 'danger'
  /** While pending the button is disabled at once; its spinner shows after the loader delay, over
   *  the label, which keeps its place and stays the button's name: nothing beside it moves. */
  pending?: boolean
  block?: boolean
}

export function Button({ variant = 'primary', pending = false, block, className, disabled, children, ...rest }: ButtonProps) {
  const spinning = useDelayedFlag(pending)
  const classes = ['button', `button--${variant}`, block && 'button--block', className].filter(Boolean).join(' ')
  return (
    <button className={classes} disabled={disabled || pending} aria-busy={pending || undefined} {...rest}>
      {spinning && <Spinner />}
      <span className={spinning ? 'button__label button__label--waiting' : 'button__label'}>{children}</span>
    </button>
  )
}
